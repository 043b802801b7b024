// The facts a class relies on, computed from traces of the emulator.
#include <catch2/catch.hpp>
#include <set>

#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/analysis.hpp"

using namespace ws;

namespace {
trace::Trace traced(const std::string& algo, unsigned n, unsigned block,
                    const std::string& schedule = "lockstep") {
    trace::Request r;
    r.algo = algo;
    r.n = n;
    r.block = block;
    r.pattern = "random";
    r.seed = 11;
    r.schedule = schedule;
    return run::run_on_emulator(r);
}
}  // namespace

TEST_CASE("interleaved-divergent leaves lanes idle in every warp from its first reduction step") {
    const trace::Trace t = traced("reduce-interleaved-divergent", 1024, 256);
    REQUIRE(t.ok);
    const auto steps = trace::step_counters(t.blocks.at(0), t.threads_per_block);
    REQUIRE(steps.size() >= 9);
    CHECK(steps[0].counters.divergent_warps == 0);  // the load: everyone busy
    const auto& first = steps[1].counters;          // stride 1
    CHECK(first.active_warps == 8);
    CHECK(first.divergent_warps == 8);
    CHECK(first.active_lanes == 128);
    for (std::size_t i = 1; i + 1 < steps.size(); ++i) {
        INFO("step " << i);
        CHECK(steps[i].counters.divergent_warps == steps[i].counters.active_warps);
    }
}

TEST_CASE("interleaved-strided shows 2-, 4-, 8- and 16-way bank conflicts as the stride grows") {
    const trace::Trace t = traced("reduce-interleaved-strided", 1024, 1024);
    REQUIRE(t.ok);
    const auto& b = t.blocks.at(0);
    std::set<unsigned> ways_seen;
    std::vector<unsigned> ways_by_phase(12, 0);
    for (const auto& inst : trace::warp_instructions(b)) {
        if (inst.kind != trace::EventKind::SharedRead && inst.kind != trace::EventKind::SharedWrite)
            continue;
        const auto rep = trace::bank_report(b, inst);
        ways_seen.insert(rep.max_ways);
        ways_by_phase[inst.step.phase] = std::max(ways_by_phase[inst.step.phase], rep.max_ways);
    }
    CHECK(ways_by_phase[1] == 2);  // stride 1: index 2t
    CHECK(ways_by_phase[2] == 4);  // stride 2: index 4t
    CHECK(ways_by_phase[3] == 8);
    CHECK(ways_by_phase[4] == 16);
    CHECK(t.totals.bank_conflicts > 0);
}

TEST_CASE("sequential addressing has no bank conflicts, on any type") {
    for (trace::DType type : trace::kAllDTypes) {
        trace::Request r;
        r.algo = "reduce-sequential";
        r.n = 5000;
        r.block = 256;
        r.type = type;
        r.pattern = "random";
        const trace::Trace t = run::run_on_emulator(r);
        REQUIRE(t.ok);
        CHECK(t.totals.smem_instructions > 0);
        CHECK(t.totals.bank_conflicts == 0);
        CHECK(t.totals.smem_wavefronts == t.totals.smem_ideal_wavefronts);
    }
}

TEST_CASE(
    "the legacy unroll is racy: schedule-dependent result and hazards; the fixed one is not") {
    const trace::Trace lock = traced("reduce-unroll-last-warp-legacy", 512, 128, "lockstep");
    const trace::Trace seq = traced("reduce-unroll-last-warp-legacy", 512, 128, "sequential");
    CHECK(lock.ok);
    CHECK_FALSE(seq.ok);
    CHECK(lock.result.bits != seq.result.bits);
    CHECK(lock.totals.hazards > 0);
    CHECK(trace::find_hazards(lock.blocks.at(0)).size() > 0);
    for (const char* schedule : {"lockstep", "sequential", "random:1", "random:99"}) {
        const trace::Trace fixed = traced("reduce-unroll-last-warp", 512, 128, schedule);
        INFO(schedule << ": " << fixed.error);
        CHECK(fixed.ok);
        CHECK(fixed.totals.hazards == 0);
    }
}

TEST_CASE("race-free kernels give the same trace under every schedule") {
    for (const char* algo :
         {"reduce-sequential", "reduce-warp-shuffle", "reduce-complete-unroll"}) {
        const trace::Trace a = traced(algo, 700, 64, "lockstep");
        for (const char* schedule : {"sequential", "random:5"}) {
            const trace::Trace b = traced(algo, 700, 64, schedule);
            INFO(algo << " " << schedule);
            CHECK(trace::first_difference(a, b) == "");
        }
    }
}

TEST_CASE("the warp-shuffle reduction records each shuffle round with its source lane") {
    const trace::Trace t = traced("reduce-warp-shuffle", 256, 64);
    REQUIRE(t.ok);
    unsigned shuffles = 0;
    for (const auto& e : t.blocks.at(0).events) {
        if (e.kind != trace::EventKind::Shuffle) continue;
        ++shuffles;
        const unsigned lane = e.thread % 32;
        const unsigned delta = 16u >> (e.substep % 5);
        const unsigned want = lane + delta < 32 ? lane + delta : lane;
        if (e.phase == 0) CHECK(e.src_lane == want);
    }
    CHECK(shuffles == 64 * 5 + 32 * 5);  // two warps' rounds, then warp 0's
}
