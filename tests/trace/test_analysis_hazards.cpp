// Shared-memory races: which pairs of accesses find_hazards flags, and which it must not.
#include <catch2/catch.hpp>

#include <algorithm>
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

// ---- blocks with transaction and named barriers: happens-before --------------------------------
namespace {

constexpr EventKind kInit = EventKind::TxInit, kArrive = EventKind::TxArrive,
                    kWait = EventKind::TxWait, kCopy = EventKind::BulkCopy,
                    kNamed = EventKind::NamedSync;
constexpr std::uint64_t kFull = 1024, kEmpty = 1032;  // barriers' shared byte offsets
constexpr StepId kWork{1, 0};

// Thread 0 initialises `full` (one arrival a round) and `empty` (one); the work is in phase 1.
BlockBuilder pipeline_block() {
    BlockBuilder b;
    b.add(0, kInit, kFull, {0, 0}, 5, 8, 1).add(0, kInit, kEmpty, {0, 0}, 6, 8, 1);
    return b;
}
std::uint64_t copy_of(std::uint32_t dst, std::uint32_t bytes, std::uint64_t bar = kFull) {
    return pack_bulk_copy({dst, std::uint32_t(bar), bytes});
}

}  // namespace

TEST_CASE("a lane's write is seen by a warp that waits for the round its writer arrived in",
          "[trace][hazards]") {
    BlockBuilder ordered = pipeline_block();
    ordered.add(0, W, 64, kWork, 20).add(0, kArrive, kFull, kWork, 21, 8, 0);
    ordered.add(32, kWait, kFull, kWork, 30, 8, 0).add(32, R, 64, kWork, 31);
    CHECK(find_hazards(ordered.build()).empty());

    BlockBuilder unordered = pipeline_block();  // the reader never waits
    unordered.add(0, W, 64, kWork, 20).add(0, kArrive, kFull, kWork, 21, 8, 0);
    unordered.add(32, R, 64, kWork, 31);
    const auto h = find_hazards(unordered.build());
    REQUIRE(h.size() == 1);
    CHECK(h[0].word == 16);
    CHECK(h[0].first_line == 20);
    CHECK(h[0].second_line == 31);
}

TEST_CASE("a bulk copy's bytes are the copy engine's write, seen only after its round",
          "[trace][hazards]") {
    BlockBuilder waited = pipeline_block();
    waited.add(0, kArrive, kFull, kWork, 21, 8, 32).add(0, kCopy, 0, kWork, 22, 16, copy_of(0, 32));
    waited.add(32, kWait, kFull, kWork, 30, 8, 0).add(32, R, 28, kWork, 31);
    CHECK(find_hazards(waited.build()).empty());

    BlockBuilder early = pipeline_block();  // reads before waiting
    early.add(0, kArrive, kFull, kWork, 21, 8, 32).add(0, kCopy, 0, kWork, 22, 16, copy_of(0, 32));
    early.add(32, R, 28, kWork, 31).add(32, kWait, kFull, kWork, 32, 8, 0);
    const auto h = find_hazards(early.build());
    REQUIRE(h.size() == 1);
    CHECK(h[0].word == 7);
    CHECK(std::min(h[0].first_line, h[0].second_line) == 22);  // the copy's write and the read
    CHECK(std::max(h[0].first_line, h[0].second_line) == 31);
}

TEST_CASE("a stage reloaded without waiting for its readers to be done is a race",
          "[trace][hazards]") {
    // Round 0: copy into bytes 0..31, a consumer waits, reads, frees the stage (empty). Round 1:
    // the producer copies into the same bytes again, waiting on `empty` or not.
    for (bool wait_empty : {true, false}) {
        BlockBuilder b = pipeline_block();
        b.add(0, kArrive, kFull, kWork, 21, 8, 32).add(0, kCopy, 0, kWork, 22, 16, copy_of(0, 32));
        if (wait_empty) b.add(0, kWait, kEmpty, kWork, 23, 8, 0);
        b.add(0, kArrive, kFull, kWork, 24, 8, 32).add(0, kCopy, 0, kWork, 25, 16, copy_of(0, 32));
        b.add(32, kWait, kFull, kWork, 30, 8, 0).add(32, R, 4, kWork, 31);
        b.add(32, kArrive, kEmpty, kWork, 32, 8, 0).add(32, kWait, kFull, kWork, 33, 8, 1);
        b.add(32, R, 4, kWork, 34);
        const auto h = find_hazards(b.build());
        INFO("waits on empty: " << wait_empty);
        if (wait_empty) {
            CHECK(h.empty());
        } else {  // the second copy races with the first one's bytes and with their reader
            REQUIRE_FALSE(h.empty());
            for (const Hazard& x : h) CHECK((x.first_line == 25 || x.second_line == 25));
        }
    }
}

TEST_CASE("a wait for round 0 does not see what its writer did before arriving in round 1",
          "[trace][hazards]") {
    for (std::uint64_t round : {0u, 1u}) {
        BlockBuilder b = pipeline_block();
        b.add(0, W, 64, kWork, 20).add(0, kArrive, kFull, kWork, 21, 8, 0);
        b.add(0, W, 64, kWork, 22).add(0, kArrive, kFull, kWork, 23, 8, 0);
        b.add(32, kWait, kFull, kWork, 30, 8, round).add(32, R, 64, kWork, 31);
        const auto h = find_hazards(b.build());
        INFO("round " << round);
        CHECK(h.size() == (round == 0 ? 1u : 0u));
        if (!h.empty()) CHECK(h[0].first_line == 22);
    }
}

TEST_CASE("a named barrier orders the warps that meet at it, and only them", "[trace][hazards]") {
    BlockBuilder met = pipeline_block();
    // (A hand-made trace: one thread a warp, so the barrier counts 2 threads.)
    met.add(0, W, 80, kWork, 20).add(0, kNamed, 1, kWork, 21, 0, 2);
    met.add(32, kNamed, 1, kWork, 21, 0, 2).add(32, R, 80, {1, 1}, 22);
    met.add(64, R, 80, kWork, 40);  // warp 2 is not in the group
    const auto h = find_hazards(met.build());
    REQUIRE(h.size() == 1);
    CHECK(h[0].second_thread == 64);

    BlockBuilder alone = pipeline_block();  // warp 1 reads with no barrier between
    alone.add(0, W, 80, kWork, 20).add(32, R, 80, kWork, 22);
    alone.add(0, kNamed, 1, kWork, 21, 0, 1);
    CHECK(find_hazards(alone.build()).size() == 1);
}

TEST_CASE("in a pipelined block a warp's sub-steps still order its lanes", "[trace][hazards]") {
    // Lane 5 writes, the warp shuffles (a sub-step), lane 0 arrives; a waiter reads lane 5's
    // word: known through lane 0's arrival.
    BlockBuilder b = pipeline_block();
    b.add(5, W, 96, kWork, 20).add(5, EventKind::Shuffle, 0, kWork, 21);
    b.add(0, EventKind::Shuffle, 0, kWork, 21).add(0, kArrive, kFull, {1, 1}, 22, 8, 0);
    b.add(32, kWait, kFull, kWork, 30, 8, 0).add(32, R, 96, kWork, 31);
    CHECK(find_hazards(b.build()).empty());
}
