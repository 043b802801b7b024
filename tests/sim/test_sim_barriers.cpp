// Emulator semantics: __syncthreads orders every thread's writes before any thread's later reads,
// under every schedule; __syncthreads_count/_and/_or combine the predicates of the whole block.
#include <vector>

#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;

namespace {

const char* const kSchedules[] = {"lockstep", "sequential", "random:7", "random:12345"};

// Each step reads a neighbour's value written before the barrier, then overwrites its own.
// Without the barriers the sequential schedule would read stale or 0xCD values.
__global__ void rotate_through_barriers(int* out, unsigned rounds) {
    int* s = reinterpret_cast<int*>(ws::sim::dynamic_smem());
    const unsigned t = linear_tid(), n = blockDim.x * blockDim.y * blockDim.z;
    s[t] = int(t);
    __syncthreads();
    for (unsigned r = 0; r < rounds; ++r) {
        ws::sim::yield_point();
        const int next = s[(t + 1) % n];
        __syncthreads();
        ws::sim::yield_point();
        s[t] = next;
        __syncthreads();
    }
    out[blockIdx.x * n + t] = s[t];
}

struct Votes {
    int count = -1, all = -1, any = -1;
    int count_all_true = -1, and_all_true = -1, or_all_false = -1, and_one_false = -1;
};

__global__ void vote_in_block(Votes* out) {
    const unsigned t = linear_tid();
    Votes v;
    v.count = __syncthreads_count(t % 3 == 0);
    v.all = __syncthreads_and(t % 3 == 0);
    v.any = __syncthreads_or(t == blockDim.x * blockDim.y - 1);
    v.count_all_true = __syncthreads_count(7);  // any non-zero value is true
    v.and_all_true = __syncthreads_and(-1);
    v.or_all_false = __syncthreads_or(0);
    v.and_one_false = __syncthreads_and(t != 37);
    out[blockIdx.x * blockDim.x * blockDim.y + t] = v;
}

}  // namespace

TEST_CASE("__syncthreads orders writes before reads under every schedule", "[sim]") {
    constexpr unsigned kThreads = 256, kRounds = 5;
    for (const char* schedule : kSchedules) {
        INFO(schedule);
        std::vector<int> out(2 * kThreads, -1);
        run(config(Dim{2, 1, 1}, Dim{32, 8, 1}, kThreads * sizeof(int), schedule),
            [&] { rotate_through_barriers(out.data(), kRounds); });
        for (unsigned i = 0; i < out.size(); ++i)
            REQUIRE(out[i] == int((i % kThreads + kRounds) % kThreads));
    }
}

TEST_CASE("__syncthreads_count, _and and _or with mixed predicates", "[sim]") {
    for (const char* schedule : kSchedules) {
        INFO(schedule);
        constexpr unsigned kThreads = 100;  // 3 full warps and a partial one
        std::vector<Votes> out(2 * kThreads);
        run(config(Dim{2, 1, 1}, Dim{20, 5, 1}, 0, schedule), [&] { vote_in_block(out.data()); });
        for (unsigned i = 0; i < out.size(); ++i) {
            INFO("thread " << i);
            const Votes& v = out[i];
            REQUIRE(v.count == 34);  // t = 0, 3, ..., 99
            REQUIRE(v.all == 0);
            REQUIRE(v.any == 1);
            REQUIRE(v.count_all_true == int(kThreads));
            REQUIRE(v.and_all_true == 1);
            REQUIRE(v.or_all_false == 0);
            REQUIRE(v.and_one_false == 0);
        }
    }
}

TEST_CASE("__syncthreads_or is false and _and true when no thread disagrees", "[sim]") {
    std::vector<int> got(3 * 64, -1);
    run(config(3, 64), [&] {
        const unsigned t = threadIdx.x;
        const bool odd_block = blockIdx.x % 2 == 1;
        // Only in block 1 does any thread raise the flag; only block 1 sees it.
        const int any = __syncthreads_or(odd_block && t == 63);
        const int all = __syncthreads_and(!odd_block || t != 0);
        got[blockIdx.x * 64 + t] = any * 10 + all;
    });
    for (unsigned i = 0; i < got.size(); ++i) REQUIRE(got[i] == (i / 64 == 1 ? 10 : 1));
}
