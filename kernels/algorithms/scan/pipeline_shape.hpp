// The shape of scan-pipeline (20_pipeline.cuh) as plain numbers, for the kernel, its launcher
// and the tests: the warps' roles, a tile's elements, the stages, the block's shared memory and
// how many tiles a block draws ahead.
//
// The choice, measured (tests/device/scan_pipeline_bench.cu, H100 and H200, 2026-11-27): a
// stage is one 16 KB tile for every type (4096 4-byte or 2048 8-byte elements), 4 consumer
// warps each scanning 128 bytes a lane, 6 stages: 96 KB of tiles a block, two blocks an SM, so
// an SM keeps up to 192 KB loading or waiting. CUB's sm_90 tuning (128 threads x 24 items for
// 4-byte types, 224 x 24 for 8-byte) keeps its tile in registers; here registers hold nothing
// in flight, so the tile is sized by shared memory instead. Of the shapes tried (2..8 stages;
// 4 or 8 consumer warps; 8..32 elements a lane) this one was fastest at 2^28 on both GPUs
// for 4-byte types and within 1% of the fastest for doubles.
#pragma once
#include <algorithm>
#include <cstdint>

namespace ws::scan::pipeline {

// The block's warps: the producer, the aggregator, the look-back warp, then the consumers.
inline constexpr unsigned kProducerWarp = 0, kAggregatorWarp = 1, kLookbackWarp = 2,
                          kFirstConsumerWarp = 3;
inline constexpr unsigned kConsumerWarps = 4;
inline constexpr unsigned kThreads = (kFirstConsumerWarp + kConsumerWarps) * 32;
inline constexpr unsigned kStages = 6;
inline constexpr unsigned kStageBytes = 16 * 1024;
inline constexpr unsigned kLaneBytes = kStageBytes / (kConsumerWarps * 32);  // 128

// A tile's status, in 8-byte words: the flag and a value of up to 4 bytes (an int or float sum,
// a compaction's count) in one word, an 8-byte value (a double sum) beside it in a second.
constexpr unsigned status_words_per_tile(unsigned value_bytes) {
    return value_bytes <= 4 ? 1 : 2;
}

// A tile and the block's shared memory for elements of kElementBytes.
template <unsigned kElementBytes>
struct Shape {
    static_assert(kElementBytes == 4 || kElementBytes == 8, "int, float or double");
    static constexpr unsigned kLaneElems = kLaneBytes / kElementBytes;
    static constexpr unsigned kWarpElems = 32 * kLaneElems;
    static constexpr unsigned kTileElems = kConsumerWarps * kWarpElems;
    // Shared memory: the stages' tiles; per stage the consumer warps' totals, the tile's
    // aggregate and its prefix (elements), and its tile number (4 bytes); then four barriers a
    // stage (full, empty, aggregated, prefixed), 8 bytes each.
    static constexpr unsigned kValuesPerStage = kConsumerWarps + 2;
    static constexpr unsigned kValuesOffset = kStages * kStageBytes;
    static constexpr unsigned kTileIdsOffset =
        kValuesOffset + kStages * kValuesPerStage * kElementBytes;
    static constexpr unsigned kBarriersOffset = (kTileIdsOffset + kStages * 4u + 7u) / 8u * 8u;
    static constexpr unsigned kSharedBytes = kBarriersOffset + 4u * kStages * 8u;
};

// Tiles of n elements (the last one partial).
template <unsigned kElementBytes>
constexpr std::uint64_t tiles_of(std::uint64_t n) {
    return (n + Shape<kElementBytes>::kTileElems - 1) / Shape<kElementBytes>::kTileElems;
}

// How many tiles a block loads ahead: every stage when there are tiles enough; fewer when a
// grid of `blocks` would otherwise leave some blocks idle while others hold kStages tiles each
// (2^22 ints: 1024 tiles over 264 blocks, 4 each, not 6 for 170 blocks and none for the rest).
// Never fewer than 2, so that a block always loads its next tile while it scans one.
constexpr unsigned tiles_ahead(std::uint64_t tiles, unsigned blocks) {
    if (blocks == 0) return kStages;
    const std::uint64_t share = (tiles + blocks - 1) / blocks;
    return unsigned(std::clamp<std::uint64_t>(share, 2, kStages));
}

}  // namespace ws::scan::pipeline
