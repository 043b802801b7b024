// Emulator errors at barriers and warp collectives: each ends the launch with a KernelError
// whose message names the kernel line and the thread, unwinds every simulated thread, and
// leaves the emulator ready for the next launch on the same OS thread.
#include <string>

#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;

namespace {

// Lines of the calls that go wrong, written by the kernels just before they make them.
unsigned g_line_a = 0, g_line_b = 0;

// Counts constructions and destructions of an object every simulated thread holds on its
// stack: equal counts after a failed launch mean every fiber was unwound.
int g_alive = 0, g_made = 0;
struct StackGuard {
    StackGuard() { ++g_alive, ++g_made; }
    ~StackGuard() { --g_alive; }
    StackGuard(const StackGuard&) = delete;
    StackGuard& operator=(const StackGuard&) = delete;
};

void check_error(const KernelError& e, unsigned line, unsigned block, unsigned thread,
                 const std::string& phrase) {
    INFO(e.message);
    CHECK(e.line == line);
    CHECK(e.block == block);
    CHECK(e.thread == thread);
    CHECK(e.message.find("line " + std::to_string(line)) != std::string::npos);
    CHECK(e.message.find("thread " + std::to_string(thread)) != std::string::npos);
    CHECK(e.message.find(phrase) != std::string::npos);
    CHECK(e.message.find('\n') == std::string::npos);  // one line
}

__global__ void divergent_barrier(unsigned bad_block) {
    StackGuard guard;
    if (blockIdx.x == bad_block && threadIdx.x >= 40) {
        g_line_b = __LINE__ + 1;
        __syncthreads();
    } else {
        g_line_a = __LINE__ + 1;
        __syncthreads();
    }
}

__global__ void barrier_after_exit() {
    if (threadIdx.x % 32 == 7) return;  // lanes 7, 39, ... leave early
    g_line_a = __LINE__ + 1;
    __syncthreads();
}

__global__ void count_and_plain_barrier() {
    if (threadIdx.x == 0) {
        g_line_a = __LINE__ + 1;
        __syncthreads_count(1);
    } else {
        g_line_b = __LINE__ + 1;
        __syncthreads();
    }
}

__global__ void syncwarp_with_exited_lane() {
    StackGuard guard;
    if (threadIdx.x % 32 == 5) return;
    g_line_a = __LINE__ + 1;
    __syncwarp();
}

__global__ void shuffle_with_lane_at_barrier() {
    if (threadIdx.x == 3) {
        g_line_b = __LINE__ + 1;
        __syncthreads();
    } else if (threadIdx.x < 32) {
        g_line_a = __LINE__ + 1;
        (void)__shfl_sync(0xffffffffu, 1, 0);
    } else {
        __syncthreads();
    }
}

}  // namespace

TEST_CASE("barrier divergence: threads at __syncthreads on different lines", "[sim][errors]") {
    for (const char* schedule : {"lockstep", "sequential", "random:4"}) {
        INFO(schedule);
        g_alive = g_made = 0;
        int finished_blocks = 0;
        const KernelError e = run_expecting_error(config(4, 64, 0, schedule), [&] {
            divergent_barrier(2);
            if (threadIdx.x == 0) ++finished_blocks;
        });
        check_error(e, g_line_b, 2, 40, "barrier divergence");
        CHECK(e.message.find("line " + std::to_string(g_line_a)) != std::string::npos);
        CHECK(finished_blocks == 2);  // blocks 0 and 1 ran; the launch stopped in block 2
        CHECK(g_made == 64 * 3);
        CHECK(g_alive == 0);  // block 2's threads were unwound
        require_emulator_still_works();
    }
}

TEST_CASE("barrier divergence between __syncthreads_count and __syncthreads", "[sim][errors]") {
    const KernelError e = run_expecting_error(config(1, 64), [] { count_and_plain_barrier(); });
    check_error(e, g_line_b, 0, 1, "barrier divergence");
    CHECK(e.message.find("__syncthreads_count") != std::string::npos);
    CHECK(e.message.find("line " + std::to_string(g_line_a)) != std::string::npos);
    require_emulator_still_works();
}

TEST_CASE("a barrier after some threads exited", "[sim][errors]") {
    const KernelError e = run_expecting_error(config(2, 64), [] { barrier_after_exit(); });
    check_error(e, g_line_a, 0, 0, "already exited");
    CHECK(e.message.find("thread 7 ") != std::string::npos);
    require_emulator_still_works();
}

TEST_CASE("a warp collective whose mask names a lane that exited", "[sim][errors]") {
    g_alive = g_made = 0;
    const KernelError e = run_expecting_error(config(1, 64), [] { syncwarp_with_exited_lane(); });
    check_error(e, g_line_a, 0, 0, "names lane 5, which never arrives: it exited");
    CHECK(g_alive == 0);
    require_emulator_still_works();
}

TEST_CASE("a warp collective whose mask names a lane waiting at a barrier", "[sim][errors]") {
    const KernelError e =
        run_expecting_error(config(1, 64), [] { shuffle_with_lane_at_barrier(); });
    check_error(e, g_line_a, 0, 0, "names lane 3");
    CHECK(e.message.find("__syncthreads on line " + std::to_string(g_line_b)) != std::string::npos);
    require_emulator_still_works();
}

TEST_CASE("a collective mask that does not include the caller", "[sim][errors]") {
    const KernelError e = run_expecting_error(config(1, 32), [] {
        const unsigned lane = threadIdx.x % 32;
        const unsigned mask = lane == 9 ? 0x00000100u : 0xfffffdffu;  // lane 9 names lane 8 only
        g_line_a = __LINE__ + 1;
        __syncwarp(mask);
    });
    check_error(e, g_line_a, 0, 9, "does not include the calling lane 9");
    require_emulator_still_works();
}

TEST_CASE("a collective mask naming lanes a partial warp does not have", "[sim][errors]") {
    // 48 threads: warp 1 has lanes 0..15 only.
    const KernelError e = run_expecting_error(config(1, 48), [] {
        g_line_a = __LINE__ + 1;
        (void)__ballot_sync(0xffffffffu, 1);
    });
    check_error(e, g_line_a, 0, 32, "0xffff0000");
    CHECK(e.message.find("16 threads") != std::string::npos);
    require_emulator_still_works();
    // The partial mask is fine.
    unsigned ballot = 0;
    run(config(1, 48), [&] {
        const unsigned b = __ballot_sync(threadIdx.x < 32 ? 0xffffffffu : 0x0000ffffu, 1);
        if (threadIdx.x == 40) ballot = b;
    });
    CHECK(ballot == 0x0000ffffu);
}

TEST_CASE("a shuffle reading a lane outside the mask", "[sim][errors]") {
    const KernelError e = run_expecting_error(config(1, 32), [] {
        if (threadIdx.x >= 16) return;
        g_line_a = __LINE__ + 1;
        (void)__shfl_down_sync(0x0000ffffu, 1.5, 1);  // lane 15 would read lane 16
    });
    check_error(e, g_line_a, 0, 15, "reads lane 16, which is not in the mask 0x0000ffff");
    require_emulator_still_works();
    // Within a 16-wide segment, lane 15 keeps its own value: no error.
    run(config(1, 32), [] {
        if (threadIdx.x < 16) (void)__shfl_down_sync(0x0000ffffu, 1.5, 1, 16);
    });
}

TEST_CASE("lanes that disagree on the mask", "[sim][errors]") {
    const KernelError e = run_expecting_error(config(1, 32), [] {
        const unsigned mask = threadIdx.x == 0 ? 0x00000003u : 0xffffffffu;
        g_line_a = __LINE__ + 1;
        (void)__shfl_xor_sync(mask, 7, 1);
    });
    CHECK(e.line == g_line_a);
    CHECK(e.message.find("lanes disagree") != std::string::npos);
    CHECK(e.message.find("0x00000003") != std::string::npos);
    CHECK(e.message.find("thread " + std::to_string(e.thread)) != std::string::npos);
    require_emulator_still_works();
}

TEST_CASE("lanes at different kinds of collective", "[sim][errors]") {
    const KernelError e = run_expecting_error(config(1, 32), [] {
        if (threadIdx.x == 4) {
            g_line_b = __LINE__ + 1;
            (void)__any_sync(0xffffffffu, 1);
        } else {
            g_line_a = __LINE__ + 1;
            (void)__all_sync(0xffffffffu, 1);
        }
    });
    CHECK(e.message.find("lanes disagree") != std::string::npos);
    CHECK(e.message.find("__any_sync (line " + std::to_string(g_line_b)) != std::string::npos);
    CHECK(e.message.find("__all_sync (line " + std::to_string(g_line_a)) != std::string::npos);
    require_emulator_still_works();
}

TEST_CASE("invalid shuffle widths", "[sim][errors]") {
    for (int width : {0, 3, 6, 12, 33, 64, -32}) {
        INFO("width " << width);
        const KernelError e = run_expecting_error(config(1, 32), [&] {
            g_line_a = __LINE__ + 1;
            (void)__shfl_sync(0xffffffffu, 1, 0, width);
        });
        check_error(e, g_line_a, 0, 0, "width " + std::to_string(width));
    }
    require_emulator_still_works();
}
