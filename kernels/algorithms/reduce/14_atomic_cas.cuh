// What changed: the addition into the output is built from atomicCAS on the value's bits, the
//   wiki's MyAtomicAdd (float as int) and MyAtomicAdd_8 (double as unsigned long long), as GPUs
//   without a floating-point atomicAdd had to: read the word, add, and swap the sum in only if
//   the word still holds what was read; otherwise try again from what it holds now. Each thread
//   sums its elements in a register first (a small grid walks the array), then adds it so.
// Why it is slow: every lane of every resident warp competes for one word, and each round only
//   one compare-and-swap wins: the others read the winner's sum and try again. Lane k of a warp
//   loses about k times before it wins, so the retries grow with the square of the contenders
//   (the wiki: "orders of magnitude slower"; keep it for accuracy tests). The native atomicAdd
//   does the addition in L2 in one trip and never fails.
// Needs: a power-of-two block of 32..1024 threads, no shared memory; an output set to 0.
//   Floating-point sums differ in the last bits from run to run (the order of the swaps).
#pragma once
#include "kernels/algorithms/reduce/reduce_common.cuh"

namespace ws::reduce {

template <class T, class Probe>
__global__ void reduce_atomic_cas(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);

    T v = T(0);
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        v += T(in[i]);

    // MyAtomicAdd, as the CUDA guide's double atomicAdd: swap old + v in if out still holds old.
    T seen = out[0];
    T old;
    do {
        old = seen;
        seen = atomic_cas(out[0], old, T(old + v));
    } while (!same_bits(seen, old));  // another lane got there first: start again from its sum
}

struct AtomicCas {
    static constexpr const char* id = "reduce-atomic-cas";
    template <class T, class Probe>
    static ReduceKernel<T, Probe> kernel(unsigned) {
        return &reduce_atomic_cas<T, Probe>;
    }
};

}  // namespace ws::reduce
