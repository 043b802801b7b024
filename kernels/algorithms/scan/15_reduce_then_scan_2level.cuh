// What changed: two levels, whatever n is (the handbook's two-level reduce-then-scan). A fixed
//   grid of blocks (at most 1024) splits the array into that many contiguous spans of whole
//   tiles; each block sums its span, one block scans the span totals, then each block scans its
//   span again from its prefix, carrying the sum from tile to tile in a register.
// Why it is faster: the recursion is gone. Recursive reduce-then-scan launches two more kernels
//   per level and writes a total per 8 * blockDim.x elements; here there are always three
//   launches, 1024 totals, and a grid the GPU holds at once (no tail wave), while each element is
//   still read twice and written once (3n).
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

    T carry = g_prefix ? T(prefix[blockIdx.x]) : T(0);  // everything before this row
    for (unsigned base = span.first; base < span.end; base += kRows * blockDim.x) {
        T x[kRows];
        WS_UNROLL
        for (unsigned r = 0; r < kRows; ++r) {
            const unsigned i = base + r * blockDim.x + t;
            x[r] = i < span.end ? T(in[i]) : T(0);
        }
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
