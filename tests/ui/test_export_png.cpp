// Stats export, blank-picture detection and bank pictures of wide accesses.
#include <catch2/catch.hpp>

#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/stats_report.hpp"
#include "ui/model/pictures/bank_picture.hpp"
#include "ui/model/trace/trace_view.hpp"
#include "ui/model/window/request_form.hpp"
#include "ui/png.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("stats export one row per step", "[export]") {
    RequestForm f;  // reduce-sequential, n = 64, block = 32: 7 steps
    auto v = make_trace_view(
        std::make_shared<trace::Trace>(run::run_on_emulator(check_form(f).request)));
    const std::string csv = run::stats_csv(*v->trace);
    std::istringstream in(csv);
    std::string header, line;
    std::getline(in, header);
    CHECK(header.rfind("phase,substep,active_lanes", 0) == 0);
    CHECK(header.find("bank_conflicts_ld,bank_conflicts_st") != std::string::npos);
    int rows = 0;
    while (std::getline(in, line)) ++rows;
    CHECK(rows == 7);
    // The JSON is the one `warpscope stats --json` prints.
    const nlohmann::json j = nlohmann::json::parse(run::stats_json(*v->trace));
    CHECK(j["steps"].size() == 7);
    CHECK(j["steps"][1]["active_lanes"] == 16);
    CHECK(j["request"] == "--algo reduce-sequential --n 64 --block 32 --type int --pattern ramp");
}

TEST_CASE("blank pictures are told from drawn ones", "[export]") {
    std::vector<std::uint8_t> flat(64 * 64 * 4, 40);
    CHECK(looks_blank(image_stats(flat)));
    std::vector<std::uint8_t> drawn = flat;
    for (std::size_t i = 0; i < drawn.size(); i += 4) {
        const auto v = static_cast<std::uint8_t>((i / 4) % 64 * 4);
        drawn[i] = v;
        drawn[i + 1] = static_cast<std::uint8_t>(255 - v);
    }
    const ImageStats s = image_stats(drawn);
    CHECK_FALSE(looks_blank(s));
    CHECK(s.distinct_colors >= 64);
}

TEST_CASE("8-byte accesses are pictured in two groups of 16 lanes", "[export]") {
    trace::BlockTrace b;
    trace::WarpInstruction inst;
    inst.kind = trace::EventKind::SharedRead;
    for (std::uint16_t lane = 0; lane < 32; ++lane) {
        trace::Event e{};
        e.thread = lane;
        e.kind = trace::EventKind::SharedRead;
        e.width = 8;
        e.address = std::uint64_t(lane) * 8;  // lane l reads words 2l and 2l + 1
        inst.events.push_back(std::uint32_t(b.events.size()));
        inst.active_mask |= 1u << lane;
        b.events.push_back(e);
    }
    const BankPicture pic = bank_picture(b, inst);
    REQUIRE(pic.groups.size() == 2);
    CHECK(pic.groups[0].lane_count == 16);
    CHECK(pic.groups[1].first_lane == 16);
    CHECK(pic.max_ways == 1);  // 16 lanes x 2 words fill the 32 banks once
    CHECK(pic.groups[1].banks[0].front().word == 32);
    CHECK(pic.groups[1].banks[0].front().lanes == 1u << 16);
    // Both halves reading the same 16 doubles: no bank repeats, so the load is one group of 32
    // lanes (one wavefront), each word shared by two lanes.
    for (std::uint32_t i : inst.events) b.events[i].address = (b.events[i].thread % 16) * 8u;
    const BankPicture merged = bank_picture(b, inst);
    REQUIRE(merged.groups.size() == 1);
    CHECK(merged.groups[0].lane_count == 32);
    CHECK(merged.max_ways == 1);
    CHECK(merged.broadcast_words == 32);
}
