// Block schedules: the order blocks start in, how many run at once (the resident set), threads
// that run ahead, and the deadlock a too-small resident set causes when blocks wait for each
// other. Every launch here ends: a deadlock is reported, never waited out.
#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;
using ws::sim::BlockWait;
using ws::sim::Schedule;

namespace {

unsigned g_wait_line = 0;

// Block b waits for block b-1's flag, then sets its own: a look-back in miniature.
void chained(std::vector<int>& flags) {
    const unsigned b = blockIdx.x;
    if (threadIdx.x == 0 && b > 0) {
        volatile int* f = flags.data();
        g_wait_line = __LINE__ + 1;
        while (f[b - 1] == 0) ws::sim::spin_turn(__LINE__, b - 1);
    }
    __syncthreads();
    if (threadIdx.x == 0) flags[b] = 1;
}

std::vector<unsigned> start_order(const char* schedule, unsigned blocks) {
    std::vector<unsigned> started;
    run(config(blocks, 32, 0, schedule), [&] {
        if (threadIdx.x == 0) started.push_back(blockIdx.x);
    });
    return started;
}

}  // namespace

TEST_CASE("a schedule reads back from its own text, and bad items are refused with a reason") {
    for (const char* text : {"lockstep", "random:7", "lockstep,blocks=reverse,resident=2",
                             "random:3,blocks=random:9,resident=4", "lockstep,0@9+3,2/5@1+2",
                             "converged,1@2+1", "lockstep,copies=lazy",
                             "lockstep,resident=3,copies=delay:4", "random:1,copies=random:5"}) {
        const auto s = Schedule::parse(text);
        REQUIRE(s);
        CHECK(s->name() == text);
    }
    const auto s = Schedule::parse("lockstep,2/5@1+3,resident=3");
    REQUIRE(s);
    CHECK(s->resident == 3);
    REQUIRE(s->ahead.size() == 1);
    CHECK(s->ahead[0] == ws::sim::RunAhead{2, 5, 1, 3});
    CHECK(s->copies == ws::sim::CopyPolicy::Prompt);
    const auto lazy = Schedule::parse("lockstep,copies=delay:7");
    REQUIRE(lazy);
    CHECK(lazy->copies == ws::sim::CopyPolicy::Delay);
    CHECK(lazy->copy_delay == 7);
    CHECK(Schedule::parse("lockstep,copies=prompt")->name() == "lockstep");
    for (auto [text, reason] : std::vector<std::pair<const char*, const char*>>{
             {"lockstep,resident=0", "resident= takes a number of blocks from 1 to 64"},
             {"lockstep,resident=65", "from 1 to 64"},
             {"sequential,0@1+1", "only of a lockstep schedule"},
             {"random:2,0@1+1", "only of a lockstep schedule"},
             {"lockstep,blocks=sideways", "blocks= takes in-order, reverse or random:SEED"},
             {"lockstep,0@0+1", "is not blocks=..., resident=R, copies=... or T@J+K"},
             {"lockstep,copies=never", "copies= takes prompt, delay:K, lazy or random:SEED"},
             {"lockstep,copies=delay:x", "copies=delay:K takes K from 0 to 1000000"},
             {"lockstep,copies=delay:1000001", "copies=delay:K takes K from 0 to 1000000"},
             {"lockstep,", "is not blocks="},
             {"chaos", "lockstep, sequential, random:SEED or converged"}}) {
        std::string why;
        INFO(text);
        CHECK_FALSE(Schedule::parse(text, &why));
        CHECK(why.find(reason) != std::string::npos);
    }
}

TEST_CASE("blocks start in order, in reverse, or shuffled by a seed") {
    std::vector<unsigned> in_order(6);
    std::iota(in_order.begin(), in_order.end(), 0u);
    CHECK(start_order("lockstep", 6) == in_order);
    CHECK(start_order("lockstep,blocks=in-order", 6) == in_order);
    std::vector<unsigned> reverse(in_order.rbegin(), in_order.rend());
    CHECK(start_order("lockstep,blocks=reverse", 6) == reverse);
    const auto shuffled = start_order("lockstep,blocks=random:4", 6);
    CHECK(std::is_permutation(shuffled.begin(), shuffled.end(), in_order.begin()));
    CHECK(shuffled != in_order);
    CHECK(start_order("lockstep,blocks=random:4", 6) == shuffled);  // the seed decides
    CHECK(start_order("lockstep,blocks=random:5", 6) != shuffled);
}

TEST_CASE("with room for two blocks, two blocks' threads take turns") {
    for (unsigned resident : {1u, 2u}) {
        std::vector<unsigned> log;  // the block of each turn
        const std::string s = "lockstep,resident=" + std::to_string(resident);
        run(config(3, 32, 0, s.c_str()), [&] {
            for (int k = 0; k < 3; ++k) {
                if (threadIdx.x == 0) log.push_back(blockIdx.x);
                ws::sim::yield_point();
            }
        });
        REQUIRE(log.size() == 9);
        const auto last_of_0 = std::find(log.rbegin(), log.rend(), 0u).base() - log.begin();
        const auto first_of_1 = std::find(log.begin(), log.end(), 1u) - log.begin();
        const auto first_of_2 = std::find(log.begin(), log.end(), 2u) - log.begin();
        INFO("resident " << resident);
        if (resident == 1) {
            CHECK(first_of_1 >= last_of_0);  // block 1 starts when block 0 has finished
        } else {
            CHECK(first_of_1 < last_of_0);  // block 1 runs while block 0 still does
            CHECK(first_of_2 > first_of_1);
        }
    }
}

TEST_CASE("a thread that runs ahead takes its extra turns before any other thread") {
    for (auto [schedule, expected] : std::vector<std::pair<const char*, std::vector<unsigned>>>{
             {"lockstep", {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}},
             {"lockstep,0@1+2", {0, 0, 0, 1, 2, 3, 1, 2, 3, 1, 2, 3}},
             {"lockstep,2@2+1", {0, 1, 2, 3, 0, 1, 2, 2, 3, 0, 1, 3}}}) {
        std::vector<unsigned> log;
        run(config(1, 4, 0, schedule), [&] {
            for (int k = 0; k < 3; ++k) {
                log.push_back(threadIdx.x);
                ws::sim::yield_point();
            }
        });
        INFO(schedule);
        CHECK(log == expected);
    }
}

TEST_CASE("blocks that wait for blocks that cannot start are a deadlock, reported with a picture") {
    std::vector<int> flags(4, 0);
    auto body = [&] { chained(flags); };
    run(config(4, 64, 0, "lockstep"), body);  // in order: each waits for a finished block
    std::fill(flags.begin(), flags.end(), 0);
    run(config(4, 64, 0, "lockstep,blocks=reverse,resident=4"), body);  // room for all: fine

    std::fill(flags.begin(), flags.end(), 0);
    KernelError e = run_expecting_error(config(4, 64, 0, "lockstep,blocks=reverse"), body);
    CHECK(e.message == "line " + std::to_string(g_wait_line) +
                           ", block 3 thread 0: no block can go on (deadlock): block 3 spins at "
                           "line " +
                           std::to_string(g_wait_line) +
                           " waiting for 2; blocks 0-2 cannot start: room for 1 block at once "
                           "(resident=1) and it is held by waiting blocks");
    REQUIRE(e.grid.size() == 4);
    for (unsigned b = 0; b < 3; ++b) CHECK(e.grid[b].state == BlockWait::State::NotStarted);
    CHECK(e.grid[3].state == BlockWait::State::Waiting);
    CHECK(e.grid[3].waits_for == 2);
    CHECK(e.grid[3].line == g_wait_line);

    std::fill(flags.begin(), flags.end(), 0);
    e = run_expecting_error(config(4, 64, 0, "lockstep,blocks=reverse,resident=2"), body);
    CHECK(e.message.find("block 3 spins at line " + std::to_string(g_wait_line) +
                         " waiting for 2; block 2 spins") != std::string::npos);
    CHECK(e.message.find("blocks 0-1 cannot start: room for 2 blocks at once (resident=2)") !=
          std::string::npos);
    CHECK(e.grid[2].state == BlockWait::State::Waiting);
    CHECK(e.grid[2].waits_for == 1);

    // A block that finished before the others got stuck is drawn as finished.
    std::fill(flags.begin(), flags.end(), 0);
    e = run_expecting_error(config(Dim{4, 1, 1}, Dim{64, 1, 1}, 0, "lockstep,blocks=random:1"),
                            body);
    unsigned finished = 0, waiting = 0;
    for (const BlockWait& w : e.grid) {
        finished += w.state == BlockWait::State::Finished;
        waiting += w.state == BlockWait::State::Waiting;
    }
    CHECK(waiting == 1);
    CHECK(finished + waiting < 4);
    require_emulator_still_works();
}

TEST_CASE("more resident threads than the emulator keeps are refused before anything runs") {
    const KernelError e = run_expecting_error(config(64, 1024, 0, "lockstep,resident=64"), [] {});
    CHECK(e.message ==
          "resident=64 blocks of 1024 threads are more threads at once than the emulator runs "
          "(16384)");
}
