// What changed: inside a warp, lanes exchange registers with __shfl_down_sync instead of going
//   through shared memory; only one partial per warp is written to shared memory, and the first
//   warp reduces those partials with shuffles again. Grid-stride loading as before.
// Why it is faster: a shuffle moves a register between lanes in one instruction, with no shared
//   memory store, load or bank to collide in; the block needs one barrier instead of log2(Block).
// Needs: a power-of-two block of 32..1024 threads; blockDim.x / 32 elements of shared memory.
#pragma once
#include "kernels/algorithms/reduce/reduce_common.cuh"

namespace ws::reduce {

template <class T, class Probe>
__global__ void reduce_warp_shuffle(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x / 32);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const unsigned grid_stride = blockDim.x * 2 * gridDim.x;

    T v = T(0);
    for (unsigned i = blockIdx.x * (blockDim.x * 2) + t; i < n; i += grid_stride) {
        v += T(in[i]);
        if (i + blockDim.x < n) v += T(in[i + blockDim.x]);
    }
    for (unsigned offset = 16; offset > 0; offset /= 2)
        v += shfl_down_sync(probe, kFullMask, v, offset);
    if (lane == 0) s[warp] = v;
    block_sync(probe);

    if (warp == 0) {
        v = lane < blockDim.x / 32 ? T(s[lane]) : T(0);
        for (unsigned offset = 16; offset > 0; offset /= 2)
            v += shfl_down_sync(probe, kFullMask, v, offset);
        if (lane == 0) out[blockIdx.x] = v;
    }
}

struct WarpShuffle {
    static constexpr const char* id = "reduce-warp-shuffle";
    template <class T, class Probe>
    static ReduceKernel<T, Probe> kernel(unsigned) {
        return &reduce_warp_shuffle<T, Probe>;
    }
};

}  // namespace ws::reduce
