// Emulator semantics: __syncwarp(mask) orders the named lanes (and only them), __ballot_sync,
// __any_sync and __all_sync over full and partial masks, __popc and __ffs.
#include <vector>

#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;

namespace {

const char* const kSchedules[] = {"lockstep", "sequential", "random:3"};

// Lanes 0..15 and 16..31 each pass values around their half, with a __syncwarp of their own
// half between write and read. Under the sequential schedule lane 0 would otherwise read its
// neighbour's 0xCD before the neighbour wrote.
__global__ void halves_rotate(int* out) {
    int* s = reinterpret_cast<int*>(ws::sim::dynamic_smem());
    const unsigned t = threadIdx.x, lane = t % 32, warp_base = t - lane;
    const unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    const unsigned first = lane < 16 ? 0 : 16;
    ws::sim::yield_point();
    s[t] = int(t) * 10;
    __syncwarp(half);
    ws::sim::yield_point();
    const int got = s[warp_base + first + (lane - first + 1) % 16];
    __syncwarp(half);
    ws::sim::yield_point();
    s[t] = got;
    __syncwarp(half);
    out[t] = s[t];
}

struct WarpVote {
    unsigned ballot = 0;
    int any = -1, all = -1;
    bool called = false;
};

__global__ void vote(unsigned mask, int modulus, WarpVote* out) {
    const unsigned t = threadIdx.x, lane = t % 32;
    if (!((mask >> lane) & 1u)) return;
    const int pred = int(lane % unsigned(modulus) == 0);
    out[t].ballot = __ballot_sync(mask, pred);
    out[t].any = __any_sync(mask, pred);
    out[t].all = __all_sync(mask, pred);
    out[t].called = true;
}

void check_vote(unsigned mask, int modulus) {
    INFO("mask " << std::hex << mask << std::dec << ", lanes with lane % " << modulus << " == 0");
    std::vector<WarpVote> out(64);
    run(config(1, 64), [&] { vote(mask, modulus, out.data()); });
    unsigned want = 0;
    for (unsigned lane = 0; lane < 32; ++lane)
        if (((mask >> lane) & 1u) && lane % unsigned(modulus) == 0) want |= 1u << lane;
    for (unsigned t = 0; t < 64; ++t) {
        const bool in_mask = (mask >> (t % 32)) & 1u;
        REQUIRE(out[t].called == in_mask);
        if (!in_mask) continue;
        REQUIRE(out[t].ballot == want);
        REQUIRE(out[t].any == int(want != 0));
        REQUIRE(out[t].all == int(want == mask));
    }
}

}  // namespace

TEST_CASE("__syncwarp with partial masks orders each half-warp on its own", "[sim]") {
    for (const char* schedule : kSchedules) {
        INFO(schedule);
        std::vector<int> out(64, -1);
        run(config(1, 64, 64 * sizeof(int), schedule), [&] { halves_rotate(out.data()); });
        for (int t = 0; t < 64; ++t) {
            const int first = t / 16 * 16;
            REQUIRE(out[t] == (first + (t - first + 1) % 16) * 10);
        }
    }
}

TEST_CASE("without __syncwarp the sequential schedule shows the missing synchronisation", "[sim]") {
    // The same exchange with no __syncwarp: lane 0 runs to its end before lane 1 writes.
    std::vector<int> out(32, -1);
    run(config(1, 32, 32 * sizeof(int), "sequential"), [&] {
        int* s = reinterpret_cast<int*>(ws::sim::dynamic_smem());
        const unsigned t = threadIdx.x;
        s[t] = int(t);
        out[t] = s[(t + 1) % 32];
    });
    CHECK(out[0] == int(0xCDCDCDCDu));
    CHECK(out[31] == 0);
}

TEST_CASE("__ballot_sync, __any_sync and __all_sync over full and partial masks", "[sim]") {
    for (unsigned mask : {0xffffffffu, 0x0000ffffu, 0xaaaaaaaau, 0x80000001u, 0x00000010u,
                          0xfffffff0u, 0x0f0f0f0fu})
        for (int modulus : {1, 2, 3, 5, 64}) check_vote(mask, modulus);
}

TEST_CASE("votes in a partial warp name only the lanes that exist", "[sim]") {
    std::vector<unsigned> ballots(40, 0);
    run(config(1, 40), [&] {
        const unsigned t = threadIdx.x;
        const unsigned mask = t < 32 ? 0xffffffffu : 0x000000ffu;
        ballots[t] = __ballot_sync(mask, 1);
    });
    for (unsigned t = 0; t < 32; ++t) REQUIRE(ballots[t] == 0xffffffffu);
    for (unsigned t = 32; t < 40; ++t) REQUIRE(ballots[t] == 0x000000ffu);
}

TEST_CASE("__popc and __ffs", "[sim]") {
    CHECK(__popc(0u) == 0);
    CHECK(__popc(1u) == 1);
    CHECK(__popc(0xffffffffu) == 32);
    CHECK(__popc(0x80000001u) == 2);
    CHECK(__popc(0x0f0f0f0fu) == 16);
    CHECK(__ffs(0) == 0);
    CHECK(__ffs(1) == 1);
    CHECK(__ffs(0x18) == 4);
    CHECK(__ffs(int(0x80000000u)) == 32);
    CHECK(__ffs(-1) == 1);
    // The usual pairing: the first lane whose predicate holds, and how many do.
    std::vector<int> leader(64, -1), voters(64, -1);
    run(config(1, 64), [&] {
        const unsigned t = threadIdx.x, lane = t % 32;
        const unsigned b = __ballot_sync(0xffffffffu, lane >= 5 && lane % 4 == 1);
        leader[t] = __ffs(int(b)) - 1;
        voters[t] = __popc(b);
    });
    for (int t = 0; t < 64; ++t) {
        REQUIRE(leader[t] == 5);
        REQUIRE(voters[t] == 7);  // lanes 5, 9, ..., 29
    }
}

TEST_CASE("a loop whose ballot shrinks the mask to the lanes still looping", "[sim]") {
    // Each lane loops lane % 5 times; every round's collectives name exactly the lanes that
    // stay, so lanes that left never block the others.
    std::vector<int> sums(64, -1), rounds(64, -1);
    for (const char* schedule : kSchedules) {
        INFO(schedule);
        run(config(1, 64, 0, schedule), [&] {
            const unsigned lane = threadIdx.x % 32;
            unsigned mask = 0xffffffffu;
            int sum = 0, r = 0;
            for (;;) {
                const bool more = r < int(lane % 5);
                const unsigned next = __ballot_sync(mask, more);
                if (!more) break;
                mask = next;
                __syncwarp(mask);
                sum += __shfl_sync(mask, int(lane), __ffs(int(mask)) - 1);
                ++r;
            }
            sums[threadIdx.x] = sum;
            rounds[threadIdx.x] = r;
        });
        for (unsigned t = 0; t < 64; ++t) {
            const int k = int(t % 32 % 5);
            REQUIRE(rounds[t] == k);
            REQUIRE(sums[t] == k * (k + 1) / 2);  // round r's lowest remaining lane is r + 1
        }
    }
}

TEST_CASE("__syncwarp may be reached from different lines (Volta and later)", "[sim]") {
    std::vector<int> out(32, -1);
    run(config(1, 32, 32 * sizeof(int), "sequential"), [&] {
        int* s = reinterpret_cast<int*>(ws::sim::dynamic_smem());
        const unsigned t = threadIdx.x;
        s[t] = int(t) + 100;
        if (t % 2 == 0)
            __syncwarp();
        else
            __syncwarp();
        out[t] = s[31 - t];
    });
    for (int t = 0; t < 32; ++t) REQUIRE(out[t] == 131 - t);
}
