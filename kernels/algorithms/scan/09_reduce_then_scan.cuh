// What changed: reduce, then scan. A first launch only sums each tile (reads it, writes one
//   total); the totals are scanned; a last launch scans each tile again, starting from its
//   tile's prefix, and writes the final result. Tiles of 8 rows of blockDim.x elements, as before.
// Why it is faster: the output is written once and never read back: each element is read twice
//   and written once (about 3n elements moved instead of scan-then-fan's 4n), and reading is
//   cheaper than writing.
// Needs: a power-of-two block of 32..1024 threads; a tile of 8 * blockDim.x elements;
//   2 * blockDim.x / 32 elements of shared memory.
#pragma once
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::scan {

template <class T, class Probe>
__global__ void reduce_then_scan_totals(const T* g_in, T* g_totals, unsigned n, Probe probe) {
    constexpr unsigned kRows = 8;
    const unsigned nwarps = blockDim.x / 32;
    auto s = shared_array<T>(probe, nwarps);
    auto in = global_array(g_in, probe);
    auto totals = global_array(g_totals, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const unsigned base = blockIdx.x * kRows * blockDim.x;

    T v = T(0);
    WS_UNROLL
    for (unsigned r = 0; r < kRows; ++r) {
        const unsigned i = base + r * blockDim.x + t;
        if (i < n) v += T(in[i]);
    }
    for (unsigned offset = 16; offset > 0; offset /= 2)
        v += shfl_down_sync(probe, kFullMask, v, offset);
    if (lane == 0) s[warp] = v;
    block_sync(probe);
    if (warp == 0) {
        v = lane < nwarps ? T(s[lane]) : T(0);
        for (unsigned offset = 16; offset > 0; offset /= 2)
            v += shfl_down_sync(probe, kFullMask, v, offset);
        if (lane == 0) totals[blockIdx.x] = v;
    }
}

template <class T, class Probe>
__global__ void reduce_then_scan_tiles(const T* g_in, T* g_out, const T* g_prefix, unsigned n,
                                       ScanKind kind, Probe probe) {
    constexpr unsigned kRows = 8;
    const unsigned nwarps = blockDim.x / 32;
    auto s = shared_array<T>(probe, 2 * nwarps);  // two rows of warp totals, used in turn
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto prefix = global_array(g_prefix, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const unsigned base = blockIdx.x * kRows * blockDim.x;

    T x[kRows];
    WS_UNROLL
    for (unsigned r = 0; r < kRows; ++r) {
        const unsigned i = base + r * blockDim.x + t;
        x[r] = i < n ? T(in[i]) : T(0);
    }
    T carry = g_prefix ? T(prefix[blockIdx.x]) : T(0);  // everything before this tile
    WS_UNROLL
    for (unsigned r = 0; r < kRows; ++r) {
        const unsigned row = (r % 2) * nwarps;
        T v = x[r];
        for (unsigned offset = 1; offset < 32; offset *= 2) {
            const T y = shfl_up_sync(probe, kFullMask, v, offset);
            if (lane >= offset) v += y;
        }
        if (lane == 31) s[row + warp] = v;
        block_sync(probe);
        if (warp == 0 && lane < nwarps) {  // warp 0 scans the warps' totals
            const unsigned mask = nwarps == 32 ? kFullMask : (1u << nwarps) - 1;
            T w = s[row + lane];
            for (unsigned offset = 1; offset < nwarps; offset *= 2) {
                const T y = shfl_up_sync(probe, mask, w, offset);
                if (lane >= offset) w += y;
            }
            s[row + lane] = w;
        }
        block_sync(probe);
        if (kind == ScanKind::Exclusive) {  // the inclusive result of the lane to the left
            const T y = shfl_up_sync(probe, kFullMask, v, 1);
            v = lane > 0 ? y : T(0);
        }
        if (warp > 0) v += s[row + warp - 1];
        const unsigned i = base + r * blockDim.x + t;
        if (i < n) out[i] = carry + v;
        carry += s[row + nwarps - 1];
    }
}

struct ReduceThenScan {
    static constexpr const char* id = "scan-reduce-then-scan";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.reduce = &reduce_then_scan_totals<T, Probe>;
        k.seeded = &reduce_then_scan_tiles<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
