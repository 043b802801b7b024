// Branch divergence: a warp whose lanes take both sides of an if/else is divergent though every
// lane works; the paths the lanes took, in source order.
#include <catch2/catch.hpp>

#include "tests/trace/trace_builders.hpp"

using namespace ws::trace;
using namespace ws::trace::test;

namespace {
std::uint32_t word(unsigned lane) {
    return 4u * lane;
}
}  // namespace

TEST_CASE("both sides of an if/else make a warp divergent though every lane works",
          "[trace][paths]") {
    // One warp: lanes 4..31 read and write at lines 26..28 (the if), lanes 0..3 copy at line 30
    // (the else). Every lane has an event: no idle lanes.
    const std::uint32_t upper = 0xfffffff0u, lower = 0xfu;
    BlockTrace b = BlockBuilder()
                       .warp_access(0, upper, EventKind::SharedRead, word, 4, {1, 0}, 26)
                       .warp_access(0, upper, EventKind::SharedRead, word, 4, {1, 0}, 27)
                       .warp_access(0, upper, EventKind::SharedWrite, word, 4, {1, 0}, 28)
                       .warp_access(0, lower, EventKind::SharedRead, word, 4, {1, 0}, 30)
                       .warp_access(0, lower, EventKind::SharedWrite, word, 4, {1, 0}, 30)
                       .build();
    const Counters c = block_counters(b, 32);
    CHECK(c.active_lanes == 32);
    CHECK(c.live_lanes == 32);
    CHECK(c.idle_lane_warps == 0);  // what "divergent" used to mean: nobody sat out
    CHECK(c.divergent_warps == 1);  // but the two sides ran one after the other

    const std::vector<WarpPaths> paths = warp_paths(b, 32);
    REQUIRE(paths.size() == 1);
    const WarpPaths& w = paths[0];
    CHECK(w.step == StepId{1, 0});
    CHECK(w.live_mask == 0xffffffffu);
    CHECK(w.idle_mask == 0);
    REQUIRE(w.masks.size() == 2);
    CHECK(w.masks[0] == upper);  // the if comes first in the source
    CHECK(w.lines[0] == std::vector<std::uint16_t>{26, 27, 28});
    CHECK(w.masks[1] == lower);
    CHECK(w.lines[1] == std::vector<std::uint16_t>{30});
    CHECK(w.divergent());
}

TEST_CASE("a loop run more often by some lanes is divergent, the same lines in step are not",
          "[trace][paths]") {
    BlockBuilder bb;
    bb.warp_access(0, 0xffffffffu, EventKind::SharedRead, word, 4, {0, 0}, 12);
    bb.warp_access(0, 0x0000ffffu, EventKind::SharedRead, word, 4, {0, 0}, 12);  // again, 16 lanes
    const BlockTrace loop = bb.build();
    CHECK(block_counters(loop, 32).divergent_warps == 1);
    const std::vector<WarpPaths> p = warp_paths(loop, 32);
    REQUIRE(p.size() == 1);
    REQUIRE(p[0].masks.size() == 2);
    CHECK(p[0].lines[0] == p[0].lines[1]);  // same lines, run a different number of times
    CHECK((p[0].masks[0] | p[0].masks[1]) == 0xffffffffu);

    const BlockTrace uniform =
        BlockBuilder()
            .warp_access(0, 0xffffffffu, EventKind::SharedRead, word, 4, {0, 0}, 12)
            .build();
    CHECK(block_counters(uniform, 32).divergent_warps == 0);
    const std::vector<WarpPaths> u = warp_paths(uniform, 32);
    REQUIRE(u.size() == 1);
    CHECK(u[0].masks.size() == 1);
    CHECK_FALSE(u[0].divergent());
}

TEST_CASE("lanes that sit a step out are idle lanes and make the warp divergent",
          "[trace][paths]") {
    // 40 threads: warp 1 has 8 launched lanes; 4 of them work.
    BlockTrace b = BlockBuilder().warp_access(1, 0xfu, EventKind::SharedRead, word).build();
    const Counters c = block_counters(b, 40);
    CHECK(c.divergent_warps == 1);
    CHECK(c.idle_lane_warps == 1);
    const std::vector<WarpPaths> p = warp_paths(b, 40);
    REQUIRE(p.size() == 1);
    CHECK(p[0].warp == 1);
    CHECK(p[0].live_mask == 0xffu);
    CHECK(p[0].idle_mask == 0xf0u);
    CHECK(p[0].divergent());
}
