// What changed: the look-back of scan-decoupled-lookback, but each block scans the tile of its
//   own blockIdx.x instead of taking the next tile from an atomic counter. A lesson: it is wrong
//   in a way no single run on a GPU shows.
// Why it is faster: it is not: it saves one atomic a block and can hang. A block waits for the
//   tile before its own, and nothing in CUDA promises that block b-1 has started when block b
//   runs: with room for R blocks at once, R later blocks can fill the GPU and wait for tiles
//   whose blocks can never start. The counter hands tiles out in the order blocks start, so the
//   tile waited for always belongs to a running block; scan-lookback-fallback needs no order.
//   On the emulator: --schedule lockstep,blocks=reverse,resident=2.
// Needs: as scan-decoupled-lookback (the tile status zeroed; the counter is not used).
#pragma once
#include "kernels/algorithms/scan/10_decoupled_lookback.cuh"

namespace ws::scan {

template <class T, class Probe>
__global__ void scan_lookback_blockidx(const T* g_in, T* g_out, TileStatus<T> status, unsigned n,
                                       ScanKind kind, Probe probe) {
    constexpr unsigned kRows = 8;
    const unsigned nwarps = blockDim.x / 32;
    const unsigned prefix_slot = 2 * nwarps + 1;
    auto s = shared_array<T>(probe, 2 * nwarps + 2);  // two rows of warp totals, (unused), prefix
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto aggregate = global_array(status.aggregate, probe);
    auto inclusive = global_array(status.inclusive, probe);
    auto flag = global_array(static_cast<volatile unsigned*>(status.flags), probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;

    const unsigned tile = blockIdx.x;  // the naive choice: see the top of this file
    const unsigned base = tile * kRows * blockDim.x;

    T x[kRows];
    WS_UNROLL
    for (unsigned r = 0; r < kRows; ++r) {
        const unsigned i = base + r * blockDim.x + t;
        x[r] = i < n ? T(in[i]) : T(0);
    }
    T carry = T(0);  // the sum of the rows before this one; at the end the tile's aggregate
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
        x[r] = carry + v;  // kept in registers until the tile's prefix is known
        carry += s[row + nwarps - 1];
    }

    if (t == 0) {  // publish the aggregate, look back, publish the inclusive prefix
        aggregate[tile] = carry;
        __threadfence();  // the value is visible before its flag
        flag[tile] = kAggregateReady;
        // The look-back reads are not recorded: how many there are depends on timing.
        const volatile unsigned* flags = status.flags;
        const volatile T* aggregates = status.aggregate;
        const volatile T* inclusives = status.inclusive;
        T exclusive = T(0);
        for (int p = int(tile) - 1; p >= 0; --p) {
            unsigned f;
            while ((f = flags[p]) == 0) spin_wait_for(probe, unsigned(p));
            __threadfence();  // the flag is read before its value
            if (f == kInclusiveReady) {
                exclusive += T(inclusives[p]);
                break;
            }
            exclusive += T(aggregates[p]);
        }
        inclusive[tile] = exclusive + carry;
        __threadfence();
        flag[tile] = kInclusiveReady;
        s[prefix_slot] = exclusive;
    }
    block_sync(probe);

    const T prefix = s[prefix_slot];
    WS_UNROLL
    for (unsigned r = 0; r < kRows; ++r) {
        const unsigned i = base + r * blockDim.x + t;
        if (i < n) out[i] = prefix + x[r];
    }
}

struct LookbackBlockIdx {
    static constexpr const char* id = "scan-lookback-blockidx";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.single_pass = &scan_lookback_blockidx<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
