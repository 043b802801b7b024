// What changed: each warp scans its 32 elements in shared memory, Kogge-Stone style, through a
//   volatile pointer: at offset k a lane whose lane number is at least k adds the word k places
//   left (the CUDA Handbook's scanWarp, with its `if (lane >= k)` checks). Lane 31 writes the
//   warp's total; warp 0 scans the totals the same way; each warp adds the total before it.
// Why it is faster: a warp needs no block barrier between its levels, only __syncwarp(): the
//   handbook read and wrote with no sync at all, trusting lockstep, which is a race since Volta
//   (scan-kogge-stone-inplace shows it); a __syncwarp() between each level's reads and writes
//   makes it right and costs far less than __syncthreads(). Lanes below k sit out each level:
//   the checks are branches, and idle lanes, that the zero-padded version removes.
// Needs: a power-of-two block of 32..1024 threads; a tile of blockDim.x elements;
//   blockDim.x + blockDim.x / 32 elements of shared memory.
#pragma once
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::scan {

// The handbook's scanWarp with its checks, made safe since Volta: lanes [0, count) of a warp
// scan the words s[first + lane] (lanes at or past `count` only keep the warp's syncs).
// `v` is the lane's word; returns its inclusive scan.
template <class Shared, class T, class Probe>
__device__ T scan_warp_checked(const Shared& s, unsigned first, unsigned lane, unsigned count, T v,
                               Probe& probe) {
    for (unsigned offset = 1; offset < 32; offset *= 2) {
        if (lane >= offset && lane < count) v += s[first + lane - offset];  // +
        warp_sync(probe);  // every lane has read before any lane writes
        if (lane >= offset && lane < count) s[first + lane] = v;
        warp_sync(probe);  // ... and has written before the next level reads
    }
    return v;
}

template <class T, class Probe>
__global__ void scan_warp_smem(const T* g_in, T* g_out, T* g_totals, unsigned n, ScanKind kind,
                               Probe probe) {
    const unsigned m = blockDim.x, nwarps = blockDim.x / 32;
    auto s = shared_array<T>(probe, m + nwarps);  // the tile, then one total per warp
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto totals = global_array(g_totals, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const unsigned i = blockIdx.x * m + t;
    auto vs = volatile_view(s);  // the handbook's volatile: every access a real load or store

    T v = i < n ? T(in[i]) : T(0);
    vs[t] = v;
    warp_sync(probe);
    v = scan_warp_checked(vs, warp * 32, lane, 32, v, probe);
    if (lane == 31) vs[m + warp] = vs[t];  // the warp's total: its last word
    block_sync(probe);

    if (warp == 0) {  // warp 0 scans the warps' totals
        T w = lane < nwarps ? T(vs[m + lane]) : T(0);
        scan_warp_checked(vs, m, lane, nwarps, w, probe);
    }
    block_sync(probe);

    if (warp > 0) v += vs[m + warp - 1];  // +
    vs[t] = v;
    block_sync(probe);

    T y = v;  // exclusive: the inclusive result one place to the left
    if (kind == ScanKind::Exclusive) y = t > 0 ? T(vs[t - 1]) : T(0);
    if (i < n) out[i] = y;
    if (t == m - 1) totals[blockIdx.x] = v;
}

struct WarpSmem {
    static constexpr const char* id = "scan-warp-smem";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.tile = &scan_warp_smem<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
