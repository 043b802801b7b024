// Shared-memory races: which pairs of accesses find_hazards flags, and which it must not.
#include <catch2/catch.hpp>

#include <chrono>

#include "kernels/trace/analysis.hpp"
#include "tests/trace/trace_builders.hpp"

using namespace ws::trace;
using ws::trace::test::BlockBuilder;

namespace {
constexpr EventKind R = EventKind::SharedRead;
constexpr EventKind W = EventKind::SharedWrite;
}  // namespace

TEST_CASE("a read after a write by another lane of the same warp and substep is a race",
          "[trace][hazards]") {
    BlockTrace b = BlockBuilder().add(3, W, 40, {2, 1}, 50).add(4, R, 40, {2, 1}, 51).build();
    std::vector<Hazard> h = find_hazards(b);
    REQUIRE(h.size() == 1);
    CHECK(h[0].step == StepId{2, 1});
    CHECK(h[0].word == 10);
    CHECK(h[0].first_thread == 3);
    CHECK(h[0].second_thread == 4);
    CHECK(h[0].first_line == 50);
    CHECK(h[0].second_line == 51);
    CHECK_FALSE(h[0].write_write);
}

TEST_CASE("a warp sync orders the lanes of one warp", "[trace][hazards]") {
    BlockTrace b = BlockBuilder().add(3, W, 40, {2, 0}).add(4, R, 40, {2, 1}).build();
    CHECK(find_hazards(b).empty());
}

TEST_CASE("a warp sync does not order different warps", "[trace][hazards]") {
    BlockTrace b = BlockBuilder().add(3, W, 40, {2, 0}, 50).add(35, R, 40, {2, 1}, 60).build();
    std::vector<Hazard> h = find_hazards(b);
    REQUIRE(h.size() == 1);
    CHECK(h[0].step == StepId{2, 1});  // the later access's step
    CHECK(h[0].first_thread == 3);
    CHECK(h[0].second_thread == 35);
    CHECK(h[0].second_line == 60);
}

TEST_CASE("a block barrier orders everything", "[trace][hazards]") {
    BlockTrace b = BlockBuilder().add(3, W, 40, {1, 0}).add(35, W, 40, {2, 0}).build();
    CHECK(find_hazards(b).empty());
}

TEST_CASE("one thread never races with itself", "[trace][hazards]") {
    BlockTrace b = BlockBuilder().add(3, R, 40, {0, 0}).add(3, W, 40, {0, 0}).add(3, W, 40).build();
    CHECK(find_hazards(b).empty());
}

TEST_CASE("reads never race with reads", "[trace][hazards]") {
    BlockBuilder bb;
    for (std::uint16_t t = 0; t < 256; ++t) bb.add(t, R, 0, {0, 0});
    CHECK(find_hazards(bb.build()).empty());
}

TEST_CASE("two writers are a write-write race, the later thread is second", "[trace][hazards]") {
    BlockTrace b = BlockBuilder().add(9, W, 8, {0, 0}, 70).add(2, W, 8, {0, 0}, 71).build();
    std::vector<Hazard> h = find_hazards(b);
    REQUIRE(h.size() == 1);
    CHECK(h[0].write_write);
    CHECK(h[0].first_thread == 2);
    CHECK(h[0].second_thread == 9);
    CHECK(h[0].first_line == 71);
}

TEST_CASE("a write after reads by other threads is a race", "[trace][hazards]") {
    BlockTrace b = BlockBuilder().add(1, R, 8).add(2, R, 8).add(7, W, 8).build();
    std::vector<Hazard> h = find_hazards(b);
    REQUIRE(h.size() == 1);
    CHECK(h[0].first_thread == 1);
    CHECK(h[0].second_thread == 7);
    CHECK_FALSE(h[0].write_write);
}

TEST_CASE("one hazard per step and word", "[trace][hazards]") {
    BlockBuilder bb;
    // Word 0: 32 lanes write in step (0,0), two warps read in (0,1): reported at both steps.
    for (std::uint16_t t = 0; t < 32; ++t) bb.add(t, W, 0, {0, 0});
    bb.add(40, R, 0, {0, 1}).add(70, R, 0, {0, 1});
    // Word 5: a race in step (0,1) only.
    bb.add(1, W, 20, {0, 1}).add(2, R, 20, {0, 1});
    // Word 6 in another phase.
    bb.add(1, W, 24, {3, 0}).add(33, W, 24, {3, 0});
    std::vector<Hazard> h = find_hazards(bb.build());
    REQUIRE(h.size() == 4);
    CHECK(h[0].step == StepId{0, 0});
    CHECK(h[0].word == 0);
    CHECK(h[0].first_thread == 0);
    CHECK(h[0].second_thread == 1);
    CHECK(h[1].step == StepId{0, 1});
    CHECK(h[1].word == 0);
    CHECK(h[1].second_thread == 40);
    CHECK(h[2].step == StepId{0, 1});
    CHECK(h[2].word == 5);
    CHECK(h[3].step == StepId{3, 0});
    CHECK(h[3].word == 6);
    CHECK(h[3].write_write);
}

TEST_CASE("a later substep races only with other warps' earlier accesses", "[trace][hazards]") {
    // Thread 0 writes word 0 in (0,0); thread 1 (same warp) writes it in (0,1): ordered.
    // Thread 33 (warp 1) read it in (0,0): it races with thread 1's write in (0,1).
    BlockTrace b =
        BlockBuilder().add(0, W, 0, {0, 0}).add(33, R, 0, {0, 0}).add(1, W, 0, {0, 1}).build();
    std::vector<Hazard> h = find_hazards(b);
    REQUIRE(h.size() == 2);
    CHECK(h[0].step == StepId{0, 0});  // thread 0's write and thread 33's read
    CHECK(h[1].step == StepId{0, 1});
    CHECK(h[1].first_thread == 33);
    CHECK(h[1].second_thread == 1);
}

TEST_CASE("wide accesses cover every word they touch", "[trace][hazards]") {
    // An 8-byte write at byte 0 covers words 0 and 1; a read of word 1 by another warp races.
    BlockTrace b = BlockBuilder().add(0, W, 0, {0, 0}, 10, 8).add(64, R, 4, {0, 0}).build();
    std::vector<Hazard> h = find_hazards(b);
    REQUIRE(h.size() == 1);
    CHECK(h[0].word == 1);
}

TEST_CASE("global accesses and shuffles are not shared hazards", "[trace][hazards]") {
    BlockTrace b = BlockBuilder()
                       .add(0, EventKind::GlobalWrite, 0)
                       .add(1, EventKind::GlobalRead, 0)
                       .add(2, EventKind::Atomic, 0)
                       .add(3, EventKind::Shuffle, 0)
                       .build();
    CHECK(find_hazards(b).empty());
}

TEST_CASE("a block of 1024 threads on one word is fast", "[trace][hazards]") {
    // 1024 threads x 48 reads of word 0 and one write: quadratic pairing would take minutes.
    BlockBuilder bb;
    for (std::uint16_t t = 0; t < 1024; ++t)
        for (int k = 0; k < 48; ++k) bb.add(t, R, 0, {0, 0});
    bb.add(1023, W, 0, {0, 0});
    BlockTrace b = bb.build();
    auto start = std::chrono::steady_clock::now();
    std::vector<Hazard> h = find_hazards(b);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    REQUIRE(h.size() == 1);
    CHECK(h[0].first_thread == 0);
    CHECK(h[0].second_thread == 1023);
    CHECK(seconds < 2.0);
}
