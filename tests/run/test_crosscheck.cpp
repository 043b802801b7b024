// What crosscheck leaves out of the comparison, by driver: a single-pass reduction's atomics
// return what the blocks before it left (the order the blocks ran in), so their values are not
// compared; everything else about them is, and a multi-pass kernel's atomics would count.
#include <catch2/catch.hpp>

#include <algorithm>

#include "kernels/catalog.hpp"
#include "kernels/run/crosscheck.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/analysis.hpp"

using namespace ws;

namespace {

// A trace of `n` elements whose block 0 has one Atomic event (as a single-pass kernel records).
trace::Trace with_atomic(std::uint64_t old_value, std::uint16_t line = 30) {
    trace::Request r;
    r.algo = "reduce-warp-shuffle";
    r.n = 300;
    r.block = 64;
    r.pattern = "random";
    trace::Trace t = run::run_on_emulator(r);
    trace::Event e{};
    e.phase = 9;
    e.kind = trace::EventKind::Atomic;
    e.line = line;
    e.width = 4;
    e.buffer = 1;
    e.value = old_value;
    e.seq = 1000;
    t.blocks.at(0).events.push_back(e);
    e.kind = trace::EventKind::AtomicWrite;  // it wrote
    e.value = old_value + 5;
    e.seq = 1001;
    t.blocks.at(0).events.push_back(e);
    return t;
}

// The same with `lost` compare-and-swaps before it that found another value (no AtomicWrite).
trace::Trace with_lost_races(unsigned lost) {
    trace::Trace t = with_atomic(0);
    auto& events = t.blocks.at(0).events;
    trace::Event e = events[events.size() - 2];
    events.resize(events.size() - 2);
    for (unsigned k = 0; k < lost; ++k) {
        e.seq = 1000 + k;
        events.push_back(e);
    }
    e.seq = 1000 + lost;
    events.push_back(e);
    e.kind = trace::EventKind::AtomicWrite;
    e.seq = 1001 + lost;
    events.push_back(e);
    return t;
}

}  // namespace

TEST_CASE("a single-pass reduction's atomic values depend on block order and are not compared",
          "[crosscheck]") {
    VariantInfo multi = *find_variant("reduce-warp-shuffle");
    VariantInfo atomic = multi;
    atomic.reduce_driver = ReduceDriver::AtomicSinglePass;
    VariantInfo last = multi;
    last.reduce_driver = ReduceDriver::LastBlock;

    const trace::Trace gpu = with_atomic(1234), emulator = with_atomic(0);
    CHECK(run::crosscheck_difference(multi, gpu, emulator) != "");
    CHECK(run::crosscheck_difference(atomic, gpu, emulator) == "");
    CHECK(run::crosscheck_difference(last, gpu, emulator) == "");
    // Where the atomic is (its line, its step, its thread) still counts.
    CHECK(run::crosscheck_difference(atomic, with_atomic(0, 31), emulator) != "");
    // The traces passed in are not changed.
    CHECK(gpu.blocks[0].events[gpu.blocks[0].events.size() - 2].value == 1234);
}

TEST_CASE("compare-and-swaps that lost a race are left out of a single-pass comparison",
          "[crosscheck]") {
    const VariantInfo& cas = *find_variant("reduce-atomic-cas");
    const VariantInfo& multi = *find_variant("reduce-warp-shuffle");
    CHECK(run::crosscheck_difference(cas, with_lost_races(3), with_lost_races(0)) == "");
    CHECK(run::crosscheck_difference(multi, with_lost_races(3), with_lost_races(0)) != "");
    // A swap that wrote still counts: one that won against none.
    trace::Trace none = with_lost_races(0);
    none.blocks[0].events.resize(none.blocks[0].events.size() - 2);
    CHECK(run::crosscheck_difference(cas, with_lost_races(0), none) != "");
}

TEST_CASE("a last-block reduction compares equal whichever block finished last", "[crosscheck]") {
    trace::Request r;
    r.algo = "reduce-single-pass";
    r.n = 5000;
    r.block = 64;
    r.pattern = "random";
    r.all_blocks = true;
    const trace::Trace emulator = run::run_on_emulator(r);
    REQUIRE(emulator.ok);
    REQUIRE(emulator.grid > 3);
    // As a GPU might: block 1 counted last (its tail), block grid-1 second to last.
    trace::Trace gpu = emulator;
    auto count_of = [](trace::BlockTrace& b) -> trace::Event& {
        return *std::find_if(b.events.begin(), b.events.end(), [](const trace::Event& e) {
            return e.kind == trace::EventKind::Atomic;
        });
    };
    trace::BlockTrace& last = gpu.blocks.back();
    trace::BlockTrace& early = gpu.blocks[1];
    const std::uint16_t phase = count_of(last).phase;
    std::vector<trace::Event> tail;
    for (const trace::Event& e : last.events)
        if (e.phase > phase) tail.push_back(e);
    last.events.erase(std::remove_if(last.events.begin(), last.events.end(),
                                     [&](const trace::Event& e) { return e.phase > phase; }),
                      last.events.end());
    std::vector<trace::Event> merged = early.events;
    merged.insert(merged.end(), tail.begin(), tail.end());
    std::stable_sort(merged.begin(), merged.end(),
                     [](const trace::Event& a, const trace::Event& b) {
                         return a.thread != b.thread ? a.thread < b.thread : a.seq < b.seq;
                     });
    early.events = merged;
    for (const trace::Snapshot& snap : last.snapshots)
        if (snap.phase > phase) early.snapshots.push_back(snap);
    last.snapshots.erase(std::remove_if(last.snapshots.begin(), last.snapshots.end(),
                                        [&](const trace::Snapshot& x) { return x.phase > phase; }),
                         last.snapshots.end());
    std::swap(count_of(early).value, count_of(last).value);
    early.order.clear();
    last.order.clear();
    CHECK(trace::first_difference(gpu, emulator) != "");
    CHECK(run::crosscheck_difference(*find_variant(r.algo), gpu, emulator) == "");
}

namespace {

trace::Trace pipeline_run(const char* schedule, trace::DType type = trace::DType::Int32,
                          std::uint64_t n = 5 * 4096 + 300) {
    trace::Request r;
    r.algo = "scan-pipeline";
    r.n = n;
    r.block = 224;
    r.type = type;
    r.pattern = "random";
    r.seed = 7;
    r.schedule = schedule;
    r.all_blocks = true;
    r.blocks.clear();
    trace::Trace t = run::run_on_emulator(r);
    INFO(t.error);
    REQUIRE(t.ok);
    return t;
}

}  // namespace

TEST_CASE("a persistent pipeline compares equal whichever block drew a tile, in whichever stage",
          "[crosscheck]") {
    const VariantInfo& v = *find_variant("scan-pipeline");
    // Alone, block 0 draws every tile; side by side the blocks share them out, and the copy
    // engine lands out of order.
    const trace::Trace alone = pipeline_run("lockstep");
    const trace::Trace shared = pipeline_run("lockstep,resident=4,blocks=random:9,copies=random:2");
    CHECK(alone.grid == 6);
    CHECK(trace::first_difference(alone, shared) != "");
    CHECK(run::crosscheck_difference(v, alone, shared) == "");
    const trace::Trace doubles = pipeline_run("lockstep", trace::DType::Float64, 3 * 2048 + 5);
    CHECK(run::crosscheck_difference(v, doubles,
                                     pipeline_run("random:4,resident=2,copies=lazy",
                                                  trace::DType::Float64, 3 * 2048 + 5)) == "");

    // A tile's value tampered with, or a copy's destination moved, is a difference.
    trace::Trace tampered = shared;
    for (trace::BlockTrace& b : tampered.blocks)
        for (trace::Event& e : b.events)
            if (e.kind == trace::EventKind::GlobalWrite && e.buffer == 1 && e.address == 4096 * 4)
                e.value += 1;
    CHECK(run::crosscheck_difference(v, alone, tampered) != "");
    trace::Trace moved = shared;
    for (trace::BlockTrace& b : moved.blocks)
        for (trace::Event& e : b.events)
            if (e.kind == trace::EventKind::BulkCopy) {
                trace::BulkCopyFields f = trace::bulk_copy_fields(e);
                f.dst += 16;
                e.value = trace::pack_bulk_copy(f);
                break;
            }
    CHECK(run::crosscheck_difference(v, alone, moved) != "");
}

TEST_CASE("the split gives each tile a block of its own and leaves no barrier wait",
          "[crosscheck]") {
    trace::Trace t = pipeline_run("lockstep,resident=3");
    const std::uint32_t grid = t.grid;
    run::split_persistent_tiles(t);
    // Six blocks' prologues, six tiles, six ends (one draw each that found no tile).
    REQUIRE(t.blocks.size() == 3 * grid);
    for (std::uint32_t k = 0; k < t.blocks.size(); ++k) CHECK(t.blocks[k].block == k);
    for (const trace::BlockTrace& b : t.blocks)
        for (const trace::Event& e : b.events) CHECK(e.kind != trace::EventKind::TxWait);
    CHECK(t.totals.bulk_copies == 5);
    CHECK(t.totals.hazards == 0);
}
