// Emulator semantics: threadIdx, blockIdx, blockDim and gridDim in 1D, 2D and 3D; the order in
// which blocks run; how threads of a multi-dimensional block form warps.
#include <algorithm>
#include <vector>

#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;

namespace {

struct Seen {
    uint3 thread, block;
    dim3 block_dim, grid_dim;
    unsigned emulator_thread = ~0u, emulator_block = ~0u;
    int visits = 0;
};

__global__ void record_indices(Seen* seen, unsigned* block_order, unsigned* next_ticket) {
    const unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    const unsigned threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned t = linear_tid();
    Seen& s = seen[block * threads + t];
    s.thread = threadIdx;
    s.block = blockIdx;
    s.block_dim = blockDim;
    s.grid_dim = gridDim;
    s.emulator_thread = ws::sim::current_thread_linear();
    s.emulator_block = ws::sim::current_block_linear();
    ++s.visits;
    if (t == 0) block_order[block] = atomicAdd(next_ticket, 1u);
}

void check_indices(Dim grid, Dim block) {
    const unsigned threads = unsigned(block.count()), blocks = unsigned(grid.count());
    std::vector<Seen> seen(std::size_t(threads) * blocks);
    std::vector<unsigned> order(blocks, ~0u);
    unsigned ticket = 0;
    run(config(grid, block), [&] { record_indices(seen.data(), order.data(), &ticket); });
    REQUIRE(ticket == blocks);

    unsigned b = 0;
    for (unsigned bz = 0; bz < grid.z; ++bz)
        for (unsigned by = 0; by < grid.y; ++by)
            for (unsigned bx = 0; bx < grid.x; ++bx, ++b) {
                INFO("block " << b);
                CHECK(order[b] == b);  // blocks run in linear order: x fastest, then y, then z
                unsigned t = 0;
                for (unsigned z = 0; z < block.z; ++z)
                    for (unsigned y = 0; y < block.y; ++y)
                        for (unsigned x = 0; x < block.x; ++x, ++t) {
                            const Seen& s = seen[b * threads + t];
                            INFO("thread " << t);
                            REQUIRE(s.visits == 1);
                            CHECK((s.thread.x == x && s.thread.y == y && s.thread.z == z));
                            CHECK((s.block.x == bx && s.block.y == by && s.block.z == bz));
                            CHECK((s.block_dim.x == block.x && s.block_dim.y == block.y &&
                                   s.block_dim.z == block.z));
                            CHECK((s.grid_dim.x == grid.x && s.grid_dim.y == grid.y &&
                                   s.grid_dim.z == grid.z));
                            CHECK(s.emulator_thread == t);
                            CHECK(s.emulator_block == b);
                        }
            }
}

// Lane 0 of each warp broadcasts its (x, y, z); lanes record it and their own lane number.
__global__ void warp_membership(unsigned* leader_packed) {
    const unsigned t = linear_tid();
    const unsigned packed = threadIdx.x | threadIdx.y << 10 | threadIdx.z << 20;
    leader_packed[t] = __shfl_sync(0xffffffffu, packed, 0);
}

}  // namespace

TEST_CASE("1D blocks and grids: every thread sees its indices once", "[sim]") {
    check_indices(Dim{5, 1, 1}, Dim{96, 1, 1});
    check_indices(Dim{1, 1, 1}, Dim{1, 1, 1});
    check_indices(Dim{3, 1, 1}, Dim{1024, 1, 1});
}

TEST_CASE("2D and 3D blocks and grids: indices, linear ids and block order", "[sim]") {
    check_indices(Dim{3, 2, 1}, Dim{8, 4, 1});
    check_indices(Dim{3, 2, 2}, Dim{4, 3, 2});
    check_indices(Dim{2, 1, 3}, Dim{5, 7, 3});
    check_indices(Dim{1, 4, 1}, Dim{1, 1, 64});
}

TEST_CASE("warps are 32 consecutive linear thread ids, whatever the block shape", "[sim]") {
    const Dim block{12, 5, 2};  // 120 threads: warps 0..2 full, warp 3 has 24 lanes
    std::vector<unsigned> leader(120, ~0u);
    run(config(Dim{1, 1, 1}, block), [&] {
        const unsigned t = linear_tid();
        const unsigned lanes = std::min(32u, 120u - (t - t % 32));
        const unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1u;
        const unsigned packed = threadIdx.x | threadIdx.y << 10 | threadIdx.z << 20;
        leader[t] = __shfl_sync(mask, packed, 0);
    });
    for (unsigned t = 0; t < 120; ++t) {
        const unsigned l = t - t % 32;  // the warp's lane 0, as a linear id
        const unsigned x = l % 12, y = (l / 12) % 5, z = l / 60;
        INFO("thread " << t);
        CHECK(leader[t] == (x | y << 10 | z << 20));
    }

    std::vector<unsigned> leader2(256, ~0u);
    run(config(Dim{1, 1, 1}, Dim{16, 4, 4}), [&] { warp_membership(leader2.data()); });
    // Thread (0, 2, 0) is linear 32, lane 0 of warp 1; thread (5, 3, 1) is linear 117, warp 3,
    // whose lane 0 is linear 96 = (0, 2, 1).
    CHECK(leader2[32] == (0u | 2u << 10));
    CHECK(leader2[1 * 64 + 3 * 16 + 5] == (0u | 2u << 10 | 1u << 20));
    CHECK(leader2[31] == 0u);
}
