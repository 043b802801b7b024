// Emulator semantics: dynamic shared memory (one buffer per block, fresh for every block and
// filled with 0xCD, shared by the block's threads) and static __shared__ variables (static
// thread_local: one per OS thread, shared by every thread of the running block).
#include <cstdint>
#include <vector>

#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;

namespace {

struct BlockView {
    bool fresh = false;        // every byte 0xCD when the block's first thread looked
    bool same_pointer = true;  // every thread of the block saw the same base
    std::size_t bytes = 0;
    unsigned neighbour_sum = 0;  // what thread 0 read back from the others after the barrier
    const std::uint8_t* base = nullptr;
};

__global__ void use_dynamic_smem(BlockView* views, std::size_t expected_bytes) {
    std::uint8_t* raw = ws::sim::dynamic_smem();
    auto* words = reinterpret_cast<unsigned*>(raw);
    const unsigned t = threadIdx.x, b = blockIdx.x;
    BlockView& v = views[b];
    if (t == 0) {
        v.bytes = ws::sim::dynamic_smem_bytes();
        v.base = raw;
        v.fresh = true;
        for (std::size_t i = 0; i < expected_bytes; ++i) v.fresh = v.fresh && raw[i] == 0xCD;
    }
    __syncthreads();
    if (raw != v.base) v.same_pointer = false;
    words[t] = b * 1000 + t;  // dirty this block's memory; the next block must not see it
    __syncthreads();
    if (t == 0) {
        unsigned sum = 0;
        for (unsigned i = 0; i < blockDim.x; ++i) sum += words[i];
        v.neighbour_sum = sum;
    }
}

__global__ void use_static_smem(unsigned* out, const unsigned** addresses) {
    __shared__ unsigned tile[128];
    __shared__ unsigned counter;
    const unsigned t = threadIdx.x;
    if (t == 0) counter = 0;
    tile[t] = t * 3 + blockIdx.x;
    __syncthreads();
    atomicAdd(&counter, 1u);
    const unsigned mirrored = tile[blockDim.x - 1 - t];
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = mirrored;
    if (t == 0) {
        out[gridDim.x * blockDim.x + blockIdx.x] = counter;
        addresses[blockIdx.x] = tile;
    }
}

}  // namespace

TEST_CASE("dynamic shared memory: fresh 0xCD bytes for every block, shared inside it", "[sim]") {
    constexpr unsigned kBlocks = 4, kThreads = 128;
    constexpr std::size_t kBytes = kThreads * sizeof(unsigned) + 12;
    std::vector<BlockView> views(kBlocks);
    run(config(kBlocks, kThreads, kBytes), [&] { use_dynamic_smem(views.data(), kBytes); });
    for (unsigned b = 0; b < kBlocks; ++b) {
        INFO("block " << b);
        CHECK(views[b].bytes == kBytes);
        CHECK(views[b].fresh);
        CHECK(views[b].same_pointer);
        CHECK(views[b].neighbour_sum == b * 1000 * kThreads + kThreads * (kThreads - 1) / 2);
        CHECK(reinterpret_cast<std::uintptr_t>(views[b].base) % 16 == 0);
    }
    // Outside a kernel there is no shared memory.
    CHECK(ws::sim::dynamic_smem() == nullptr);
    CHECK(ws::sim::dynamic_smem_bytes() == 0);
    CHECK_FALSE(ws::sim::inside_kernel());
}

TEST_CASE("dynamic shared memory is fresh again in the next launch", "[sim]") {
    std::vector<BlockView> first(1), second(2);
    run(config(1, 64, 256), [&] { use_dynamic_smem(first.data(), 256); });
    run(config(2, 64, 256), [&] { use_dynamic_smem(second.data(), 256); });
    CHECK(first[0].fresh);
    CHECK(second[0].fresh);
    CHECK(second[1].fresh);
}

TEST_CASE("static __shared__ variables are shared by the threads of a block", "[sim]") {
    constexpr unsigned kBlocks = 3, kThreads = 128;
    std::vector<unsigned> out(kBlocks * kThreads + kBlocks, ~0u);
    std::vector<const unsigned*> addresses(kBlocks, nullptr);
    run(config(kBlocks, kThreads), [&] { use_static_smem(out.data(), addresses.data()); });
    for (unsigned b = 0; b < kBlocks; ++b) {
        INFO("block " << b);
        for (unsigned t = 0; t < kThreads; ++t)
            REQUIRE(out[b * kThreads + t] == (kThreads - 1 - t) * 3 + b);
        CHECK(out[kBlocks * kThreads + b] == kThreads);  // every thread counted once
    }
    // One variable per OS thread: every block of the launch uses the same storage.
    CHECK(addresses[0] == addresses[1]);
    CHECK(addresses[1] == addresses[2]);
}
