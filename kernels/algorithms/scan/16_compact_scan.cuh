// What changed: a scan's application, stream compaction (the handbook's TODO): keep the elements
//   > 0, in order, at the front of the output (what std::copy_if does). Each element's place is
//   the exclusive scan of the keep flags: a lane loads 16 elements (row r of its warp is 32
//   neighbours), each row's flags are scanned across the warp with shuffles, the warps' counts
//   are scanned by warp 0, and the tiles' counts are found by the look-back of rung 11 (a tile
//   takes its number from a counter, publishes its count, looks back). Then each kept element
//   is written to its place: the scatter. The count of the tiles before reaches every warp through
//   shared memory as two 16-bit halves, each exact even in a float.
// Why it is faster: one pass, like the single-pass scan: each element is read once and only the
//   kept ones are written, instead of the textbook's three passes (write the flags, scan them,
//   scatter) that move every element and every flag several times. The counts are exact in every
//   type: they ride in the status words as integers, not as values of the element type.
// Needs: a power-of-two block of 32..1024 threads; a tile of 16 * blockDim.x elements;
//   blockDim.x / 32 + 3 elements of shared memory; the tile status zeroed before the launch.
//   The kind (inclusive, exclusive) does not apply: a compaction has one result.
#pragma once
#include "kernels/algorithms/scan/compact_common.cuh"

namespace ws::scan {

template <class T, class Probe>
__global__ void __launch_bounds__(1024)
    compact_scan(const T* g_in, T* g_out, TileStatus<T> status, unsigned n, ScanKind, Probe probe) {
    constexpr unsigned kRows = 16;  // the catalog's elems_per_thread
    const unsigned nwarps = blockDim.x / 32, tile_slot = nwarps, high = nwarps + 1,
                   low = nwarps + 2;
    auto s = shared_array<T>(probe, nwarps + 3);  // the warps' counts then starts, tile, prefix
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto counter = global_array(status.counter, probe);
    const TileStatus<unsigned> counts = count_status(status);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const KeepPositive keeps;

    if (t == 0) s[tile_slot] = T(atomic_add(counter[0], 1u));  // exact: fewer than 2^24 tiles
    block_sync(probe);
    const unsigned tile = unsigned(T(s[tile_slot]));
    const unsigned long long first =
        (unsigned long long)tile * kRows * blockDim.x + warp * kRows * 32;
    auto element = [&](unsigned r) { return first + r * 32 + lane; };

    T x[kRows];
    if (first + kRows * 32 <= n) {  // a whole warp's rows (all but the last tile): no checks
        WS_UNROLL
        for (unsigned r = 0; r < kRows; ++r) x[r] = T(in[element(r)]);
    } else {
        for (unsigned r = 0; r < kRows; ++r) x[r] = element(r) < n ? T(in[element(r)]) : T(0);
    }

    // The flags' exclusive scan over the warp's 512 elements, row by row.
    constexpr unsigned kDropped = ~0u;
    unsigned place[kRows];  // where the warp puts x[r] among its kept elements, or kDropped
    unsigned count = 0;     // the warp's kept elements in the rows so far
    WS_UNROLL
    for (unsigned r = 0; r < kRows; ++r) {
        const unsigned flag = element(r) < n && keeps(x[r]) ? 1u : 0u;
        unsigned v = flag;
        for (unsigned offset = 1; offset < 32; offset *= 2) {
            const unsigned y = shfl_up_sync(probe, kFullMask, v, offset);
            if (lane >= offset) v += y;
        }
        place[r] = flag ? count + v - 1 : kDropped;
        count += shfl_sync(probe, kFullMask, v, 31);
    }
    if (lane == 0) s[warp] = T(count);  // exact: at most 512
    block_sync(probe);
    if (warp == 0) {  // each warp's start in the tile; the tile's count published, looked back
        unsigned tile_count = 0, before = 0;
        const unsigned own = lane < nwarps ? unsigned(T(s[lane])) : 0u;
        const unsigned start =
            compact_tile_start(counts, tile, own, lane, tile_count, before, probe);
        if (lane < nwarps) s[lane] = T(start);
        if (lane == 0) {  // what the tiles before kept, in two exact halves
            s[high] = T(high_half(before));
            s[low] = T(low_half(before));
        }
    }
    block_sync(probe);
    const unsigned before_high = unsigned(T(s[high]));  // read in order: a function's arguments
    const unsigned before_low = unsigned(T(s[low]));    // are not (nvcc and gcc differ)
    const unsigned before = from_halves(before_high, before_low);

    const unsigned base = before + unsigned(T(s[warp]));
    WS_UNROLL
    for (unsigned r = 0; r < kRows; ++r) {  // the scatter, a row at a time
        if (place[r] != kDropped) out[base + place[r]] = x[r];
        instruction_boundary(probe);  // the row's stores: one warp instruction in the trace
    }
}

struct CompactScan {
    static constexpr const char* id = "compact-scan";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.single_pass = &compact_scan<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
