// What changed: a count instead of a sum (the CUDA Handbook's predicate reduction): how many
//   elements are > 0. A predicate is one bit, so a warp's 32 answers fit one register:
//   __ballot_sync gives every lane the word whose bit k is lane k's answer, and __popc counts its
//   bits. Each warp keeps its running count in a register; lane 0 adds it to the output with one
//   atomicAdd.
// Why it is faster: a warp's count costs one ballot and one popc a round, where a sum needs five
//   shuffles and five additions; no shared memory and no barrier.
// Needs: a power-of-two block of 32..1024 threads, no shared memory; an output set to 0. The
//   count is a value of the element type: exact in int, and in float up to 2^24.
#pragma once
#include "kernels/algorithms/reduce/reduce_common.cuh"

namespace ws::reduce {

template <class T, class Probe>
__global__ void reduce_predicate_count(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned lane = threadIdx.x % 32;

    // Rounds of one element a thread. The round's start is the same for the whole block, so every
    // lane of a warp reaches each ballot (a lane past n answers false).
    unsigned count = 0;  // the warp's count so far: the same in every lane
    for (unsigned base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
        const unsigned i = base + threadIdx.x;
        const bool positive = i < n && T(in[i]) > T(0);  // the predicate
        const unsigned word = ballot_sync(probe, kFullMask, positive);
        count += popc(word);
    }
    if (lane == 0 && count != 0) atomic_add(out[0], T(count));
}

struct PredicateCount {
    static constexpr const char* id = "reduce-predicate-count";
    template <class T, class Probe>
    static ReduceKernel<T, Probe> kernel(unsigned) {
        return &reduce_predicate_count<T, Probe>;
    }
};

}  // namespace ws::reduce
