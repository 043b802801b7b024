// What the two stream compactions share: which elements they keep, their tile status as counts
// (how many elements each tile keeps, looked back over like a scan's sums), and the count a
// finished compaction kept. The kernels are in 16_compact_scan.cuh and 17_compact_ballot.cuh.
#pragma once
#include "kernels/algorithms/scan/11_decoupled_lookback_vector.cuh"
#include "kernels/algorithms/scan/compact_predicate.hpp"

namespace ws::scan {

// The tile status of a compaction holds counts, whatever T is: each tile's flag and count in
// one 8-byte word (kernels/algorithms/scan/11_decoupled_lookback_vector.cuh, lookback::pack).
// Counts are exact up to 2^32 elements in every type, where a float sum would round past 2^24.
template <class T>
WS_DEV TileStatus<unsigned> count_status(const TileStatus<T>& s) {
    return TileStatus<unsigned>{s.counter, s.flags, nullptr, nullptr, s.words};
}

// What a finished compaction kept: the inclusive count its last tile published (the status
// words as the run left them). 0 for no tiles; ~0ull if the last tile never published one.
inline unsigned long long compacted_count(const unsigned long long* words,
                                          unsigned long long tiles) {
    if (tiles == 0) return 0;
    const unsigned long long word = words[tiles - 1];
    return unsigned(word) == kInclusiveReady ? word >> 32 : ~0ull;
}

// Warp 0 of the block that compacts `tile`, once each warp's count is in `own` (lane w holds
// warp w's; 0 past the last warp): publishes the tile's count, looks back for the count of
// every tile before, publishes the inclusive count. Returns, in lane w, where warp w's kept
// elements start within the tile, in `tile_count` the tile's count and in `before` how many
// the tiles before it kept.
template <class Probe>
WS_DEV unsigned compact_tile_start(const TileStatus<unsigned>& status, unsigned tile, unsigned own,
                                   unsigned lane, unsigned& tile_count, unsigned& before,
                                   Probe& probe) {
    unsigned v = own;  // inclusive scan of the warps' counts
    for (unsigned offset = 1; offset < 32; offset *= 2) {
        const unsigned y = shfl_up_sync(probe, kFullMask, v, offset);
        if (lane >= offset) v += y;
    }
    tile_count = shfl_sync(probe, kFullMask, v, 31);
    auto* word = static_cast<volatile unsigned long long*>(status.words);
    // Published at once: the tiles after this one need not wait for its look-back.
    if (lane == 0)
        word[tile] = lookback::pack(tile == 0 ? kInclusiveReady : kAggregateReady, tile_count);
    before = tile == 0 ? 0u : lookback::exclusive_prefix(status, tile, lane, probe);
    if (lane == 0 && tile > 0) word[tile] = lookback::pack(kInclusiveReady, before + tile_count);
    return v - own;
}

// How many elements the tiles before a tile kept, through a T-typed shared array: as two 16-bit
// halves, each exact in every element type (a float rounds integers past 2^24).
inline constexpr unsigned kHalfBits = 16;
WS_DEV unsigned high_half(unsigned count) {
    return count >> kHalfBits;
}
WS_DEV unsigned low_half(unsigned count) {
    return count & ((1u << kHalfBits) - 1u);
}
WS_DEV unsigned from_halves(unsigned high, unsigned low) {
    return high << kHalfBits | low;
}

}  // namespace ws::scan
