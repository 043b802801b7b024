// Comparing a plain kernel's Sanitizer API recording with the emulator's run
// (kernels/run/sanitizer_comparison.hpp), on small made-up traces: what the API cannot tell is
// left out of both, the order of one statement's loads is the compiler's, and the access-level
// comparison accepts another order or line but not another value, address or phase.
#include <catch2/catch.hpp>

#include "kernels/catalog.hpp"
#include "kernels/run/sanitizer_comparison.hpp"
#include "kernels/trace/analysis.hpp"

using namespace ws;
using trace::Event;
using trace::EventKind;

namespace {

Event ev(std::uint16_t thread, std::uint32_t seq, EventKind kind, std::uint64_t address,
         std::uint64_t value, std::uint16_t line = 10, std::uint16_t phase = 0) {
    Event e{};
    e.thread = thread;
    e.seq = seq;
    e.kind = kind;
    e.address = address;
    e.value = value;
    e.line = line;
    e.phase = phase;
    e.width = 4;
    return e;
}

trace::Trace one_block(std::vector<Event> events) {
    trace::Trace t;
    t.blocks.resize(1);
    t.blocks[0].events = std::move(events);
    return t;
}

}  // namespace

TEST_CASE(
    "as the Sanitizer API records: shuffles blanked, ballots kept, atomics' values left out") {
    Event shuffle = ev(37, 0, EventKind::Shuffle, 0, 42);
    shuffle.src_lane = 21;
    Event ballot = ev(37, 1, EventKind::Shuffle, 0, 0xff);
    ballot.src_lane = trace::kBallotSource;
    trace::Trace t = one_block({shuffle, ballot, ev(37, 2, EventKind::Atomic, 0, 151),
                                ev(37, 3, EventKind::AtomicWrite, 0, 152),
                                ev(37, 4, EventKind::GlobalWrite, 8, 7)});
    t.blocks[0].order = {0, 1, 2, 3, 4};
    t.totals.atomic_retries = 3;
    run::as_the_sanitizer_records(t);
    CHECK(t.totals.atomic_retries == 0);  // which atomics lost a race is not handed over
    const std::vector<Event>& e = t.blocks[0].events;
    REQUIRE(e.size() == 4);  // what the atomic left: not handed over
    CHECK(e[0].value == 0);
    CHECK(e[0].src_lane == 5);  // from the lane itself
    CHECK(e[1].value == 0xff);
    CHECK(e[1].src_lane == trace::kBallotSource);
    CHECK(e[2].kind == EventKind::Atomic);
    CHECK(e[2].value == 0);              // what it found: the order the blocks ran in
    CHECK(trace::is_left_unseen(e[2]));  // neither won nor lost
    CHECK(e[3].kind == EventKind::GlobalWrite);
    CHECK(e[3].seq == 3);  // numbered again
    CHECK(t.blocks[0].order.empty());
}

TEST_CASE("as the Sanitizer API records: one statement's loads in address order, no others") {
    // s[t] += s[t + k] on the emulator (s[t + k] first) and on the GPU (s[t] first).
    trace::Trace emulator =
        one_block({ev(0, 0, EventKind::SharedRead, 64, 5), ev(0, 1, EventKind::SharedRead, 0, 3),
                   ev(0, 2, EventKind::SharedWrite, 0, 8)});
    trace::Trace gpu =
        one_block({ev(0, 0, EventKind::SharedRead, 0, 3), ev(0, 1, EventKind::SharedRead, 64, 5),
                   ev(0, 2, EventKind::SharedWrite, 0, 8)});
    run::as_the_sanitizer_records(emulator);
    run::as_the_sanitizer_records(gpu);
    for (const trace::Trace* t : {&emulator, &gpu}) {
        CHECK(t->blocks[0].events[0].address == 0);
        CHECK(t->blocks[0].events[0].seq == 0);
        CHECK(t->blocks[0].events[1].address == 64);
    }
    // Loads on two lines, or of two threads, keep their order.
    trace::Trace lines = one_block(
        {ev(0, 0, EventKind::SharedRead, 64, 5, 11), ev(0, 1, EventKind::SharedRead, 0, 3, 12)});
    run::as_the_sanitizer_records(lines);
    CHECK(lines.blocks[0].events[0].address == 64);
}

TEST_CASE("the same accesses barrier by barrier: another order or line passes, nothing else") {
    const trace::Trace emulator = one_block({ev(0, 0, EventKind::SharedRead, 4, 1, 29),
                                             ev(0, 1, EventKind::SharedRead, 8, 2, 30),
                                             ev(0, 2, EventKind::SharedWrite, 8, 3, 31, 1)});
    // The compiler's: the same loads in the other order, the store on another line.
    trace::Trace gpu = one_block({ev(0, 0, EventKind::SharedRead, 8, 2, 30),
                                  ev(0, 1, EventKind::SharedRead, 4, 1, 29),
                                  ev(0, 2, EventKind::SharedWrite, 8, 3, 33, 1)});
    CHECK(run::same_accesses_by_phase(gpu, emulator) == "");
    SECTION("another value") {
        gpu.blocks[0].events[2].value = 4;
        CHECK(run::same_accesses_by_phase(gpu, emulator).find("value 4") != std::string::npos);
    }
    SECTION("another address") {
        gpu.blocks[0].events[0].address = 12;
        CHECK_FALSE(run::same_accesses_by_phase(gpu, emulator).empty());
    }
    SECTION("across a barrier") {
        gpu.blocks[0].events[2].phase = 0;
        CHECK_FALSE(run::same_accesses_by_phase(gpu, emulator).empty());
    }
    SECTION("one access fewer") {
        gpu.blocks[0].events.pop_back();
        CHECK(run::same_accesses_by_phase(gpu, emulator).find("the GPU did not make") == 9);
    }
    SECTION("another thread") {
        gpu.blocks[0].events[1].thread = 1;
        CHECK_FALSE(run::same_accesses_by_phase(gpu, emulator).empty());
    }
}

TEST_CASE("an atomic whose result was not seen counts as an atomic and not as a lost race") {
    // Thread 1's compare-and-swap wrote, thread 2's lost, thread 3's result was not seen.
    Event unseen = ev(3, 0, EventKind::Atomic, 0, 0, 12);
    unseen.src_lane = trace::kLeftUnseen;
    trace::Trace t = one_block({ev(1, 0, EventKind::Atomic, 0, 5, 12),
                                ev(1, 1, EventKind::AtomicWrite, 0, 6, 12),
                                ev(2, 0, EventKind::Atomic, 0, 6, 12), unseen});
    const trace::AtomicTally tally = trace::atomic_tally(t.blocks[0]);
    CHECK(tally.total.tries == 3);
    CHECK(tally.total.retries == 1);  // thread 2's only
    CHECK(tally.total.unseen == 1);
    CHECK(tally.by_thread.at(3).retries == 0);
    CHECK(tally.by_thread.at(3).unseen == 1);
    const trace::Counters c = trace::block_counters(t.blocks[0], 32);
    CHECK(c.atomics == 3);
    CHECK(c.atomic_retries == 1);
    CHECK(trace::has_unseen_atomics(t));
    t.blocks[0].events.pop_back();
    CHECK_FALSE(trace::has_unseen_atomics(t));
}

// The probe records every access the source writes; the unprobed code's optimizer may leave a
// load out (a value it holds in a register, or one it never uses), or a store its thread
// overwrites before the next barrier. Nothing else may be missing.
TEST_CASE("the same accesses but what the optimizer left out: loads and overwritten stores") {
    const trace::Trace probed = one_block(
        {ev(0, 0, EventKind::SharedRead, 4, 1, 29), ev(0, 1, EventKind::SharedWrite, 4, 3, 29),
         ev(0, 2, EventKind::SharedRead, 4, 3, 30), ev(0, 3, EventKind::GlobalRead, 64, 9, 31)});
    trace::Trace gpu = one_block(
        {ev(0, 0, EventKind::SharedRead, 4, 1, 29), ev(0, 1, EventKind::SharedWrite, 4, 3, 29)});
    std::size_t left_out = 0;
    CHECK(run::same_accesses_but_left_out(gpu, probed, left_out) == "");
    CHECK(left_out == 2);
    CHECK_FALSE(run::same_accesses_by_phase(gpu, probed).empty());
    SECTION("a store its thread overwrote before the barrier may be left out") {
        // avg[t] += avg[u]; avg[t] /= 2; as one load of each and one store.
        trace::Trace twice = probed;
        twice.blocks[0].events.push_back(ev(0, 4, EventKind::SharedWrite, 4, 1, 32));
        gpu.blocks[0].events[1].value = 1;  // only the last store of address 4
        CHECK(run::same_accesses_but_left_out(gpu, twice, left_out) == "");
        CHECK(left_out == 3);
        // Across a barrier, the first store is one another thread may read.
        twice.blocks[0].events.back().phase = 1;
        gpu.blocks[0].events[1].phase = 1;
        CHECK(run::same_accesses_but_left_out(gpu, twice, left_out)
                  .find("a store nothing overwrote") != std::string::npos);
    }
    SECTION("a store left out is a difference") {
        gpu.blocks[0].events.erase(gpu.blocks[0].events.begin() + 1);
        CHECK(run::same_accesses_but_left_out(gpu, probed, left_out).find("shared_write") !=
              std::string::npos);
    }
    SECTION("an access the probe did not make is a difference") {
        gpu.blocks[0].events.push_back(ev(0, 2, EventKind::SharedRead, 8, 0, 30));
        CHECK(
            run::same_accesses_but_left_out(gpu, probed, left_out).find("the probe did not make") !=
            std::string::npos);
    }
    SECTION("another value is a difference") {
        gpu.blocks[0].events[0].value = 2;
        CHECK_FALSE(run::same_accesses_but_left_out(gpu, probed, left_out).empty());
    }
    SECTION("the comparison counts them only when asked") {
        const VariantInfo& v = *find_variant("reduce-sequential");
        const run::SanitizerCrosscheck strict = run::compare_sanitizer_recording(v, gpu, probed);
        CHECK_FALSE(strict.difference.empty());
        const run::SanitizerCrosscheck loose =
            run::compare_sanitizer_recording(v, gpu, probed, true);
        CHECK(loose.difference.empty());
        CHECK(loose.left_out == 2);
    }
}

TEST_CASE("what the Sanitizer API cannot tell: drawn tiles and what atomics returned") {
    trace::Trace probed;
    CHECK(run::sanitizer_blind_spot(*find_variant("reduce-sequential"), probed) == "");
    CHECK(run::sanitizer_blind_spot(*find_variant("reduce-atomic-cas"), probed) == "");
    CHECK(run::sanitizer_blind_spot(*find_variant("scan-decoupled-lookback"), probed) ==
          run::kRecordsByTile);
    CHECK(run::sanitizer_blind_spot(*find_variant("compact-scan"), probed) == run::kRecordsByTile);
    CHECK(run::sanitizer_blind_spot(*find_variant("reduce-single-pass"), probed)
              .find("finished last") != std::string::npos);
    CHECK(run::sanitizer_blind_spot(*find_variant("reduce-spinlock"), probed).find("lock") !=
          std::string::npos);
    probed.totals.atomic_retries = 7;
    CHECK(run::sanitizer_blind_spot(*find_variant("reduce-atomic-cas"), probed)
              .rfind("7 compare-and-swaps lost their race", 0) == 0);
}
