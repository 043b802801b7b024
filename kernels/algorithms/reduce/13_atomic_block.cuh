// What changed: the warps' sums meet in shared memory (one word a warp), warp 0 adds them with
//   shuffles, and thread 0 adds the block's sum to the output with one atomicAdd: one atomic a
//   block instead of one a warp ("Faster Parallel Reductions on Kepler").
// Why it is faster: with a capped grid that is at most 1024 atomics for the whole array, so the
//   output word is never the queue; the price is one barrier and a few shared words a block.
// Needs: a power-of-two block of 32..1024 threads; blockDim.x / 32 elements of shared memory; an
//   output set to 0. Floating-point sums differ in the last bits from run to run.
#pragma once
#include "kernels/algorithms/reduce/reduce_common.cuh"

namespace ws::reduce {

template <class T, class Probe>
__global__ void reduce_atomic_block(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x / 32);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;

    T v = T(0);
    for (unsigned i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
        v += T(in[i]);
    for (unsigned offset = 16; offset > 0; offset /= 2)
        v += shfl_down_sync(probe, kFullMask, v, offset);
    if (lane == 0) s[warp] = v;
    block_sync(probe);

    if (warp == 0) {
        v = lane < blockDim.x / 32 ? T(s[lane]) : T(0);
        for (unsigned offset = 16; offset > 0; offset /= 2)
            v += shfl_down_sync(probe, kFullMask, v, offset);
        if (lane == 0) atomic_add(out[0], v);
    }
}

struct AtomicBlock {
    static constexpr const char* id = "reduce-atomic-block";
    template <class T, class Probe>
    static ReduceKernel<T, Probe> kernel(unsigned) {
        return &reduce_atomic_block<T, Probe>;
    }
};

}  // namespace ws::reduce
