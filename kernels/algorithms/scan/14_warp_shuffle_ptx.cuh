// What changed: the warp-shuffle scan with each step written as the CUDA Handbook wrote it, in
//   inline PTX: `shfl.sync.up.b32 r|p` receives the lane `offset` below and sets the predicate p
//   when that lane exists; `@p add` adds it. The C++ version tests `lane >= offset` itself.
// Why it is faster: it still saves instructions: nvcc 13.0 (sm_90) does not use the shuffle's
//   predicate for the C++ version, whose level is SHFL.UP, ISETP, SEL and IADD; here it is
//   SHFL.UP P0 and @P0 IADD (compare the SASS tabs). Memory bounds the kernel, so its time hardly
//   moves (the README has both), and the PTX costs portability: one version per element type.
// Needs: a power-of-two block of 32..1024 threads; a tile of blockDim.x elements;
//   blockDim.x / 32 elements of shared memory; on the emulator, the host equivalent of the PTX
//   step (kernels/probe/vocabulary.cuh: shfl_up_add_ptx).
#pragma once
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::scan {

template <class T, class Probe>
__global__ void scan_warp_shuffle_ptx(const T* g_in, T* g_out, T* g_totals, unsigned n,
                                      ScanKind kind, Probe probe) {
    const unsigned nwarps = blockDim.x / 32;
    auto s = shared_array<T>(probe, nwarps);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto totals = global_array(g_totals, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const unsigned i = blockIdx.x * blockDim.x + t;

    T v = i < n ? T(in[i]) : T(0);
    for (unsigned offset = 1; offset < 32; offset *= 2)
        v = shfl_up_add_ptx(probe, kFullMask, v, offset);  // +
    if (lane == 31) s[warp] = v;
    block_sync(probe);

    if (warp == 0 && lane < nwarps) {  // warp 0 scans the warps' totals
        const unsigned mask = nwarps == 32 ? kFullMask : (1u << nwarps) - 1;
        T w = s[lane];
        for (unsigned offset = 1; offset < nwarps; offset *= 2)
            w = shfl_up_add_ptx(probe, mask, w, offset);  // +
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

struct WarpShufflePtx {
    static constexpr const char* id = "scan-warp-shuffle-ptx";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.tile = &scan_warp_shuffle_ptx<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
