#include "kernels/scan_plan.hpp"

#include <algorithm>

#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws {
namespace {

using trace::ScanKind;

class Planner {
  public:
    Planner(const VariantInfo& v, unsigned block, trace::DType type)
        : block_(block),
          size_(trace::dtype_size(type)),
          smem_(smem_bytes_for(v, block, type)),
          packed_(v.packed_status),
          words_per_tile_(status_words_per_tile(v, type)) {
        plan_.tile = tile_elements(v, block, type);
    }

    ScanPlan finish() {
        for (const ScanLaunch& l : plan_.launches) plan_.bytes += l.bytes;
        return std::move(plan_);
    }

    void scan_then_fan(int in, int out, std::uint64_t count, ScanKind kind, unsigned level) {
        const unsigned grid = tiles(count);
        const int totals = scratch(grid);
        add(ScanStep::TileScan, level, grid, smem_, count, kind, in, out, totals,
            (2 * count + grid) * size_);
        if (grid == 1) return;
        const int prefix = scratch(grid);
        scan_then_fan(totals, prefix, grid, ScanKind::Exclusive, level + 1);
        add(ScanStep::AddPrefix, level, grid, 0, count, kind, kNoBuffer, out, prefix,
            (2 * count + grid) * size_);
        plan_.launches.back().block = fan_block();
    }

    void reduce_then_scan(int in, int out, std::uint64_t count, ScanKind kind, unsigned level) {
        const unsigned grid = tiles(count);
        if (grid == 1) {
            add(ScanStep::SeededScan, level, 1, smem_, count, kind, in, out, kNoBuffer,
                2 * count * size_);
            return;
        }
        const int totals = scratch(grid);
        add(ScanStep::TileReduce, level, grid, (block_ / 32) * size_, count, kind, in, totals,
            kNoBuffer, (count + grid) * size_);
        const int prefix = scratch(grid);
        reduce_then_scan(totals, prefix, grid, ScanKind::Exclusive, level + 1);
        add(ScanStep::SeededScan, level, grid, smem_, count, kind, in, out, prefix,
            (2 * count + grid) * size_);
    }

    // Always three launches (one where a single block covers the input): the span totals of a
    // fixed grid, their exclusive scan by one block, the spans scanned from their prefixes.
    void reduce_then_scan_two_level(std::uint64_t count, ScanKind kind, unsigned max_grid) {
        const unsigned grid = std::min<std::uint64_t>(tiles(count), max_grid);
        if (grid <= 1) {
            add(ScanStep::SeededScan, 0, 1, smem_, count, kind, kInputBuffer, kOutputBuffer,
                kNoBuffer, 2 * count * size_);
            return;
        }
        const int totals = scratch(grid);
        add(ScanStep::TileReduce, 0, grid, (block_ / 32) * size_, count, kind, kInputBuffer, totals,
            kNoBuffer, (count + grid) * size_);
        const int prefix = scratch(grid);
        add(ScanStep::SeededScan, 1, 1, smem_, grid, ScanKind::Exclusive, totals, prefix, kNoBuffer,
            2 * std::uint64_t(grid) * size_);
        add(ScanStep::SeededScan, 0, grid, smem_, count, kind, kInputBuffer, kOutputBuffer, prefix,
            (2 * count + grid) * size_);
    }

    // The memory family: one launch; the bytes the kernel needs (a copy: n read, n written;
    // aos-vs-soa: x of every struct read twice, two sums written; loop-divergence: n read and
    // written, its loop's reads of the neighbours counted as cache hits).
    void map(const VariantInfo& v, std::uint64_t count, unsigned grid) {
        std::uint64_t bytes = 2 * count * size_;
        if (v.scan_op == ScanOp::FieldSums) {
            plan_.zeroed_outputs = 2;
            bytes = (2 * (count / 3) + 2) * size_;
        }
        add(ScanStep::Map, 0, grid, smem_, count, ScanKind::Inclusive, kInputBuffer, kOutputBuffer,
            kNoBuffer, bytes);
    }

    // One block a tile; or, persistent, at most `max_grid` blocks drawing the tiles in turn.
    void single_pass(std::uint64_t count, ScanKind kind, unsigned max_grid) {
        const unsigned tile_count = std::max(1u, tiles(count));
        const unsigned grid = max_grid ? std::min(tile_count, max_grid) : tile_count;
        plan_.status_tiles = tile_count;
        plan_.status_words = std::uint64_t(tile_count) * words_per_tile_;
        add(ScanStep::SinglePass, 0, grid, smem_, count, kind, kInputBuffer, kOutputBuffer,
            kNoBuffer, 2 * count * size_ + status_bytes(tile_count));
    }

  private:
    // The fan gives each thread 8 elements of its tile (several loads in flight; on the
    // emulator, an eighth of the threads), and at least a warp.
    unsigned fan_block() const { return plan_.tile / 8 < 32 ? 32 : plan_.tile / 8; }
    // The single pass's tile status: the counter zeroed and incremented; per tile its flag
    // zeroed and written twice, and its aggregate and inclusive prefix written (in the flag's
    // word for a packed status of a 4-byte type).
    std::uint64_t status_bytes(std::uint64_t tiles) const {
        if (!packed_) return 8 + tiles * (3 * 4 + 2 * size_);
        if (words_per_tile_ > 1) return 8 + tiles * 3 * 8 * words_per_tile_;  // value in the word
        return 8 + tiles * (3 * 8 + (size_ <= scan::kValueInWordBytes ? 0 : 2 * size_));
    }
    unsigned tiles(std::uint64_t count) const {
        return unsigned((count + plan_.tile - 1) / plan_.tile);
    }
    int scratch(std::uint64_t elems) {
        plan_.scratch.push_back(elems);
        return int(plan_.scratch.size()) + 1;
    }
    void add(ScanStep step, unsigned level, unsigned grid, std::uint32_t smem, std::uint64_t count,
             ScanKind kind, int in, int out, int aux, std::uint64_t bytes) {
        ScanLaunch l;
        l.step = step;
        l.level = level;
        l.grid = grid;
        l.block = block_;
        l.smem_bytes = smem;
        l.count = count;
        l.kind = kind;
        l.in = in;
        l.out = out;
        l.aux = aux;
        l.bytes = bytes;
        // The traced launch: the tile scan of the input (the last level-0 scan for
        // reduce-then-scan, which needs the prefixes the launches before it computed).
        l.traced = level == 0 && step != ScanStep::AddPrefix && step != ScanStep::TileReduce;
        if (l.traced) plan_.traced = plan_.launches.size();
        plan_.launches.push_back(l);
    }

    unsigned block_;
    std::uint64_t size_;
    std::uint32_t smem_;
    bool packed_;
    unsigned words_per_tile_;
    ScanPlan plan_;
};

}  // namespace

const char* scan_step_name(ScanStep s) {
    switch (s) {
        case ScanStep::TileScan:
            return "tile-scan";
        case ScanStep::AddPrefix:
            return "add-prefix";
        case ScanStep::TileReduce:
            return "tile-reduce";
        case ScanStep::SeededScan:
            return "seeded-scan";
        case ScanStep::SinglePass:
            return "single-pass";
        case ScanStep::Map:
            return "map";
    }
    return "?";
}

ScanPlan scan_plan(const VariantInfo& v, std::uint64_t n, unsigned block, trace::DType type,
                   ScanKind kind) {
    Planner p(v, block, type);
    switch (v.driver) {
        case ScanDriver::None:
            break;
        case ScanDriver::ScanThenFan:
            p.scan_then_fan(kInputBuffer, kOutputBuffer, n, kind, 0);
            break;
        case ScanDriver::ReduceThenScan:
            p.reduce_then_scan(kInputBuffer, kOutputBuffer, n, kind, 0);
            break;
        case ScanDriver::ReduceThenScanTwoLevel:
            p.reduce_then_scan_two_level(n, kind, v.max_grid);
            break;
        case ScanDriver::SinglePass:
            p.single_pass(n, kind, v.persistent ? v.max_grid : 0);
            break;
        case ScanDriver::Map:
            p.map(v, n, grid_for(v, n, block, type));
            break;
    }
    return p.finish();
}

std::string describe(const ScanLaunch& l) {
    const bool scans = l.step == ScanStep::TileScan || l.step == ScanStep::SeededScan ||
                       l.step == ScanStep::SinglePass;
    std::string text = std::string(scan_step_name(l.step)) + " level " + std::to_string(l.level) +
                       ": " + std::to_string(l.grid) + " block" + (l.grid == 1 ? "" : "s") +
                       " of " + std::to_string(l.block) + " over " + std::to_string(l.count) +
                       " elements";
    if (scans) text += std::string(", ") + trace::scan_kind_name(l.kind);
    return text + describe_buffers(l.in == kNoBuffer ? l.out : l.in, l.out, l.aux, l.smem_bytes,
                                   l.bytes, l.traced);
}

}  // namespace ws
