// What changed: the warp scan of scan-warp-smem with its `if (lane >= k)` checks removed. Each
//   warp's 32 words sit behind 16 words of zeros (element lane of warp w in word
//   49 * w + 16 + lane, the CUDA Handbook's layout), so a lane below k reads a zero and adds it:
//   every lane does every level. The warps' totals get a padded row of their own after the tile.
// Why it is faster: no branch and no idle lane at any level: the loop is a straight run of
//   load, add, __syncwarp, store, __syncwarp. It pays with shared memory (49 words a warp for 32
//   elements, plus one padded row for the totals) and with additions of zero that change nothing
//   (they count as work: 32 a level for every warp).
// Needs: a power-of-two block of 32..1024 threads; a tile of blockDim.x elements;
//   49 * (blockDim.x / 32 + 1) elements of shared memory (16 zeros, 32 elements and one spare
//   word a warp, then the totals' row).
#pragma once
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::scan {

// The word of lane `lane` of warp row `row`: 16 zeros, the 32 lanes, one spare word (the
// handbook's 49; nothing here reads it).
__host__ __device__ constexpr unsigned zero_padded_cell(unsigned row, unsigned lane) {
    return 49 * row + 16 + lane;
}

// The handbook's zero-padded scanWarp, made safe since Volta: every lane scans the word at
// `cell` over `levels` levels (1, 2, 4, ...), reading zeros left of lane 0. Returns its inclusive
// scan.
template <class Shared, class T, class Probe>
__device__ T scan_warp_zero_padded(const Shared& s, unsigned cell, unsigned levels, T v,
                                   Probe& probe) {
    for (unsigned offset = 1; offset < (1u << levels); offset *= 2) {
        v += s[cell - offset];  // +
        warp_sync(probe);       // every lane has read before any lane writes
        s[cell] = v;
        warp_sync(probe);  // ... and has written before the next level reads
    }
    return v;
}

template <class T, class Probe>
__global__ void scan_warp_smem_zeropad(const T* g_in, T* g_out, T* g_totals, unsigned n,
                                       ScanKind kind, Probe probe) {
    const unsigned m = blockDim.x, nwarps = blockDim.x / 32;
    auto s = shared_array<T>(probe, 49 * (nwarps + 1));  // a padded row a warp, then the totals'
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto totals = global_array(g_totals, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const unsigned i = blockIdx.x * m + t;
    const unsigned cell = zero_padded_cell(warp, lane);
    auto vs = volatile_view(s);  // the handbook's volatile: every access a real load or store

    const unsigned total_cell = zero_padded_cell(nwarps, lane);  // lane's word of the totals' row
    if (lane < 16) vs[cell - 16] = T(0);                         // the warp's zeros
    if (warp == 0 && lane < 16) vs[total_cell - 16] = T(0);      // and the totals' row's,
    if (warp == 0 && lane >= nwarps) vs[total_cell] = T(0);      // past the last warp too
    T v = i < n ? T(in[i]) : T(0);
    vs[cell] = v;
    warp_sync(probe);
    v = scan_warp_zero_padded(vs, cell, 5, v, probe);
    if (lane == 31) vs[zero_padded_cell(nwarps, warp)] = vs[cell];  // the warp's total
    block_sync(probe);

    if (warp == 0) {  // warp 0 scans the warps' totals (its lanes past them: zeros, then sums)
        unsigned levels = 0;
        while ((1u << levels) < nwarps) ++levels;
        scan_warp_zero_padded(vs, total_cell, levels, T(vs[total_cell]), probe);
    }
    block_sync(probe);

    if (warp > 0) v += vs[zero_padded_cell(nwarps, warp - 1)];  // +
    vs[cell] = v;
    block_sync(probe);

    T y = v;  // exclusive: the inclusive result one place to the left
    if (kind == ScanKind::Exclusive)
        y = t > 0 ? T(vs[zero_padded_cell((t - 1) / 32, (t - 1) % 32)]) : T(0);
    if (i < n) out[i] = y;
    if (t == m - 1) totals[blockIdx.x] = v;
}

struct WarpSmemZeroPad {
    static constexpr const char* id = "scan-warp-smem-zeropad";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.tile = &scan_warp_smem_zeropad<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
