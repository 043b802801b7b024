// Hopper's pipeline in the vocabulary (kernels/probe/pipeline.cuh), on the emulator: a
// two-stage toy written once for both executors is right under every copy policy, and records
// what the trace format promises: the barriers' init, arrivals and waits, one BulkCopy by one
// lane (no shared-memory wavefront for the bytes it moves), named syncs that close a sub-step,
// the marks that describe the ring, and when each copy landed.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "kernels/probe/pipeline.cuh"
#include "kernels/sim/sim_probe.hpp"
#include "kernels/trace/analysis.hpp"
#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;
using namespace ws::probe;
using ws::trace::BlockTrace;
using ws::trace::Event;
using ws::trace::EventKind;
using ws::trace::MarkKind;

namespace {

constexpr unsigned kTileInts = 64, kStages = 2, kTiles = 5;
constexpr unsigned kStageBytes = kTileInts * 4;
constexpr unsigned kFullAt = kStages * kStageBytes, kEmptyAt = kFullAt + 8 * kStages;
constexpr unsigned kSmem = kEmptyAt + 8 * kStages;

unsigned g_copy_line = 0, g_sync_line = 0;

// Warp 0 (lane 0) loads tiles into a ring of two stages; warp 1 sums each tile's 16-byte
// vectors, meets itself at a named barrier and frees the stage.
template <class Probe>
__global__ void toy_pipeline(const int* g_in, long long* g_out, Probe probe) {
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto stages = shared_array<int>(probe, kStages * kTileInts);
    stage_slots(probe, 0, kStageBytes, kStages, SlotKind::Data);
    const TxBarRing full = tx_barriers(probe, kFullAt, kStages);
    const TxBarRing empty = tx_barriers(probe, kEmptyAt, kStages);
    const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (threadIdx.x == 0) {
        for (unsigned s = 0; s < kStages; ++s) {
            tx_init(probe, full[s], 1);
            tx_init(probe, empty[s], 32);
        }
        tx_init_fence(probe);
    }
    block_sync(probe);
    if (warp == 0) {
        warp_role(probe, WarpRole::Producer);
        if (lane != 0) return;
        for (unsigned i = 0; i < kTiles; ++i) {
            const unsigned s = i % kStages;
            round_begins(probe, s);
            tile_is(probe, i);
            if (i >= kStages) tx_wait(probe, empty[s], i / kStages - 1);
            tx_arrive(probe, full[s], kStageBytes);
            g_copy_line = __LINE__ + 1;
            bulk_copy(probe, s * kStageBytes, in, i * kTileInts, kStageBytes, full[s]);
        }
        return;
    }
    warp_role(probe, WarpRole::Consumer);
    for (unsigned i = 0; i < kTiles; ++i) {
        const unsigned s = i % kStages;
        round_begins(probe, s);
        tile_is(probe, i);
        tx_wait(probe, full[s], i / kStages);
        long long sum = 0;
        for (unsigned k = lane * 4; k < kTileInts; k += 32 * 4)
            sum += load16(stages, s * kTileInts + k).sum();
        g_sync_line = __LINE__ + 1;
        named_sync(probe, 1, 32);
        out[i * 32 + lane] = sum;
        tx_arrive(probe, empty[s]);
    }
}

struct Run {
    BlockTrace block;
    ws::trace::Counters totals;
    std::vector<long long> out;
};

Run run_toy(const char* schedule) {
    alignas(16) static int input[kTiles * kTileInts];
    std::iota(std::begin(input), std::end(input), -100);
    Run r;
    r.out.assign(kTiles * 32, 0);
    ws::sim::SimRecorder rec({0}, false, true);
    const auto e = ws::sim::launch(
        config(1, 64, kSmem, schedule),
        [&] { toy_pipeline(input, r.out.data(), ws::sim::SimProbe(&rec)); }, &rec);
    INFO((e ? e->message : "no error"));
    REQUIRE_FALSE(e);
    REQUIRE(rec.blocks().size() == 1);
    r.block = rec.blocks()[0];
    r.totals = rec.totals();
    for (unsigned i = 0; i < kTiles; ++i)
        for (unsigned lane = 0; lane < 32; ++lane) {
            long long want = 0;
            for (unsigned k = lane * 4; k < kTileInts; k += 128)
                for (unsigned j = 0; j < 4; ++j) want += input[i * kTileInts + k + j];
            CHECK(r.out[i * 32 + lane] == want);
        }
    return r;
}

std::vector<Event> of_kind(const BlockTrace& b, EventKind kind) {
    std::vector<Event> out;
    std::copy_if(b.events.begin(), b.events.end(), std::back_inserter(out),
                 [&](const Event& e) { return e.kind == kind; });
    return out;
}

// Waits on a full barrier begun while the copy that completes that round was in flight.
std::size_t copy_waits(const BlockTrace& b) {
    std::vector<std::uint32_t> position(b.events.size());
    for (std::uint32_t k = 0; k < b.order.size(); ++k) position[b.order[k]] = k;
    struct Flight {
        std::uint32_t barrier, round, issued, landed;
    };
    std::vector<Flight> flights;
    std::vector<std::uint32_t> rounds(kSmem / 8, 0);
    for (std::uint32_t i = 0; i < b.events.size(); ++i) {
        if (b.events[i].kind != EventKind::BulkCopy) continue;
        const std::uint32_t bar = ws::trace::bulk_copy_fields(b.events[i]).barrier;
        Flight f{bar, rounds[bar / 8]++, position[i], 0};
        for (const BlockTrace::CopyLanding& l : b.landed)
            if (l.copy_event == i) f.landed = l.after_order;
        flights.push_back(f);
    }
    std::size_t waits = 0;
    for (std::uint32_t i = 0; i < b.events.size(); ++i) {
        const Event& e = b.events[i];
        if (e.kind != EventKind::TxWait || e.address >= kEmptyAt) continue;
        for (const Flight& f : flights)
            if (f.barrier == e.address && f.round == e.value && f.issued < position[i] &&
                position[i] < f.landed)
                ++waits;
    }
    return waits;
}

}  // namespace

TEST_CASE("a pipeline in the vocabulary is right on the emulator under every copy policy") {
    for (const char* schedule : {"lockstep", "sequential", "random:4", "lockstep,copies=lazy",
                                 "lockstep,copies=delay:20", "random:8,copies=random:2"}) {
        INFO(schedule);
        const Run r = run_toy(schedule);
        CHECK(r.totals.bulk_copies == kTiles);
        CHECK(r.totals.bulk_bytes == kTiles * kStageBytes);
        CHECK(r.totals.hazards == 0);  // no lane writes shared memory: nothing to race on
    }
}

TEST_CASE("the pipeline's events: barriers, one lane's copies, named syncs and marks") {
    const Run r = run_toy("lockstep");
    const BlockTrace& b = r.block;
    const auto inits = of_kind(b, EventKind::TxInit);
    REQUIRE(inits.size() == 2 * kStages);
    for (const Event& e : inits) {
        CHECK(e.thread == 0);
        CHECK(e.width == 8);
        CHECK(e.value == (e.address < kEmptyAt ? 1u : 32u));
    }
    const auto copies = of_kind(b, EventKind::BulkCopy);
    REQUIRE(copies.size() == kTiles);
    for (unsigned i = 0; i < kTiles; ++i) {
        const Event& e = copies[i];
        const auto f = ws::trace::bulk_copy_fields(e);
        CHECK(e.thread == 0);
        CHECK(e.line == g_copy_line);
        CHECK(e.width == 16);
        CHECK(e.buffer == 0);
        CHECK(e.address == i * kStageBytes);
        CHECK(f.dst == (i % kStages) * kStageBytes);
        CHECK(f.barrier == kFullAt + 8 * (i % kStages));
        CHECK(f.bytes == kStageBytes);
    }
    // Arrivals on full announce the bytes; on empty they are plain, one per consumer lane.
    const auto arrivals = of_kind(b, EventKind::TxArrive);
    CHECK(std::count_if(arrivals.begin(), arrivals.end(),
                        [](const Event& e) { return e.value == kStageBytes; }) == kTiles);
    CHECK(std::count_if(arrivals.begin(), arrivals.end(),
                        [](const Event& e) { return e.address >= kEmptyAt; }) == kTiles * 32);
    // Each consumer lane waits once a tile (however long it waits); the producer from tile 2.
    CHECK(of_kind(b, EventKind::TxWait).size() == kTiles * 32 + (kTiles - kStages));
    // A named sync closes a sub-step: the store after it is one sub-step later.
    const auto syncs = of_kind(b, EventKind::NamedSync);
    REQUIRE(syncs.size() == kTiles * 32);
    CHECK(syncs[0].line == g_sync_line);
    CHECK(syncs[0].address == 1);
    CHECK(syncs[0].value == 32);
    for (const Event& e : b.events)
        if (e.kind == EventKind::GlobalWrite && e.thread == 32 && e.seq == syncs[0].seq + 1)
            CHECK(e.substep == syncs[0].substep + 1);
    // Marks: the data ring and two barrier rings; a role for every thread; a round and a tile
    // for each turn of each loop.
    const auto marks = of_kind(b, EventKind::Mark);
    auto count = [&](MarkKind k) {
        return std::count_if(marks.begin(), marks.end(),
                             [&](const Event& e) { return e.src_lane == std::uint8_t(k); });
    };
    CHECK(count(MarkKind::Slots) == 3 * 64);
    CHECK(count(MarkKind::Role) == 64);
    CHECK(count(MarkKind::Round) == kTiles * 33);
    CHECK(count(MarkKind::Tile) == kTiles * 33);
    for (const Event& e : marks)
        if (e.src_lane == std::uint8_t(MarkKind::Slots) && e.buffer == std::uint8_t(SlotKind::Data))
            CHECK(e.value == (kStageBytes | std::uint64_t(kStages) << 32));
    // The copy engine's bytes are nobody's shared write; the consumers' 16-byte reads are
    // shared instructions of their own.
    CHECK(r.totals.smem_writes == 0);
    CHECK(r.totals.smem_reads == kTiles * 16);
    CHECK(r.totals.smem_instructions == kTiles);
}

TEST_CASE("each copy's landing is recorded where it fell among the threads' events") {
    for (const char* schedule : {"lockstep", "lockstep,copies=lazy", "lockstep,copies=random:3"}) {
        INFO(schedule);
        const BlockTrace b = run_toy(schedule).block;
        REQUIRE(b.landed.size() == kTiles);
        std::vector<std::uint32_t> position(b.events.size());
        for (std::uint32_t k = 0; k < b.order.size(); ++k) position[b.order[k]] = k;
        for (const BlockTrace::CopyLanding& l : b.landed) {
            REQUIRE(l.copy_event < b.events.size());
            CHECK(b.events[l.copy_event].kind == EventKind::BulkCopy);
            CHECK(position[l.copy_event] < l.after_order);  // it lands after it is issued
        }
    }
    // Lazy: some consumer lane begins to wait for a stage whose copy is in flight (issued, not
    // landed); prompt: none does (a consumer may still wait for the producer to issue it).
    CHECK(copy_waits(run_toy("lockstep,copies=lazy").block) > 0);
    CHECK(copy_waits(run_toy("lockstep").block) == 0);
    CHECK(copy_waits(run_toy("random:5").block) == 0);
}
