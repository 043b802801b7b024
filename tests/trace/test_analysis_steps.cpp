// Steps, warp instructions and per-step counters of hand-built blocks.
#include <catch2/catch.hpp>

#include "kernels/trace/analysis.hpp"
#include "tests/trace/trace_builders.hpp"

using namespace ws::trace;
using ws::trace::test::BlockBuilder;
using ws::trace::test::kAllLanes;

namespace {
std::uint64_t word(unsigned lane) {
    return 4u * lane;
}
}  // namespace

TEST_CASE("block_steps lists the distinct steps in order", "[trace][steps]") {
    BlockTrace b = BlockBuilder()
                       .add(5, EventKind::SharedRead, 0, {2, 1})
                       .add(0, EventKind::SharedRead, 0, {0, 0})
                       .add(3, EventKind::SharedRead, 0, {2, 0})
                       .add(1, EventKind::SharedRead, 0, {0, 0})
                       .add(1, EventKind::SharedRead, 0, {1, 3})
                       .build();
    std::vector<StepId> steps = block_steps(b);
    REQUIRE(steps.size() == 4);
    CHECK(steps[0] == StepId{0, 0});
    CHECK(steps[1] == StepId{1, 3});
    CHECK(steps[2] == StepId{2, 0});
    CHECK(steps[3] == StepId{2, 1});
    CHECK(block_steps(BlockTrace{}).empty());
}

TEST_CASE("warp instructions group lanes by step, line, kind and occurrence", "[trace][steps]") {
    BlockBuilder bb;
    // Warp 0: every lane reads twice on line 30 (a loop), then writes on line 31.
    for (std::uint16_t t = 0; t < 32; ++t) {
        bb.add(t, EventKind::SharedRead, 4u * t, {0, 0}, 30);
        bb.add(t, EventKind::SharedRead, 4u * t + 128, {0, 0}, 30);
        bb.add(t, EventKind::SharedWrite, 4u * t, {0, 0}, 31);
    }
    // Warp 1: lanes 0..3 only, in step (1,0); lane 2 also in step (0,0).
    for (std::uint16_t t = 32; t < 36; ++t) bb.add(t, EventKind::SharedRead, 0, {1, 0}, 30);
    bb.add(34, EventKind::SharedRead, 0, {0, 0}, 40);
    BlockTrace b = bb.build();

    std::vector<WarpInstruction> insts = warp_instructions(b);
    REQUIRE(insts.size() == 5);
    // Sorted by (step, warp, line, kind, occurrence).
    CHECK(insts[0].step == StepId{0, 0});
    CHECK(insts[0].warp == 0);
    CHECK(insts[0].line == 30);
    CHECK(insts[0].occurrence == 0);
    CHECK(insts[0].active_mask == kAllLanes);
    REQUIRE(insts[0].events.size() == 32);
    for (unsigned lane = 0; lane < 32; ++lane) {
        const Event& e = b.events[insts[0].events[lane]];
        CHECK(e.thread == lane);
        CHECK(e.address == 4u * lane);  // the first read of each lane
    }
    CHECK(insts[1].occurrence == 1);
    CHECK(b.events[insts[1].events[3]].address == 4u * 3 + 128);
    CHECK(insts[2].line == 31);
    CHECK(insts[2].kind == EventKind::SharedWrite);
    CHECK(insts[2].occurrence == 0);
    CHECK(insts[3].step == StepId{0, 0});
    CHECK(insts[3].warp == 1);
    CHECK(insts[3].line == 40);
    CHECK(insts[3].active_mask == 1u << 2);
    CHECK(insts[4].step == StepId{1, 0});
    CHECK(insts[4].active_mask == 0xfu);
}

TEST_CASE("warp instructions do not depend on the order events arrive in", "[trace][steps]") {
    BlockTrace b = BlockBuilder()
                       .warp_access(0, kAllLanes, EventKind::SharedRead, word)
                       .warp_access(0, kAllLanes, EventKind::SharedRead, word)
                       .build();
    BlockTrace shuffled = b;
    std::reverse(shuffled.events.begin(), shuffled.events.end());
    std::vector<WarpInstruction> x = warp_instructions(b), y = warp_instructions(shuffled);
    REQUIRE(x.size() == 2);
    REQUIRE(y.size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        CHECK(x[i].occurrence == y[i].occurrence);
        CHECK(b.events[x[i].events[5]].seq == shuffled.events[y[i].events[5]].seq);
    }
}

TEST_CASE("step counters of a divergent warp", "[trace][steps]") {
    // 96 threads = 3 warps. Step (0,0): warps 0 and 1 fully active. Step (1,0): only the even
    // lanes of warp 0 (divergent), warp 2 idle everywhere.
    BlockBuilder bb;
    bb.warp_access(0, kAllLanes, EventKind::SharedWrite, word, 4, {0, 0}, 10);
    bb.warp_access(
        1, kAllLanes, EventKind::SharedWrite, [](unsigned l) { return 128u + 4u * l; }, 4, {0, 0},
        10);
    bb.warp_access(
        0, 0x55555555u, EventKind::SharedRead, [](unsigned l) { return 8u * l; }, 4, {1, 0}, 12);
    bb.warp_access(0, 0x55555555u, EventKind::GlobalWrite, word, 4, {1, 0}, 13);
    BlockTrace b = bb.build();

    std::vector<StepCounters> steps = step_counters(b, 96);
    REQUIRE(steps.size() == 2);
    const Counters& s0 = steps[0].counters;
    CHECK(steps[0].step == StepId{0, 0});
    CHECK(s0.active_lanes == 64);
    CHECK(s0.live_lanes == 64);  // warp 2 was idle: not counted
    CHECK(s0.active_warps == 2);
    CHECK(s0.divergent_warps == 0);
    CHECK(s0.smem_instructions == 2);
    CHECK(s0.smem_wavefronts == 2);
    CHECK(s0.smem_ideal_wavefronts == 2);
    CHECK(s0.bank_conflicts == 0);
    CHECK(s0.smem_writes == 64);
    CHECK(s0.smem_reads == 0);
    CHECK(s0.gmem_sectors == 0);

    const Counters& s1 = steps[1].counters;
    CHECK(s1.active_lanes == 16);
    CHECK(s1.live_lanes == 32);
    CHECK(s1.active_warps == 1);
    CHECK(s1.divergent_warps == 1);
    CHECK(s1.idle_lane_warps == 1);
    CHECK(s1.smem_instructions == 1);
    // Even lanes at 8-byte stride: words 0, 4, 8, ... 60: banks 0, 4, ..., 28, twice each.
    CHECK(s1.smem_wavefronts == 2);
    CHECK(s1.bank_conflicts == 1);
    CHECK(s1.smem_reads == 16);
    // Global writes by even lanes at 4-byte stride: bytes 0..127, every sector.
    CHECK(s1.gmem_sectors == 4);

    Counters total = block_counters(b, 96);
    CHECK(total.active_lanes == 80);
    CHECK(total.live_lanes == 96);
    CHECK(total.divergent_warps == 1);
    CHECK(total.bank_conflicts == 1);
    Counters sum = s0;
    sum += s1;
    CHECK(sum == total);
}

TEST_CASE("a partial last warp is not divergent when all its lanes work", "[trace][steps]") {
    // 40 threads: warp 1 has 8 lanes.
    BlockTrace b = BlockBuilder().warp_access(1, 0xffu, EventKind::SharedRead, word).build();
    Counters c = block_counters(b, 40);
    CHECK(c.active_lanes == 8);
    CHECK(c.live_lanes == 8);
    CHECK(c.divergent_warps == 0);

    BlockTrace half = BlockBuilder().warp_access(1, 0xfu, EventKind::SharedRead, word).build();
    Counters h = block_counters(half, 40);
    CHECK(h.live_lanes == 8);
    CHECK(h.divergent_warps == 1);
}

TEST_CASE("step counters count hazards at the step of the later access", "[trace][steps]") {
    BlockTrace b = BlockBuilder()
                       .add(0, EventKind::SharedWrite, 0, {0, 0})
                       .add(40, EventKind::SharedRead, 0, {0, 1})
                       .add(40, EventKind::SharedRead, 4, {0, 1})
                       .build();
    std::vector<StepCounters> steps = step_counters(b, 64);
    REQUIRE(steps.size() == 2);
    CHECK(steps[0].counters.hazards == 0);
    CHECK(steps[1].counters.hazards == 1);
}

TEST_CASE("counters add and compare field by field", "[trace][steps]") {
    Counters a, b;
    a.hazards = 2;
    b.gmem_sectors = 3;
    CHECK_FALSE(a == b);
    a += b;
    CHECK(a.hazards == 2);
    CHECK(a.gmem_sectors == 3);
    b.hazards = 2;
    CHECK(a == b);
}

TEST_CASE("a bulk copy is one lane's instruction that moves bytes without wavefronts or sectors",
          "[trace][steps]") {
    // Lane 0 of warp 0 arrives, then issues a 16 KB copy; the whole warp waits; a named barrier
    // and a mark are nobody's work.
    test::BlockBuilder builder;
    builder.add(0, EventKind::TxArrive, 98304, {1, 0}, 20, 8, 16384)
        .add(0, EventKind::BulkCopy, 0, {1, 0}, 21, 16, pack_bulk_copy({0, 98304, 16384}))
        .add(0, EventKind::Mark, 0, {1, 0}, 22, 0, 3)
        .add(0, EventKind::NamedSync, 1, {1, 0}, 23, 0, 128);
    builder.warp_access(
        1, test::kAllLanes, EventKind::TxWait, [](std::uint32_t) { return 98304; }, 8, {1, 0}, 30);
    const BlockTrace b = builder.build();
    const Counters c = block_counters(b, 64);
    CHECK(c.bulk_copies == 1);
    CHECK(c.bulk_bytes == 16384);
    CHECK(c.smem_instructions == 0);
    CHECK(c.smem_wavefronts == 0);
    CHECK(c.gmem_sectors == 0);
    CHECK(c.active_warps == 2);
    CHECK(c.active_lanes == 33);    // lane 0 of warp 0, and warp 1
    CHECK(c.divergent_warps == 1);  // warp 0: one lane
    const InstructionMix mix = instruction_mix(b, 64);
    CHECK(mix[std::size_t(EventKind::BulkCopy)].warp_instructions == 1);
    CHECK(mix[std::size_t(EventKind::TxArrive)].warp_instructions == 1);
    CHECK(mix[std::size_t(EventKind::TxWait)].warp_instructions == 1);
    CHECK(mix[std::size_t(EventKind::TxWait)].lanes == 32);
    CHECK(mix[std::size_t(EventKind::Mark)].warp_instructions == 0);
    CHECK(mix[std::size_t(EventKind::NamedSync)].warp_instructions == 0);
}
