// Races found, shrunk and told: run a kernel on the emulator under many schedules that differ
// from lockstep by a few threads running ahead, keep one that gives another result, shrink it to
// the fewest and shortest run-aheads that still do, and say in words which two accesses swapped.
// And the bounded exhaustive check: every schedule in which one thread runs ahead once.
//
// The schedules searched are lockstep (every thread makes one shared access in turn) plus
// run-aheads (sim::RunAhead: thread T, at its turn J, runs K more turns before any other). Every
// schedule is named by its text ("lockstep,0@9+3"), which `--schedule` replays.
#pragma once
#include <atomic>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "kernels/sim/emulator.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

// One shared access of a race: who, where in the source, which element, what it read or wrote.
struct RaceAccess {
    unsigned thread = 0, line = 0;
    bool write = false;
    std::uint64_t index = 0;  // element of the shared array
    std::string value;
};

// "thread 0 runs 3 turns ahead at its turn 9".
std::string run_ahead_text(const sim::RunAhead& a);

// What the search found. `story` says it in words, a line each.
struct RaceStory {
    std::string error;  // the request cannot run (one line); nothing else is set
    std::string lockstep_result, expected;
    bool lockstep_right = false;
    std::uint64_t lockstep_hazards = 0;  // shared words raced on in the lockstep trace

    bool found = false;  // a schedule gave a wrong result (or a kernel error)
    unsigned tries = 0, found_at_try = 0;
    std::size_t decisions_found = 0;       // run-aheads of the failing try, before shrinking
    std::vector<sim::RunAhead> decisions;  // after shrinking
    std::string schedule;                  // lockstep with `decisions`: replays the failure
    std::string failing_result;            // or the kernel error it ended with
    bool has_pair = false;
    RaceAccess early, late;  // under `schedule` early ran first; under lockstep late did
    std::vector<std::string> story;
};

struct RaceSearch {
    trace::Request request;  // its schedule is ignored: the search chooses
    unsigned tries = 200;
    std::uint64_t seed = 1;  // the same seed, the same story
};

RaceStory find_race(const RaceSearch& search, const std::atomic<bool>* cancel = nullptr);

// The bounded exhaustive check: lockstep, then every schedule in which one thread (any) runs
// ahead once (at any of its turns) by any of kBoundExtras turns. The smallest failing schedule
// (fewest extra turns, then lowest thread and turn) is the counter-example.
inline constexpr unsigned kBoundExtras[] = {1, 2, 3, 4, 5, 6, 7, 8, 16, 64};

struct BoundedCheck {
    std::string error;            // the request cannot run
    std::uint64_t schedules = 0;  // run, lockstep included
    unsigned threads = 0, most_turns = 0;
    std::uint64_t lockstep_hazards = 0;
    bool counterexample = false;
    sim::RunAhead smallest;
    std::string schedule;  // the counter-example's, replayable
    std::string got;       // how the counter-example went wrong: "the sum is 203, not -181"
    std::string lockstep_result;
    bool cancelled = false;
    // What the bound covers and what it does not, in one paragraph.
    std::string bound;
};

// `extras`: the run-ahead lengths tried (the bound); kBoundExtras unless a caller needs less.
BoundedCheck check_bounded(const trace::Request& request,
                           const std::vector<unsigned>& extras = {std::begin(kBoundExtras),
                                                                  std::end(kBoundExtras)},
                           const std::atomic<bool>* cancel = nullptr);

}  // namespace ws::run
