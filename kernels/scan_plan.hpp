// The launches of a device-wide scan, as plain data: which kernel, over which buffers, with
// which grid, and the bytes each moves. Both backends execute the same plan (the emulator with
// vectors, the GPU with device buffers), so they launch the same kernels in the same order.
//
//   scan-then-fan      tile scan (level 0) -> [the plan for the tile totals, exclusive] -> fan
//   reduce-then-scan   tile sums -> [the plan for the totals, exclusive] -> seeded tile scan
//   two-level          span sums (a fixed grid) -> one block scans them -> seeded span scan
//   single pass        one launch over tile status zeroed before it
//   map                one launch of a memory-family kernel over the whole array
// A level whose data fits one tile is a single tile scan (or seeded scan with no prefix).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/plan_buffers.hpp"
#include "kernels/trace/dtype.hpp"
#include "kernels/trace/scan_kind.hpp"

namespace ws {

enum class ScanStep {
    TileScan,    // kernels.tile(in, out, totals = aux, count, kind)
    AddPrefix,   // scan_add_tile_prefix(out, prefix = aux, count, tile): tile / 8 threads a tile
    TileReduce,  // kernels.reduce(in, totals = out, count)
    SeededScan,  // kernels.seeded(in, out, prefix = aux or none, count, kind)
    SinglePass,  // kernels.single_pass(in, out, tile status, count, kind)
    Map,         // kernels.map(in, out, count, the request's stride): the memory family
};
const char* scan_step_name(ScanStep s);

struct ScanLaunch {
    ScanStep step = ScanStep::TileScan;
    unsigned level = 0;  // 0: the input; 1: its tile totals; 2: theirs; ...
    unsigned grid = 0, block = 0;
    std::uint32_t smem_bytes = 0;
    std::uint64_t count = 0;  // elements of the level
    trace::ScanKind kind = trace::ScanKind::Inclusive;
    int in = kNoBuffer, out = kNoBuffer, aux = kNoBuffer;  // buffer ids
    std::uint64_t bytes = 0;  // global bytes read and written (look-back reads not counted)
    bool traced = false;      // the launch the recorders trace
};

struct ScanPlan {
    unsigned tile = 0;  // elements per block
    std::vector<ScanLaunch> launches;
    // Buffer k >= 2 is scratch[k - 2] elements of T (tile totals and their prefixes).
    std::vector<std::uint64_t> scratch;
    std::uint64_t status_tiles = 0;    // single pass: tiles whose status must be zeroed
    std::uint64_t status_words = 0;    // ... and their 8-byte status words (packed status)
    std::uint64_t zeroed_outputs = 0;  // output elements zeroed before the launches (atomics)
    std::size_t traced = 0;            // index of the traced launch
    std::uint64_t bytes = 0;           // sum over the launches
};

ScanPlan scan_plan(const VariantInfo& v, std::uint64_t n, unsigned block, trace::DType type,
                   trace::ScanKind kind);

// "tile-scan level 0: 33 blocks of 256 over 8209 elements, inclusive, buffer 0 -> 1 (with 2),
//  2048 B shared, 65804 bytes moved, traced"
std::string describe(const ScanLaunch& l);

}  // namespace ws
