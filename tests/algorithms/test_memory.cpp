// The memory family: every kernel against its CPU reference on many sizes, blocks, types and
// patterns; the checks catch what they must; and the lessons the window draws from the trace
// (access widths, sectors per request, idle lanes) are the ones the kernels' headers claim.
#include <catch2/catch.hpp>

#include <cstring>
#include <map>
#include <string>

#include "kernels/algorithms/memory/memory_rules.hpp"
#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/trace/analysis.hpp"
#include "tests/algorithms/result_run.hpp"

namespace ws {
namespace {

std::vector<const VariantInfo*> memory_variants() {
    std::vector<const VariantInfo*> out;
    for (const VariantInfo& v : catalog())
        if (v.family == Family::Memory) out.push_back(&v);
    return out;
}

trace::Trace traced(const std::string& algo, std::uint64_t n, unsigned block,
                    const std::string& pattern = "random", unsigned stride = 1,
                    trace::DType type = trace::DType::Int32) {
    trace::Request r;
    r.algo = algo;
    r.n = n;
    r.block = block;
    r.type = type;
    r.pattern = pattern;
    r.stride = stride;
    return run::run_on_emulator(r);
}

// Sectors per request of each global load line of block 0: line -> (sectors, requests).
std::map<std::uint16_t, std::pair<std::uint64_t, std::uint64_t>> load_sectors(
    const trace::Trace& t) {
    std::map<std::uint16_t, std::pair<std::uint64_t, std::uint64_t>> out;
    const trace::BlockTrace& b = t.blocks.at(0);
    for (const trace::WarpInstruction& inst : trace::warp_instructions(b)) {
        if (inst.kind != trace::EventKind::GlobalRead) continue;
        auto& [sectors, requests] = out[inst.line];
        sectors += trace::sector_report(b, inst).sectors;
        ++requests;
    }
    return out;
}

}  // namespace

TEST_CASE("the memory family writes what the CPU computes, on every size, block and type",
          "[algorithms][memory]") {
    std::size_t runs = 0;
    for (const VariantInfo* v : memory_variants()) {
        const std::vector<unsigned> blocks = v->block_rule == BlockRule::Any1To1024
                                                 ? std::vector<unsigned>{1, 7, 96, 256, 1024}
                                                 : std::vector<unsigned>{32, 256, 1024};
        for (std::uint64_t n : {1u, 2u, 5u, 33u, 1000u, 4099u, 65537u})
            for (unsigned block : blocks)
                for (trace::DType type : trace::kAllDTypes)
                    for (unsigned stride : v->takes_stride ? std::vector<unsigned>{1, 3, 32, 64}
                                                           : std::vector<unsigned>{1}) {
                        testing::ResultRequest q;
                        q.algo = v->id;
                        q.n = accepted_count(*v, n);
                        q.block = block;
                        q.type = type;
                        q.stride = stride;
                        q.seed = n + block;
                        const trace::Trace t = testing::run_for_result(q);
                        INFO(v->id << " n=" << q.n << " block=" << block << " "
                                   << trace::dtype_name(type) << " stride " << stride << ": "
                                   << t.error);
                        CHECK(t.ok);
                        ++runs;
                    }
    }
    CHECK(runs == (5 * 7 * 3) * 4      // copies and loop-divergence
                      + 5 * 7 * 3 * 4  // copy-strided at four strides
                      + 3 * 7 * 3);    // aos-vs-soa
}

TEST_CASE("the memory checks catch a wrong element, a wrong sum and a wrong loop",
          "[algorithms][memory]") {
    const std::vector<float> in = run::make_input<float>("random", 999, 5);
    std::vector<float> out(in);
    CHECK(run::check_copy(in, out.data()).ok);
    out[500] = -out[500];
    CHECK(run::check_copy(in, out.data()).why.find("element 500") == 0);
    out[500] = in[500];
    float zero = 0.0f, negative_zero = -0.0f;  // bit for bit: -0 is not 0
    std::vector<float> zeros(3, zero), copied(3, negative_zero);
    CHECK_FALSE(run::check_copy(zeros, copied.data()).ok);

    // aos-vs-soa: both sums, each against its own reference
    float sums[2] = {0, 0};
    for (std::size_t j = 0; j < in.size() / 3; ++j) {
        sums[0] += in[3 * j];
        sums[1] += in[j];
    }
    CHECK(run::check_field_sums(in, sums).ok);
    std::swap(sums[0], sums[1]);
    CHECK(run::check_field_sums(in, sums).why.find("array of structures") != std::string::npos);

    // loop-divergence: one element summed one trip short is caught
    std::vector<int> ints = run::make_input<int>("random", 300, 9);
    std::vector<int> loops(ints.size());
    for (std::size_t i = 0; i < ints.size(); ++i) {
        const unsigned trips = memory::loop_trips(ints[i]);
        for (unsigned k = 1; k <= trips; ++k) loops[i] += ints[(i + k) % ints.size()];
    }
    CHECK(run::check_loop_sums(ints, loops.data()).ok);
    std::size_t looping = 0;
    while (memory::loop_trips(ints[looping]) == 0) ++looping;
    loops[looping] -= ints[(looping + memory::loop_trips(ints[looping])) % ints.size()];
    CHECK(run::check_loop_sums(ints, loops.data()).why.find("element " + std::to_string(looping)) ==
          0);
}

TEST_CASE("loop_trips spreads 0..31 as the header says", "[algorithms][memory]") {
    for (int x = -100; x <= 100; ++x) CHECK(memory::loop_trips(x) == unsigned(x < 0 ? -x : x) % 32);
    CHECK(memory::loop_trips(0.5f) == 16);
    CHECK(memory::loop_trips(-0.99) == 31);
    CHECK(memory::loop_trips(1.0f) == 0);  // a whole number: no loop
}

TEST_CASE("vector copies move 8 and 16 bytes a lane in a quarter or half the instructions",
          "[algorithms][memory]") {
    std::map<std::string, std::uint64_t> instructions, width;
    for (const char* algo : {"copy-scalar", "copy-vector2", "copy-vector4"}) {
        const trace::Trace t = traced(algo, 4096, 256);
        REQUIRE(t.ok);
        for (const trace::Event& e : t.blocks.at(0).events)
            if (e.kind == trace::EventKind::GlobalRead) width[algo] = e.width;
        instructions[algo] = trace::warp_instructions(t.blocks.at(0)).size();
    }
    CHECK(width["copy-scalar"] == 4);
    CHECK(width["copy-vector2"] == 8);
    CHECK(width["copy-vector4"] == 16);
    // 4096 ints over 16 (scalar), 8 (vector2) or 4 (vector4) blocks of 256: each block's 8
    // warps load once and store once, moving 4, 8 or 16 bytes a lane: the same instructions for
    // 1024, 2048 or 4096 bytes a warp
    CHECK(instructions["copy-scalar"] == 8 * 2);
    CHECK(instructions["copy-vector2"] == 8 * 2);
    CHECK(instructions["copy-vector4"] == 8 * 2);
    CHECK(grid_for(*find_variant("copy-scalar"), 4096, 256, trace::DType::Int32) ==
          4 * grid_for(*find_variant("copy-vector4"), 4096, 256, trace::DType::Int32));
    // for a double, the 8-byte vector is the element itself
    const trace::Trace d = traced("copy-vector2", 512, 64, "random", 1, trace::DType::Float64);
    REQUIRE(d.ok);
    CHECK(d.blocks.at(0).events.front().width == 8);
}

TEST_CASE("copy-strided: sectors per request grow with the stride up to a sector a lane",
          "[algorithms][memory]") {
    const std::map<unsigned, std::uint64_t> sectors_per_request = {
        {1, 4}, {2, 8}, {4, 16}, {8, 32}, {32, 32}};
    for (const auto& [stride, want] : sectors_per_request) {
        const trace::Trace t = traced("copy-strided", 32 * 256 * 64, 256, "random", stride);
        REQUIRE(t.ok);
        for (const auto& [line, s] : load_sectors(t)) {
            INFO("stride " << stride << " line " << line);
            CHECK(s.first == want * s.second);
        }
    }
}

TEST_CASE("aos-vs-soa: the AoS load touches 3 times the sectors of the SoA load",
          "[algorithms][memory]") {
    const trace::Trace t = traced("aos-vs-soa", 3 * 4096, 128);
    REQUIRE(t.ok);
    const auto lines = load_sectors(t);
    REQUIRE(lines.size() == 2);
    const auto aos = lines.begin()->second, soa = std::next(lines.begin())->second;  // in order
    CHECK(aos.first == 12 * aos.second);
    CHECK(soa.first == 4 * soa.second);
}

TEST_CASE("loop-divergence: ramp makes every warp divergent, ones none", "[algorithms][memory]") {
    const trace::Trace ramp = traced("loop-divergence", 1024, 128, "ramp");
    const trace::Trace ones = traced("loop-divergence", 1024, 128, "ones");
    REQUIRE(ramp.ok);
    REQUIRE(ones.ok);
    CHECK(ramp.totals.divergent_warps > 0);
    CHECK(ones.totals.divergent_warps == 0);
    CHECK(ones.totals.idle_lane_warps == 0);
}

TEST_CASE("memory requests are refused with one line: stride, structs, kind", "[request]") {
    run::RequestText text;
    text.algo = "copy-scalar";
    text.n = "1000";
    text.stride = "4";
    CHECK(run::parse_request(text).error ==
          "--stride 4: copy-scalar has no stride; --stride applies to copy-strided only");
    text.algo = "copy-strided";
    CHECK(run::parse_request(text).ok());
    text.stride = "0";
    CHECK(run::parse_request(text).error == "--stride 0: out of range (1..64)");
    text.stride = "65";
    CHECK(run::parse_request(text).error == "--stride 65: out of range (1..64)");
    text.stride = "1";
    text.algo = "aos-vs-soa";
    CHECK(run::parse_request(text).error ==
          "--n 1000: aos-vs-soa reads structs of 3 elements: give a multiple of 3");
    text.n = "999";
    CHECK(run::parse_request(text).ok());
    text.kind = "exclusive";
    CHECK(run::parse_request(text).error ==
          "--kind exclusive: aos-vs-soa is a memory-family kernel (one result); --kind applies "
          "to prefix sums only");
    text.kind = "inclusive";
    text.n = "0";
    CHECK(run::parse_request(text).error ==
          "--n 0: there is nothing to read; give at least 1 element");
}

}  // namespace ws
