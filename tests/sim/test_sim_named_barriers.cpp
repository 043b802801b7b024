// Named barriers (bar.sync id, threads) on the emulator: a group of whole warps waits for itself
// while the block's other warps run on or exit, and each misuse ends the launch in one line.
#include <string>
#include <vector>

#include "kernels/sim/emulator.hpp"
#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;
using ws::sim::named_barrier;
using ws::sim::yield_point;

namespace {

std::string message_of(const KernelError& e) {
    INFO(e.message);
    CHECK(e.message.find('\n') == std::string::npos);
    return e.message;
}

bool contains(const std::string& text, const std::string& part) {
    INFO(text);
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("four of seven warps meet at a named barrier while the other three run on and exit") {
    for (const char* schedule : {"lockstep", "sequential", "random:3", "random:11"}) {
        INFO(schedule);
        std::vector<int> seen(4 * 32 * 3, -1);
        int others_done = 0;
        run(config(1, 224, 64, schedule), [&] {
            auto* slots = reinterpret_cast<int*>(ws::sim::dynamic_smem());
            const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
            if (warp < 3) {  // not in the group: never arrive
                yield_point();
                if (lane == 0) ++others_done;
                return;
            }
            const unsigned member = warp - 3;
            for (int round = 0; round < 3; ++round) {
                if (lane == 0) slots[member] = round * 10 + int(member);
                yield_point();
                named_barrier(1, 128, __LINE__);
                // After the barrier every member's slot of this round is there.
                seen[(round * 4 + member) * 32 + lane] = slots[(member + 1) % 4];
                named_barrier(1, 128, __LINE__);  // nobody writes the next round's early
            }
        });
        CHECK(others_done == 3);
        for (int round = 0; round < 3; ++round)
            for (unsigned member = 0; member < 4; ++member)
                for (unsigned lane = 0; lane < 32; ++lane)
                    CHECK(seen[(round * 4 + member) * 32 + lane] ==
                          round * 10 + int((member + 1) % 4));
    }
}

TEST_CASE("a named barrier's misuse ends the launch with one line naming it") {
    SECTION("barrier 0 is __syncthreads's") {
        const auto e = run_expecting_error(config(1, 64), [] { named_barrier(0, 64, 21); });
        CHECK(contains(message_of(e), "bar.sync 0, 64: barrier 0 is __syncthreads's"));
        CHECK(e.line == 21);
    }
    SECTION("an id past 15") {
        const auto e = run_expecting_error(config(1, 64), [] { named_barrier(16, 64, 22); });
        CHECK(contains(message_of(e), "named barriers are 1 to 15"));
    }
    SECTION("a count that is not whole warps, or more than the block") {
        auto e = run_expecting_error(config(1, 64), [] { named_barrier(2, 48, 23); });
        CHECK(contains(message_of(e), "must be a multiple of 32, from 32 to the block's 64"));
        e = run_expecting_error(config(1, 64), [] { named_barrier(2, 96, 23); });
        CHECK(contains(message_of(e), "bar.sync 2, 96"));
    }
    SECTION("arrivals that disagree on the count") {
        const auto e = run_expecting_error(config(1, 128), [] {
            named_barrier(3, threadIdx.x < 64 ? 128 : 96, threadIdx.x < 64 ? 30 : 31);
        });
        CHECK(contains(message_of(e), "bar.sync 3, 96: earlier arrivals (line 30) said 128"));
        CHECK(e.line == 31);
    }
    SECTION("a count filled by parts of warps") {
        const auto e = run_expecting_error(config(1, 128), [] {
            if (threadIdx.x % 32 < 16) named_barrier(1, 64, 40);
        });
        CHECK(contains(message_of(e), "arrivals are not whole warps: warp 0 arrived with 16"));
    }
    SECTION("a member warp exits: a deadlock naming the barrier and its arrivals") {
        const auto e = run_expecting_error(config(1, 128), [] {
            if (threadIdx.x >= 96) return;
            named_barrier(1, 128, 50);
        });
        CHECK(contains(message_of(e), "deadlock"));
        CHECK(contains(e.message, "bar.sync 1, 128 on line 50 (96 of 128 arrived)"));
        CHECK(contains(e.message, "32 threads have exited"));
        CHECK(e.thread == 0);
    }
    require_emulator_still_works();
}
