// Work and depth from hand-built events: which events at marked lines count as additions.
#include <catch2/catch.hpp>

#include "kernels/trace/analysis.hpp"
#include "tests/trace/trace_builders.hpp"

using namespace ws::trace;
using ws::trace::test::BlockBuilder;

TEST_CASE("marked lines are the lines ending with // +", "[trace][work]") {
    const std::string src = "a\nb;  // +\nc // +x\nd; // +  \r\n// +\n";
    CHECK(marked_lines(src) == std::vector<std::uint32_t>{2, 4, 5});
    CHECK(marked_lines("").empty());
}

TEST_CASE("work counts writes, shuffles from another lane and reads on lines that never write",
          "[trace][work]") {
    // line 2: s[b] += s[a]  (two reads, one write per lane); line 3: a shuffle round;
    // line 4: v += s[w - 1] (one read per lane); line 5: unmarked copy.
    const std::string src = "x\ny  // +\nz  // +\nw  // +\nv\n";
    BlockBuilder bb;
    for (std::uint16_t t = 0; t < 4; ++t) {  // step (1,0): four lanes add in shared memory
        bb.add(t, EventKind::SharedRead, 4u * t, {1, 0}, 2);
        bb.add(t, EventKind::SharedRead, 4u * (t + 4), {1, 0}, 2);
        bb.add(t, EventKind::SharedWrite, 4u * (t + 4), {1, 0}, 2);
    }
    for (std::uint16_t t = 0; t < 32; ++t)  // step (2,0): a shuffle up by 4
        bb.add(t, EventKind::Shuffle, 0, {2, 0}, 3);
    for (std::uint16_t t = 32; t < 40; ++t)  // step (3,0): eight lanes add what they read
        bb.add(t, EventKind::SharedRead, 0, {3, 0}, 4);
    for (std::uint16_t t = 0; t < 8; ++t) bb.add(t, EventKind::SharedWrite, 4u * t, {3, 0}, 5);
    BlockTrace b = bb.build();
    for (Event& e : b.events)  // the shuffle's sources: lanes below 4 read themselves
        if (e.kind == EventKind::Shuffle) {
            const unsigned lane = e.thread % 32;
            e.src_lane = std::uint8_t(lane >= 4 ? lane - 4 : lane);
        }
    const WorkDepth wd = work_depth(b, src);
    CHECK(wd.work == 4 + 28 + 8);
    CHECK(wd.steps == 3);
    CHECK(work_depth(b, "").work == 0);
}
