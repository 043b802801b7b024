// What changed: one pass (Merrill and Garland). Each block takes the next tile from an atomic
//   counter, scans it in registers, publishes the tile's aggregate, then looks back over the
//   tiles before it: it adds their aggregates until it meets one whose inclusive prefix is
//   published, publishes its own inclusive prefix and writes its tile once.
// Why it is faster: each element is read once and written once (2n, the least any scan can
//   move), in a single launch. Publishing the aggregate before looking back keeps the wait
//   short: a block never waits for its predecessor to finish, only to have summed its tile.
//   Tiles are handed out in the order blocks start, so every tile looked at has a running block.
// Needs: a power-of-two block of 32..1024 threads; a tile of 8 * blockDim.x elements;
//   2 * blockDim.x / 32 + 2 elements of shared memory; the tile status zeroed before the launch.
#pragma once
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::scan {

inline constexpr unsigned kAggregateReady = 1, kInclusiveReady = 2;  // 0: nothing yet

template <class T, class Probe>
__global__ void scan_decoupled_lookback(const T* g_in, T* g_out, TileStatus<T> status, unsigned n,
                                        ScanKind kind, Probe probe) {
    constexpr unsigned kRows = 8;
    const unsigned nwarps = blockDim.x / 32;
    const unsigned tile_slot = 2 * nwarps, prefix_slot = 2 * nwarps + 1;
    auto s = shared_array<T>(probe, 2 * nwarps + 2);  // two rows of warp totals, tile, prefix
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto counter = global_array(status.counter, probe);
    auto aggregate = global_array(status.aggregate, probe);
    auto inclusive = global_array(status.inclusive, probe);
    auto flag = global_array(static_cast<volatile unsigned*>(status.flags), probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;

    if (t == 0) s[tile_slot] = T(atomic_add(counter[0], 1u));  // exact: fewer than 2^24 tiles
    block_sync(probe);
    const unsigned tile = unsigned(T(s[tile_slot]));
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

struct DecoupledLookback {
    static constexpr const char* id = "scan-decoupled-lookback";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.single_pass = &scan_decoupled_lookback<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
