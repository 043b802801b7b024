// What changed: a loop whose length depends on the data. Thread i reads element i, loops
//   loop_trips(x) times (0..31: memory_rules.hpp) adding the elements after it, and writes the
//   sum: out[i] = in[i + 1] + ... + in[i + trips] (wrapping at n). The pattern sets the spread:
//   ramp makes lane k loop k times, random 0..31 times at random, ones the same count for all.
// Why it is slow: a warp issues each iteration for all its lanes together, so it
//   runs as long as its slowest lane: the lanes that finished sit idle (the Warps panel shows
//   them) until the last one is done. A warp of ramp does 31 iterations where its lanes need
//   15.5 on average: half its issue slots are idle. Giving each thread several elements evens
//   the loads out (the seed's advice: flatten the peaks).
// Needs: any block of 1..1024 threads; no shared memory.
#pragma once
#include "kernels/algorithms/memory/memory_common.cuh"

namespace ws::memory {

template <class T, class Probe>
__global__ void loop_divergence(const T* g_in, T* g_out, unsigned n, unsigned, Probe probe) {
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned threads = blockDim.x * gridDim.x;
    for (unsigned long long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += threads) {
        const unsigned trips = loop_trips(T(in[i]));
        T sum = T(0);
        unsigned long long j = i;
        for (unsigned k = 1; k <= trips; ++k) {  // as many times as this lane's element says
            j = j + 1 == n ? 0 : j + 1;          // the next element, wrapping at n
            sum += T(in[j]);
        }
        out[i] = sum;
    }
}

struct LoopDivergence : MapVariant<LoopDivergence> {
    static constexpr const char* id = "loop-divergence";
    template <class T, class Probe>
    static scan::MapKernel<T, Probe> kernel() {
        return &loop_divergence<T, Probe>;
    }
};

}  // namespace ws::memory
