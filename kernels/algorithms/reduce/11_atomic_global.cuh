// What changed: no tree at all. Every thread adds its one element straight into the output word
//   with atomicAdd (the wiki's advice for a handful of threads, or when only some threads take
//   part): n atomics on one address.
// Why it is slow: atomics on one address cannot overlap. The L2 slice that owns the word applies
//   them one after another, so the whole GPU waits in one queue: n additions in a row instead of
//   log2(n) levels. It pays only where few threads add (a counter that a few lanes bump).
// Needs: any power-of-two block of 32..1024 threads, no shared memory; an output set to 0.
//   Floating-point sums differ in the last bits from run to run (the order of the atomics).
#pragma once
#include "kernels/algorithms/reduce/reduce_common.cuh"

namespace ws::reduce {

template <class T, class Probe>
__global__ void reduce_atomic_global(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomic_add(out[0], T(in[i]));
}

struct AtomicGlobal {
    static constexpr const char* id = "reduce-atomic-global";
    template <class T, class Probe>
    static ReduceKernel<T, Probe> kernel(unsigned) {
        return &reduce_atomic_global<T, Probe>;
    }
};

}  // namespace ws::reduce
