// What changed: each warp scans its 32 elements in registers with __shfl_up_sync (a lane below
//   the offset keeps its value: it is masked out of the addition); the warps' totals go to shared
//   memory, warp 0 scans them the same way, and each warp adds the total of the warps before it.
// Why it is faster: a shuffle moves a register between lanes in one instruction, with no shared
//   store, load or bank to collide in; shared memory holds one word per warp and the block needs
//   two barriers instead of one per level.
// Needs: a power-of-two block of 32..1024 threads; a tile of blockDim.x elements;
//   blockDim.x / 32 elements of shared memory.
#pragma once
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::scan {

template <class T, class Probe>
__global__ void scan_warp_shuffle(const T* g_in, T* g_out, T* g_totals, unsigned n, ScanKind kind,
                                  Probe probe) {
    const unsigned nwarps = blockDim.x / 32;
    auto s = shared_array<T>(probe, nwarps);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto totals = global_array(g_totals, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const unsigned i = blockIdx.x * blockDim.x + t;

    T v = i < n ? T(in[i]) : T(0);
    for (unsigned offset = 1; offset < 32; offset *= 2) {
        const T y = shfl_up_sync(probe, kFullMask, v, offset);  // +
        if (lane >= offset) v += y;
    }
    if (lane == 31) s[warp] = v;
    block_sync(probe);

    if (warp == 0 && lane < nwarps) {  // warp 0 scans the warps' totals
        const unsigned mask = nwarps == 32 ? kFullMask : (1u << nwarps) - 1;
        T w = s[lane];
        for (unsigned offset = 1; offset < nwarps; offset *= 2) {
            const T y = shfl_up_sync(probe, mask, w, offset);  // +
            if (lane >= offset) w += y;
        }
        s[lane] = w;
    }
    block_sync(probe);

    if (kind == ScanKind::Exclusive) {  // the inclusive result of the lane to the left
        const T y = shfl_up_sync(probe, kFullMask, v, 1);
        v = lane > 0 ? y : T(0);
    }
    if (warp > 0) v += s[warp - 1];  // +
    if (i < n) out[i] = v;
    if (t == blockDim.x - 1) totals[blockIdx.x] = s[nwarps - 1];
}

struct WarpShuffle {
    static constexpr const char* id = "scan-warp-shuffle";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.tile = &scan_warp_shuffle<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
