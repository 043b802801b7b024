// What changed: a device-wide scan in three launches. Each block scans a tile of 8 rows of
//   blockDim.x elements (loaded at once into registers, each row scanned with warp shuffles and
//   carried into the next) and writes the tile's total; the totals are scanned (by the same
//   launches, recursively); a last launch, the fan, adds each tile's prefix to its elements.
// Why it is faster: big tiles make the totals array tiny, and eight independent loads in flight
//   per thread hide DRAM latency. But every element crosses DRAM four times: read and written by
//   the tile scan, read and written again by the fan (about 4n elements moved).
// Needs: a power-of-two block of 32..1024 threads; a tile of 8 * blockDim.x elements;
//   2 * blockDim.x / 32 elements of shared memory.
#pragma once
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::scan {

template <class T, class Probe>
__global__ void scan_then_fan_tiles(const T* g_in, T* g_out, T* g_totals, unsigned n, ScanKind kind,
                                    Probe probe) {
    constexpr unsigned kRows = 8;
    const unsigned nwarps = blockDim.x / 32;
    auto s = shared_array<T>(probe, 2 * nwarps);  // two rows of warp totals, used in turn
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto totals = global_array(g_totals, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const unsigned base = blockIdx.x * kRows * blockDim.x;

    T x[kRows];
    WS_UNROLL
    for (unsigned r = 0; r < kRows; ++r) {
        const unsigned i = base + r * blockDim.x + t;
        x[r] = i < n ? T(in[i]) : T(0);
    }
    T carry = T(0);  // the sum of the rows before this one
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
    if (t == 0) totals[blockIdx.x] = carry;
}

struct ScanThenFan {
    static constexpr const char* id = "scan-then-fan";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.tile = &scan_then_fan_tiles<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
