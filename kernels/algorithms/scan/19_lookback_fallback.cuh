// What changed: the tile is blockIdx.x again (no counter), and the look-back no longer trusts
//   its predecessor to make progress: after kFallbackSpins turns without a flag, thread 0 sums
//   that tile's elements itself and looks further back (the decoupled fallback of Smith, Levien
//   and Owens, SPAA 2025). A block therefore never depends on another block running, so it
//   completes under every block order and any number of resident blocks, on GPUs that promise
//   no forward progress between blocks at all.
// Why it is faster: no atomic a block, and a predecessor is nearly always running already
//   (NVIDIA GPUs start blocks in order), so the fallback is almost never taken and the kernel
//   moves 2n like scan-decoupled-lookback. When taken, it re-reads one tile.
// Needs: as scan-decoupled-lookback (the tile status zeroed; the counter is not used). Float
//   sums made by a fallback add the tile in another order: equal within rounding.
#pragma once
#include "kernels/algorithms/scan/10_decoupled_lookback.cuh"

namespace ws::scan {

template <class T, class Probe>
__global__ void scan_lookback_fallback(const T* g_in, T* g_out, TileStatus<T> status, unsigned n,
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

    const unsigned tile = blockIdx.x;  // no counter: the fallback below needs none
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
        // The look-back and fallback reads are not recorded: how many depends on timing.
        const volatile unsigned* flags = status.flags;
        const volatile T* aggregates = status.aggregate;
        const volatile T* inclusives = status.inclusive;
        T exclusive = T(0);
        for (int p = int(tile) - 1; p >= 0; --p) {
            unsigned f, spins = 0, delay_ns = 32;
            while ((f = flags[p]) == 0 && spins++ < kFallbackSpins) {
                spin_wait_for(probe, unsigned(p));
                back_off(delay_ns);
            }
            __threadfence();  // the flag is read before its value
            if (f == kInclusiveReady) {
                exclusive += T(inclusives[p]);
                break;
            }
            if (f == kAggregateReady) {
                exclusive += T(aggregates[p]);
                continue;
            }
            T sum = T(0);  // tile p made no progress: the fallback sums its elements here
            const unsigned first = unsigned(p) * kRows * blockDim.x;
            for (unsigned i = first; i < first + kRows * blockDim.x && i < n; ++i) sum += g_in[i];
            exclusive += sum;
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

struct LookbackFallback {
    static constexpr const char* id = "scan-lookback-fallback";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.single_pass = &scan_lookback_fallback<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
