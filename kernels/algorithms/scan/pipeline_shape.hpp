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

// A tile and the block's shared memory for elements of kElementBytes: by default the shape
// above; other stage counts and sizes are timed beside it (tests/device/scan_pipeline_bench.cu).
template <unsigned kElementBytes, unsigned kStageCount = kStages,
          unsigned kBytesOfStage = kStageBytes, unsigned kConsumers = kConsumerWarps>
struct Shape {
    static_assert(kElementBytes == 4 || kElementBytes == 8, "int, float or double");
    static_assert(kBytesOfStage % (kConsumers * 32 * 16) == 0,
                  "a consumer lane's share is whole 16-byte vectors");
    static_assert(kStageCount >= 2, "a block loads its next tile while it scans one");
    static constexpr unsigned kConsumerWarps = kConsumers;
    static constexpr unsigned kThreads = (kFirstConsumerWarp + kConsumers) * 32;
    static constexpr unsigned kStages = kStageCount;
    static constexpr unsigned kStageBytes = kBytesOfStage;
    static constexpr unsigned kLaneBytes = kStageBytes / (kConsumerWarps * 32);
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
template <unsigned kElementBytes, class S = Shape<kElementBytes>>
constexpr std::uint64_t tiles_of(std::uint64_t n) {
    return (n + S::kTileElems - 1) / S::kTileElems;
}

// How many tiles a block loads ahead: every stage when there are tiles enough; fewer when a
// grid of `blocks` would otherwise leave some blocks idle while others hold kStages tiles each
// (2^22 ints: 1024 tiles over 264 blocks, 4 each, not 6 for 170 blocks and none for the rest).
// Never fewer than 2, so that a block always loads its next tile while it scans one.
constexpr unsigned tiles_ahead(std::uint64_t tiles, unsigned blocks, unsigned stages = kStages) {
    if (blocks == 0) return stages;
    const std::uint64_t share = (tiles + blocks - 1) / blocks;
    return unsigned(std::clamp<std::uint64_t>(share, 2, stages));
}

// ---- The shape chosen by size (the GPU launcher, kernels/cuda/pipeline_scan.hpp) ---------------
// The catalog's rung, traced and taught, is the shape above at every size. Timed alone the
// pipeline may take another stage count and size by n: where the tiles divide badly among the
// blocks a GPU holds at once, a larger or smaller tile turns a short last round into a full one.
// Measured on an NVIDIA H200 (tests/device/scan_pipeline_bench.cu `shapes`, two or three runs of
// each shape, 2026-11-29; assets/measurements/scan-pipeline-shapes-nvidia-h200.md): for each size
// the shape whose slowest run was fastest against CUB, among the ones below.
struct ShapeChoice {
    unsigned stages = kStages;
    unsigned stage_bytes = kStageBytes;
    unsigned consumers = kConsumerWarps;  // consumer warps: the block has 3 + consumers warps
    friend constexpr bool operator==(ShapeChoice a, ShapeChoice b) {
        return a.stages == b.stages && a.stage_bytes == b.stage_bytes && a.consumers == b.consumers;
    }
};
inline constexpr ShapeChoice kCatalogShape{kStages, kStageBytes, kConsumerWarps};
inline constexpr ShapeChoice k4x16K{4, 16 * 1024}, k3x16K{3, 16 * 1024}, k6x32K{6, 32 * 1024},
    k7x32K{7, 32 * 1024}, k4x48K{4, 48 * 1024}, k3x64K{3, 64 * 1024};
// Eight consumer warps (352 threads a block): more lanes to scan each tile as it lands.
inline constexpr ShapeChoice k6x16Kw8{6, 16 * 1024, 8}, k7x32Kw8{7, 32 * 1024, 8},
    k6x32Kw8{6, 32 * 1024, 8}, k3x64Kw8{3, 64 * 1024, 8};
// Every shape a launch may choose: the launcher instantiates each (pipeline_scan.cu).
inline constexpr ShapeChoice kLaunchShapes[] = {kCatalogShape, k4x16K,   k3x16K,  k6x32K,
                                                k7x32K,        k4x48K,   k3x64K,  k6x16Kw8,
                                                k6x32Kw8,      k7x32Kw8, k3x64Kw8};

// One row a power of two: row k holds n from 2^k to 2^(k+1) - 1, from 2^16 (below: the catalog's
// shape) to 2^28 (and above). Columns: 4-byte scans, 8-byte scans, 4-byte compactions, 8-byte
// compactions.
inline constexpr unsigned kFirstSizedLog2 = 16, kLastSizedLog2 = 28;
inline constexpr ShapeChoice kShapeBySize[kLastSizedLog2 - kFirstSizedLog2 + 1][4] = {
    /* 2^16 */ {kCatalogShape, kCatalogShape, kCatalogShape, kCatalogShape},
    /* 2^17 */ {kCatalogShape, kCatalogShape, kCatalogShape, kCatalogShape},
    /* 2^18 */ {kCatalogShape, kCatalogShape, kCatalogShape, kCatalogShape},
    /* 2^19 */ {kCatalogShape, k6x32K, kCatalogShape, kCatalogShape},
    /* 2^20 */ {k7x32K, k3x64Kw8, kCatalogShape, k6x32K},
    /* 2^21 */ {k6x32Kw8, k3x16K, k6x32K, k4x48K},
    /* 2^22 */ {k3x64Kw8, k4x16K, k3x64K, k6x16Kw8},
    /* 2^23 */ {k6x16Kw8, k4x16K, kCatalogShape, k7x32Kw8},
    /* 2^24 */ {k6x16Kw8, k4x16K, kCatalogShape, k7x32K},
    /* 2^25 */ {k7x32Kw8, k7x32Kw8, k7x32K, k7x32K},
    /* 2^26 */ {k7x32K, k7x32Kw8, k7x32K, k7x32K},
    /* 2^27 */ {k7x32K, k7x32Kw8, k7x32K, k7x32K},
    /* 2^28 */ {k7x32K, k7x32Kw8, k7x32K, k7x32K},
};

constexpr unsigned floor_log2(std::uint64_t n) {
    unsigned k = 0;
    while (n >>= 1) ++k;
    return k;
}

// The shape a launch of n elements of element_bytes takes (a compaction: compact).
constexpr ShapeChoice shape_for(std::uint64_t n, unsigned element_bytes, bool compact) {
    if (n < (std::uint64_t(1) << kFirstSizedLog2)) return kCatalogShape;
    const unsigned row = std::min(floor_log2(n), kLastSizedLog2) - kFirstSizedLog2;
    return kShapeBySize[row][(compact ? 2 : 0) + (element_bytes == 8 ? 1 : 0)];
}

}  // namespace ws::scan::pipeline
