// What changed: a sum of one field read two ways. The n elements are n / 3 structs {x, y, z}:
//   first stored one struct after another (an array of structures: struct j's x at 3j), then as
//   three arrays (a structure of arrays: struct j's x at j). The kernel sums x over every struct
//   both ways, in a grid-stride loop each, then adds each warp's two sums with shuffles and one
//   atomic each: out[0] = the AoS sum, out[1] = the SoA sum (zeroed before the launch).
// Why it is slow: the AoS loads of a warp are 12 bytes apart for 4-byte types,
//   so they touch 12 sectors and use 4 of them; the SoA loads are side by side: 4 sectors, all
//   used. The Global memory panel shows both requests, one after the other.
// Needs: a power-of-two block of 32..1024 threads (whole warps shuffle); no shared memory; n a
//   multiple of 3.
#pragma once
#include "kernels/algorithms/memory/memory_common.cuh"

namespace ws::memory {

template <class T, class Probe>
__global__ void aos_vs_soa(const T* g_in, T* g_out, unsigned n, unsigned, Probe probe) {
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned structs = n / kStructFields, threads = blockDim.x * gridDim.x;
    const unsigned first = blockIdx.x * blockDim.x + threadIdx.x;

    T aos = T(0);
    for (unsigned long long j = first; j < structs; j += threads)
        aos += T(in[kStructFields * j]);  // AoS: x of struct j, 3 elements after struct j - 1's
    T soa = T(0);
    for (unsigned long long j = first; j < structs; j += threads)
        soa += T(in[j]);  // SoA: the x array, side by side

    for (unsigned offset = 16; offset > 0; offset /= 2) {
        aos += shfl_down_sync(probe, kFullMask, aos, offset);
        soa += shfl_down_sync(probe, kFullMask, soa, offset);
    }
    if (threadIdx.x % 32 == 0) {
        atomic_add(out[0], aos);
        atomic_add(out[1], soa);
    }
}

struct AosVsSoa : MapVariant<AosVsSoa> {
    static constexpr const char* id = "aos-vs-soa";
    template <class T, class Probe>
    static scan::MapKernel<T, Probe> kernel() {
        return &aos_vs_soa<T, Probe>;
    }
};

}  // namespace ws::memory
