// What changed: each thread first sums its elements in a register (a grid-stride loop), the warp
//   adds its 32 registers with shuffles, and lane 0 adds the warp's sum to the output with one
//   atomicAdd ("Faster Parallel Reductions on Kepler"): 32 times fewer atomics, no shared memory
//   and no barrier at all.
// Why it is faster: the additions inside a warp cost five shuffles, and the atomics left (one a
//   warp) are few enough that the L2 queue on the output word keeps up with the loads.
// Needs: a power-of-two block of 32..1024 threads, no shared memory; an output set to 0.
//   Floating-point sums differ in the last bits from run to run (the order of the atomics).
#pragma once
#include "kernels/algorithms/reduce/reduce_common.cuh"

namespace ws::reduce {

template <class T, class Probe>
__global__ void reduce_atomic_warp(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned lane = threadIdx.x % 32;

    T v = T(0);
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        v += T(in[i]);
    for (unsigned offset = 16; offset > 0; offset /= 2)
        v += shfl_down_sync(probe, kFullMask, v, offset);
    if (lane == 0) atomic_add(out[0], v);
}

struct AtomicWarp {
    static constexpr const char* id = "reduce-atomic-warp";
    template <class T, class Probe>
    static ReduceKernel<T, Probe> kernel(unsigned) {
        return &reduce_atomic_warp<T, Probe>;
    }
};

}  // namespace ws::reduce
