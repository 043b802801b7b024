// What changed: one launch with no atomic on the sum (the CUDA Handbook's single-pass reduction).
//   Each block writes its partial, makes it visible to the whole GPU with __threadfence(), and
//   counts itself done with an atomicAdd on a counter; __syncthreads_or tells the block whether
//   its thread 0 drew the last count. Only the last block goes on: it reads every partial and
//   writes the sum.
// Why it is faster: no second launch and no gap before it, and the sum does not depend on the
//   order the blocks finished in: the last block adds the partials in block order, so the
//   floating-point result is the same on every run (an atomic on the sum is not).
// Needs: a power-of-two block of 32..1024 threads; blockDim.x / 32 elements of shared memory; a
//   partial per block and a counter of finished blocks set to 0.
#pragma once
#include "kernels/algorithms/reduce/reduce_common.cuh"

namespace ws::reduce {

// The sum of every thread's v, in thread 0 (the other threads' v is not the sum).
template <class T, class Shared, class Probe>
__device__ T block_sum(T v, const Shared& s, Probe& probe) {
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (unsigned offset = 16; offset > 0; offset /= 2)
        v += shfl_down_sync(probe, kFullMask, v, offset);
    if (lane == 0) s[warp] = v;
    block_sync(probe);
    if (warp == 0) {
        v = lane < blockDim.x / 32 ? T(s[lane]) : T(0);
        for (unsigned offset = 16; offset > 0; offset /= 2)
            v += shfl_down_sync(probe, kFullMask, v, offset);
    }
    return v;
}

template <class T, class Probe>
__global__ void reduce_single_pass(const T* g_in, T* g_out, T* g_partials, unsigned* g_done,
                                   unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x / 32);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto partials = global_array(g_partials, probe);
    auto done = global_array(g_done, probe);
    const unsigned t = threadIdx.x;

    T v = T(0);
    for (unsigned i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
        v += T(in[i]);
    v = block_sum(v, s, probe);

    unsigned finished = 0;
    if (t == 0) {
        partials[blockIdx.x] = v;
        thread_fence();  // the partial is visible everywhere before the count says so
        finished = atomic_add(done[0], 1u);
    }
    if (!block_sync_or(probe, t == 0 && finished == gridDim.x - 1)) return;

    // The last block: every partial is written. Sum them in block order.
    v = T(0);
    for (unsigned b = t; b < gridDim.x; b += blockDim.x) v += T(partials[b]);
    v = block_sum(v, s, probe);
    if (t == 0) out[0] = v;
}

struct SinglePass {
    static constexpr const char* id = "reduce-single-pass";
    template <class T, class Probe>
    static LastBlockKernel<T, Probe> kernel(unsigned) {
        return &reduce_single_pass<T, Probe>;
    }
};

}  // namespace ws::reduce
