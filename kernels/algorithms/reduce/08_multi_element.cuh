// What changed: a fixed grid (at most 1024 blocks) walks the whole array: each thread adds
//   elements Block * 2 * gridDim.x apart in a loop (grid-stride) before the unrolled tree.
// Why it is faster: the tree and its barriers are paid once per block instead of once per
//   2 * Block elements, and many independent loads are in flight per thread, which hides the
//   latency of DRAM (Brent's theorem: O(n / log n) threads each doing O(log n) work).
// Needs: Block a power of two of 32..1024 equal to blockDim.x; max(Block, 64) elements of
//   shared memory.
#pragma once
#include "kernels/algorithms/reduce/reduce_common.cuh"

namespace ws::reduce {

template <unsigned Block, class T, class Probe>
__global__ void reduce_multi_element(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, Block < 64 ? 64 : Block);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned t = threadIdx.x;
    const unsigned grid_stride = Block * 2 * gridDim.x;

    T v = T(0);
    for (unsigned i = blockIdx.x * (Block * 2) + t; i < n; i += grid_stride) {
        v += T(in[i]);
        if (i + Block < n) v += T(in[i + Block]);
    }
    s[t] = v;
    if constexpr (Block < 64) s[t + 32] = T(0);  // one warp alone: zeros where s[t + 32] is read
    block_sync(probe);

    if constexpr (Block >= 1024) {
        if (t < 512) s[t] += s[t + 512];
        block_sync(probe);
    }
    if constexpr (Block >= 512) {
        if (t < 256) s[t] += s[t + 256];
        block_sync(probe);
    }
    if constexpr (Block >= 256) {
        if (t < 128) s[t] += s[t + 128];
        block_sync(probe);
    }
    if constexpr (Block >= 128) {
        if (t < 64) s[t] += s[t + 64];
        block_sync(probe);
    }

    if (t < 32) {
        v = s[t];
        v += s[t + 32];
        warp_sync(probe);
        s[t] = v;
        warp_sync(probe);
        v += s[t + 16];
        warp_sync(probe);
        s[t] = v;
        warp_sync(probe);
        v += s[t + 8];
        warp_sync(probe);
        s[t] = v;
        warp_sync(probe);
        v += s[t + 4];
        warp_sync(probe);
        s[t] = v;
        warp_sync(probe);
        v += s[t + 2];
        warp_sync(probe);
        s[t] = v;
        warp_sync(probe);
        v += s[t + 1];
        if (t == 0) out[blockIdx.x] = v;
    }
}

struct MultiElement {
    static constexpr const char* id = "reduce-multi-element";
    template <class T, class Probe>
    static ReduceKernel<T, Probe> kernel(unsigned block) {
        constexpr ReduceKernel<T, Probe> table[] = {
            &reduce_multi_element<32, T, Probe>,  &reduce_multi_element<64, T, Probe>,
            &reduce_multi_element<128, T, Probe>, &reduce_multi_element<256, T, Probe>,
            &reduce_multi_element<512, T, Probe>, &reduce_multi_element<1024, T, Probe>};
        const int slot = block_slot(block);
        return slot < 0 ? nullptr : table[slot];
    }
};

}  // namespace ws::reduce
