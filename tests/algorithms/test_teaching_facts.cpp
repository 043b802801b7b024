// The facts a class relies on, computed from traces of the emulator.
#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "kernels/catalog.hpp"
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
    "the legacy unroll is racy: schedule-dependent result and hazards, the fixed one is not") {
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

TEST_CASE(
    "double-buffered Kogge-Stone: lanes take both sides of its if/else, so the warp diverges") {
    // Block 128: at offsets 1..16 warp 0's lanes t < offset copy (else) while the rest add (if):
    // one divergent warp though no lane is idle; from offset 32 on whole warps agree.
    trace::Request r;
    r.algo = "scan-kogge-stone";
    r.n = 128;
    r.block = 128;
    r.pattern = "random";
    const trace::Trace t = run::run_on_emulator(r);
    REQUIRE(t.ok);
    const auto& b = t.blocks.at(0);
    const auto steps = trace::step_counters(b, t.threads_per_block);
    REQUIRE(steps.size() == 9);  // the load, 7 levels, the write-out
    for (std::size_t level = 0; level < 7; ++level) {
        const unsigned offset = 1u << level;
        const trace::Counters& c = steps[1 + level].counters;
        INFO("offset " << offset);
        CHECK(c.active_lanes == 128);
        CHECK(c.idle_lane_warps == 0);
        CHECK(c.divergent_warps == (offset < 32 ? 1u : 0u));
    }
    // The paths of warp 0 at offset 4: lanes 4..31 add (the if, first in the source), 0..3 copy.
    for (const trace::WarpPaths& w : trace::warp_paths(b, t.threads_per_block)) {
        if (w.step != steps[3].step || w.warp != 0) continue;
        REQUIRE(w.masks.size() == 2);
        CHECK(w.masks[0] == 0xfffffff0u);
        CHECK(w.masks[1] == 0x0000000fu);
        CHECK(w.lines[0].front() < w.lines[1].front());
    }
}

TEST_CASE("a warp's paths and the divergence counter agree on every algorithm") {
    for (const VariantInfo& v : catalog()) {
        for (unsigned block : {64u, 256u}) {
            trace::Request r;
            r.algo = v.id;
            r.n = accepted_count(v, 1000);  // the last block is partly padding
            r.block = usable_block(v.block_rule, block);
            r.pattern = "random";
            r.all_blocks = true;
            const trace::Trace t = run::run_on_emulator(r);
            INFO(v.id << " block " << block);
            REQUIRE(t.ok);
            for (const trace::BlockTrace& b : t.blocks) {
                const auto steps = trace::step_counters(b, t.threads_per_block);
                std::map<trace::StepId, std::uint64_t> from_paths;
                for (const trace::WarpPaths& w : trace::warp_paths(b, t.threads_per_block))
                    if (w.divergent()) from_paths[w.step] += 1;
                for (const trace::StepCounters& s : steps) {
                    INFO("block " << b.block << " step " << s.step.phase << "," << s.step.substep);
                    CHECK(s.counters.divergent_warps == from_paths[s.step]);
                    CHECK(s.counters.divergent_warps >= s.counters.idle_lane_warps);
                }
            }
        }
    }
}
