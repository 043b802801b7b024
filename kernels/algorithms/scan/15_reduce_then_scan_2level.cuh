// What changed: two levels, whatever n is (the handbook's two-level reduce-then-scan). A fixed
//   grid of blocks (at most 1024) splits the array into that many contiguous spans of whole
//   tiles; each block sums its span, one block scans the span totals, then each block scans its
//   span again from its prefix, carrying the sum from tile to tile in a register.
// Why it is slow: measured, it is not faster than the recursion it replaces. The launches and
//   totals it saves are too little to show on an H100, and its fixed grid walks each span one
//   tile after another. At 2^28 it takes 1.3 times rung 9's time for 4-byte types, 1.05 times
//   for double; they are level at 2^20 (README: "Stream compaction and the two-level scan").
// Needs: a power-of-two block of 32..1024 threads; tiles of 8 * blockDim.x elements;
//   2 * blockDim.x / 32 elements of shared memory.
#pragma once
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::scan {

// Block b's span: tiles [b * span, (b + 1) * span) of the array, span = ceil(tiles / gridDim.x),
// as element indices [first, end). 64-bit arithmetic: the last spans may start past n.
struct TwoLevelSpan {
    unsigned first = 0, end = 0;
};
inline __host__ __device__ TwoLevelSpan two_level_span(unsigned n, unsigned tile, unsigned grid,
                                                       unsigned block_index) {
    const unsigned long long tiles = (n + (unsigned long long)tile - 1) / tile;
    const unsigned long long span = (tiles + grid - 1) / grid * tile;
    const unsigned long long first = block_index * span, end = first + span;
    TwoLevelSpan s;
    s.first = unsigned(first < n ? first : n);
    s.end = unsigned(end < n ? end : n);
    return s;
}

template <class T, class Probe>
__global__ void two_level_span_totals(const T* g_in, T* g_totals, unsigned n, Probe probe) {
    constexpr unsigned kRows = 8;
    const unsigned nwarps = blockDim.x / 32;
    auto s = shared_array<T>(probe, nwarps);
    auto in = global_array(g_in, probe);
    auto totals = global_array(g_totals, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const TwoLevelSpan span = two_level_span(n, kRows * blockDim.x, gridDim.x, blockIdx.x);

    T v = T(0);
    for (unsigned base = span.first; base < span.end; base += kRows * blockDim.x) {
        WS_UNROLL
        for (unsigned r = 0; r < kRows; ++r) {  // eight loads in flight
            const unsigned i = base + r * blockDim.x + t;
            if (i < span.end) v += T(in[i]);
        }
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
__global__ void two_level_span_scan(const T* g_in, T* g_out, const T* g_prefix, unsigned n,
                                    ScanKind kind, Probe probe) {
    constexpr unsigned kRows = 8;
    const unsigned nwarps = blockDim.x / 32;
    auto s = shared_array<T>(probe, 2 * nwarps);  // two rows of warp totals, used in turn
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto prefix = global_array(g_prefix, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const TwoLevelSpan span = two_level_span(n, kRows * blockDim.x, gridDim.x, blockIdx.x);

    const unsigned tile = kRows * blockDim.x;
    auto load_tile = [&](unsigned base, T(&x)[kRows]) {
        WS_UNROLL
        for (unsigned r = 0; r < kRows; ++r) {
            const unsigned i = base + r * blockDim.x + t;
            x[r] = i < span.end ? T(in[i]) : T(0);
        }
    };
    T carry = g_prefix ? T(prefix[blockIdx.x]) : T(0);  // everything before this row
    T x[kRows] = {}, next[kRows] = {};
    if (span.first < span.end) load_tile(span.first, x);
    for (unsigned base = span.first; base < span.end; base += tile) {
        // The next tile's loads go out before this tile is scanned: its barriers wait while
        // they are in flight.
        if (span.end - base > tile) load_tile(base + tile, next);
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
            if (i < span.end) out[i] = carry + v;
            carry += s[row + nwarps - 1];
        }
        WS_UNROLL
        for (unsigned r = 0; r < kRows; ++r) x[r] = next[r];
    }
}

struct ReduceThenScanTwoLevel {
    static constexpr const char* id = "scan-reduce-then-scan-2level";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.reduce = &two_level_span_totals<T, Probe>;
        k.seeded = &two_level_span_scan<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
