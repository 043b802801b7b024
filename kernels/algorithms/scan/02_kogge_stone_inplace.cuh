// What changed: Kogge-Stone in place, the pre-Volta way: inside each warp `s[t] += s[t - offset]`
//   through a volatile pointer with no synchronisation, trusting the 32 lanes to run in lockstep;
//   the warps' totals are then scanned and added back with block barriers.
// Why it is wrong today: it saves half the shared memory and every barrier inside a warp, but
//   lane t reads s[t - offset] while lane t - offset may already have added into it. It is right
//   only when every lane reads before any lane writes (pre-Volta lockstep, and in practice on
//   today's GPUs); under the emulator's `sequential` schedule it is wrong, and the hazard report
//   flags each such pair of lanes.
// Needs: a power-of-two block of 32..1024 threads; a tile of blockDim.x elements;
//   blockDim.x + blockDim.x / 32 elements of shared memory.
#pragma once
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::scan {

template <class T, class Probe>
__global__ void scan_kogge_stone_inplace(const T* g_in, T* g_out, T* g_totals, unsigned n,
                                         ScanKind kind, Probe probe) {
    const unsigned m = blockDim.x, nwarps = blockDim.x / 32;
    auto s = shared_array<T>(probe, m + nwarps);  // the tile, then one total per warp
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto totals = global_array(g_totals, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const unsigned i = blockIdx.x * m + t;

    s[t] = i < n ? T(in[i]) : T(0);
    block_sync(probe);

    auto vs = volatile_view(s);  // racy on purpose: no sync between the levels
    for (unsigned offset = 1; offset < 32; offset *= 2)
        if (lane >= offset) vs[t] += vs[t - offset];  // +
    block_sync(probe);

    if (lane == 31) s[m + warp] = s[t];
    block_sync(probe);
    for (unsigned offset = 1; offset < nwarps; offset *= 2) {
        T v = T(0);
        if (t < nwarps && t >= offset) v = s[m + t - offset];
        block_sync(probe);
        if (t < nwarps && t >= offset) s[m + t] += v;  // +
        block_sync(probe);
    }
    if (warp > 0) s[t] += s[m + warp - 1];  // +
    block_sync(probe);

    T y = T(0);  // exclusive: the inclusive result one place to the left
    if (kind == ScanKind::Inclusive)
        y = s[t];
    else if (t > 0)
        y = s[t - 1];
    if (i < n) out[i] = y;
    if (t == m - 1) totals[blockIdx.x] = s[t];
}

struct KoggeStoneInplace {
    static constexpr const char* id = "scan-kogge-stone-inplace";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.tile = &scan_kogge_stone_inplace<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
