// The explanation and the warps panel say what the trace shows (issue 35): lanes busy as a share
// of issue slots with its denominator, the same number in both; a loop that lanes leave early is
// told as a loop and its idle lanes counted; "N threads run line L" counts the threads that ran
// L; a warp-synchronous scan's depth is its chain of additions.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <memory>
#include <regex>
#include <set>
#include <string>

#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/request_parse.hpp"
#include "tests/test_paths.hpp"
#include "ui/model/trace/lane_slots.hpp"
#include "ui/model/trace/step_text.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

std::shared_ptr<const TraceView> view_of(const std::string& algo, std::uint64_t n,
                                         std::uint32_t block) {
    trace::Request r;
    r.algo = algo;
    r.n = n;
    r.block = block;
    r.pattern = "random";
    r.seed = 1;
    return make_trace_view(std::make_shared<const trace::Trace>(run::run_on_emulator(r)));
}

std::string joined(const std::vector<std::string>& v) {
    std::string out;
    for (const std::string& s : v) out += s + " ";
    return out;
}

}  // namespace

TEST_CASE("a loop some lanes leave early: idle lane slots, told as a loop", "[explain][lanes]") {
    const auto v = view_of("loop-divergence", 256, 256);
    REQUIRE_FALSE(v->empty());
    const std::vector<WarpSlots> warps = warp_slots(*v, 0);
    const LaneShare share = lane_share(warps);
    // Every lane ran something, yet lanes used only part of the slots.
    CHECK(v->steps[0].counters.active_lanes == v->threads);
    REQUIRE(share.slots > 0);
    CHECK(share.used < share.slots);
    CHECK(share.percent() < 100);
    // Recounted from the instructions: each offers a slot to every launched lane of its warp.
    std::uint64_t used = 0, slots = 0;
    for (std::uint32_t i : v->steps[0].instructions) {
        const InstructionInfo& in = v->instructions[i];
        used += std::uint64_t(__builtin_popcount(in.inst.active_mask & in.live_mask));
        slots += std::uint64_t(__builtin_popcount(in.live_mask));
    }
    CHECK(share.used == used);
    CHECK(share.slots == slots);
    bool loop = false;
    for (const WarpSlots& w : warps) loop |= w.loop_line != 0 && w.most_trips > w.fewest_trips;
    CHECK(loop);
    const std::string words = joined(explain_step(*v, 0));
    INFO(words);
    CHECK(words.find("a loop whose trip count differs by lane") != std::string::npos);
    CHECK(words.find("one side with the other side's lanes switched off") == std::string::npos);
    // The warps panel's line and the explanation state the same share, with its denominator.
    const std::string pct = std::to_string(share.percent()) + "%";
    CHECK(step_summary(*v, 0).find("lanes busy in " + pct + " of " + std::to_string(slots) +
                                   " issue slots") != std::string::npos);
    CHECK(words.find("busy in " + pct + " of the busy warps' issue slots (" + std::to_string(used) +
                     " of the " + std::to_string(slots) + " lane slots") != std::string::npos);
}

TEST_CASE("an if/else is still told as its two sides", "[explain][lanes]") {
    const auto v = view_of("scan-kogge-stone", 64, 64);
    const std::string words = joined(explain_step(*v, 2));
    INFO(words);
    CHECK(words.find("one side with the other side's lanes switched off") != std::string::npos);
    CHECK(words.find("a loop whose trip count") == std::string::npos);
}

TEST_CASE("\"N threads run line L\" counts the threads that ran line L", "[explain]") {
    for (const char* algo : {"scan-kogge-stone", "scan-kogge-stone-inplace", "reduce-sequential"}) {
        const auto v = view_of(algo, 64, 64);
        for (std::size_t s = 0; s < v->step_count(); ++s) {
            INFO(algo << " step " << s);
            const std::string first = explain_step(*v, s).front();
            std::smatch m;
            static const std::regex said(R"(, (\d+) threads? in (\d+) warps? run line (\d+))");
            if (!std::regex_search(first, m, said)) continue;
            const unsigned line = unsigned(std::stoul(m[3]));
            std::set<unsigned> threads, warps;
            for (const trace::Event& e : v->block->events)
                if (trace::step_of(e) == v->steps[s].id && e.line == line) {
                    threads.insert(e.thread);
                    warps.insert(e.thread / 32u);
                }
            CHECK(std::stoul(m[1]) == threads.size());
            CHECK(std::stoul(m[2]) == warps.size());
        }
    }
}

TEST_CASE("the guide's teacher's walk quotes the warps panel's line as it is", "[explain]") {
    const auto v = view_of("reduce-sequential", 64, 32);
    std::string line;
    for (std::size_t s = 0; s < v->step_count(); ++s)
        if (step_label(v->steps[s]) == "(1,0)") line = step_summary(*v, s);
    CHECK(line ==
          "step (1,0): 1 of 1 warps busy, 1 divergent, lanes busy in 50% of 96 issue slots");
    std::ifstream readme(std::string(WS_SOURCE_DIR) + "/docs/using.md");
    const std::string text((std::istreambuf_iterator<char>(readme)),
                           std::istreambuf_iterator<char>());
    CHECK(text.find("(\"" + line + "\")") != std::string::npos);
}
