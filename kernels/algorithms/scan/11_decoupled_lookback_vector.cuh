// What changed: the single pass of rung 10, built for bandwidth. A lane loads its 32 elements
//   as 16-byte vectors, all before adding any, with the streaming hint (read once, written once:
//   evict first from L2); it scans each vector in registers and the warp scans the vectors'
//   totals with shuffles, row by row, so a tile needs one barrier before the look-back and one
//   after it. The look-back is done by a whole warp: its 32 lanes read the status of the 32
//   tiles before at once, wait (sleeping a little longer each turn) until none is empty, and a
//   ballot finds the nearest tile whose inclusive prefix is published; the lanes up to it add
//   their values with shuffles. For 4-byte types the flag and the value are published together
//   in one 8-byte word, so a reader needs no fence between them.
// Why it is faster: each element is still read once and written once (2n), but with a quarter
//   of the load and store instructions and 128 bytes a lane in flight; a tile's wait is one
//   round trip to L2 per 32 predecessors instead of one (and a fence) per predecessor, and the
//   waiting warps leave L2 to the loads. Tiles of 32 * blockDim.x elements: a quarter as many
//   look-backs as rung 10. On an H100 this is what takes the scan from 7 times slower than CUB
//   to level with it (the README's scan table).
// Needs: a power-of-two block of 32..1024 threads; a tile of 32 * blockDim.x elements;
//   blockDim.x / 32 + 1 elements of shared memory; the tile status zeroed before the launch.
//   The input and output 16-byte aligned for the vector path (otherwise every tile takes the
//   element-by-element path of the last, partial tile). At most 64 registers a thread (so that
//   1024 threads fit an SM): 8-byte types spill some of their 32 elements to local memory.
#pragma once
#include <cstring>

#include "kernels/algorithms/scan/10_decoupled_lookback.cuh"

namespace ws::scan {

namespace lookback {

// A tile's status as the look-back reads it (volatile loads: never from a stale L1 line).
template <class T>
struct Status {
    unsigned flag;  // 0 nothing yet, kAggregateReady or kInclusiveReady
    T value;
};

// The 8-byte word of a 4-byte T: the flag in the low half, the value's bits in the high half.
template <class T>
WS_DEV unsigned long long pack(unsigned flag, T value) {
    unsigned bits;
    memcpy(&bits, &value, sizeof bits);
    return static_cast<unsigned long long>(bits) << 32 | flag;
}

template <class T>
WS_DEV Status<T> read(const TileStatus<T>& status, int tile) {
    if (tile < 0) return {kInclusiveReady, T(0)};  // before the first tile: an empty prefix
    const unsigned long long word = static_cast<volatile unsigned long long*>(status.words)[tile];
    Status<T> s{unsigned(word), T(0)};
    if constexpr (sizeof(T) <= kValueInWordBytes) {
        const unsigned bits = unsigned(word >> 32);
        memcpy(&s.value, &bits, sizeof bits);
    } else if (s.flag != 0) {
        __threadfence();  // the flag is read before its value
        const T* values = s.flag == kInclusiveReady ? status.inclusive : status.aggregate;
        s.value = static_cast<const volatile T*>(values)[tile];
    }
    return s;
}

// Warp 0 of the block that scans `tile`: the sum of every element before the tile. Not
// recorded: how many windows it reads, and how often it waits, depends on timing.
template <class T, class Probe>
WS_DEV T exclusive_prefix(const TileStatus<T>& status, unsigned tile, unsigned lane, Probe& probe) {
    T prefix = T(0);
    for (int newest = int(tile) - 1;; newest -= 32) {  // a window of 32 predecessors
        Status<T> s = read(status, newest - int(lane));
        unsigned delay_ns = 32;
        while (__any_sync(kFullMask, s.flag == 0)) {  // wait until every lane's tile has one
            spin_wait(probe);
            back_off(delay_ns);
            s = read(status, newest - int(lane));
        }
        const unsigned done = __ballot_sync(kFullMask, s.flag == kInclusiveReady);
        const unsigned nearest = done ? unsigned(__ffs(int(done))) - 1 : 31;  // lane 0: tile - 1
        T v = lane <= nearest ? s.value : T(0);
        for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(kFullMask, v, offset);
        prefix += v;
        if (done) return prefix;
    }
}

}  // namespace lookback

template <class T, class Probe>
__global__ void __launch_bounds__(1024)
    scan_decoupled_lookback_vector(const T* g_in, T* g_out, TileStatus<T> status, unsigned n,
                                   ScanKind kind, Probe probe) {
    constexpr unsigned kLaneElems = 32;                // the catalog's elems_per_thread
    constexpr unsigned kVector = Vector16<T>::kCount;  // elements in one 16-byte access
    constexpr unsigned kRows = kLaneElems / kVector;
    constexpr unsigned kWarpElems = 32 * kLaneElems;
    const unsigned nwarps = blockDim.x / 32, tile_slot = nwarps;
    auto s = shared_array<T>(probe, nwarps + 1);  // one total per warp, then the tile
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto counter = global_array(status.counter, probe);
    auto flag = global_array(static_cast<volatile unsigned long long*>(status.words), probe);
    auto aggregate = global_array(status.aggregate, probe);
    auto inclusive = global_array(status.inclusive, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;

    if (t == 0) s[tile_slot] = T(atomic_add(counter[0], 1u));  // exact: fewer than 2^24 tiles
    block_sync(probe);
    const unsigned tile = unsigned(T(s[tile_slot]));
    // The warp's 1024 elements: row r is 32 vectors side by side, lane l's at `first + r * 32 *
    // kVector + l * kVector` (neighbouring lanes, neighbouring 16 bytes).
    const unsigned long long first =
        (unsigned long long)tile * kLaneElems * blockDim.x + warp * kWarpElems;
    const bool aligned =
        (reinterpret_cast<unsigned long long>(g_in) | reinterpret_cast<unsigned long long>(g_out)) %
            16 ==
        0;
    const bool whole = aligned && (unsigned long long)(tile + 1) * kLaneElems * blockDim.x <= n;
    auto element = [&](unsigned r, unsigned k) { return first + (r * 32 + lane) * kVector + k; };

    Vector16<T> x[kRows];
    if (whole) {
        WS_UNROLL
        for (unsigned r = 0; r < kRows; ++r) x[r] = load16_once(in, element(r, 0));
    } else {
        for (unsigned r = 0; r < kRows; ++r)
            for (unsigned k = 0; k < kVector; ++k)
                x[r].x[k] = element(r, k) < n ? T(in[element(r, k)]) : T(0);
    }

    // Each row: the lane's vector total, scanned across the warp. `before[r]`: the sum of the
    // warp's elements before the lane's vector of row r.
    T before[kRows];
    T carry = T(0);  // the rows before this one; at the end the warp's total
    WS_UNROLL
    for (unsigned r = 0; r < kRows; ++r) {
        const T total = x[r].sum();
        T v = total;
        for (unsigned offset = 1; offset < 32; offset *= 2) {
            const T y = shfl_up_sync(probe, kFullMask, v, offset);
            if (lane >= offset) v += y;
        }
        const T left = shfl_up_sync(probe, kFullMask, v, 1);
        before[r] = carry + (lane > 0 ? left : T(0));
        carry += shfl_sync(probe, kFullMask, v, 31);
    }
    if (lane == 0) s[warp] = carry;
    block_sync(probe);

    if (warp == 0) {  // the tile's total, its status, the look-back, each warp's start
        const T own = lane < nwarps ? T(s[lane]) : T(0);
        T v = own;
        for (unsigned offset = 1; offset < 32; offset *= 2) {
            const T y = shfl_up_sync(probe, kFullMask, v, offset);
            if (lane >= offset) v += y;
        }
        const T tile_total = shfl_sync(probe, kFullMask, v, 31);
        const T left = shfl_up_sync(probe, kFullMask, v, 1);
        auto publish = [&](unsigned state, T value) {  // lane 0: the tile's status word
            if constexpr (sizeof(T) <= kValueInWordBytes) {
                flag[tile] = lookback::pack(state, value);
            } else {
                if (state == kInclusiveReady)
                    inclusive[tile] = value;
                else
                    aggregate[tile] = value;
                __threadfence();  // the value is visible before its flag
                flag[tile] = (unsigned long long)state;
            }
        };
        // Published at once: the tiles after this one need not wait for its look-back.
        if (lane == 0) publish(tile == 0 ? kInclusiveReady : kAggregateReady, tile_total);
        const T prefix = tile == 0 ? T(0) : lookback::exclusive_prefix(status, tile, lane, probe);
        if (lane == 0 && tile > 0) publish(kInclusiveReady, prefix + tile_total);
        if (lane < nwarps) s[lane] = prefix + (lane > 0 ? left : T(0));
    }
    block_sync(probe);

    // Each vector from its start: a sequential scan in registers, then one 16-byte store.
    const T start = s[warp];
    WS_UNROLL
    for (unsigned r = 0; r < kRows; ++r) {
        T running = start + before[r];
        WS_UNROLL
        for (unsigned k = 0; k < kVector; ++k) {
            const T value = x[r].x[k];
            x[r].x[k] = kind == ScanKind::Inclusive ? running + value : running;
            running += value;
        }
        if (whole) {
            store16_once(out, element(r, 0), x[r]);
        } else {
            for (unsigned k = 0; k < kVector; ++k)
                if (element(r, k) < n) out[element(r, k)] = x[r].x[k];
        }
    }
}

struct DecoupledLookbackVector {
    static constexpr const char* id = "scan-decoupled-lookback-vector";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.single_pass = &scan_decoupled_lookback_vector<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
