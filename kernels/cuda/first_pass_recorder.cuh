// Recording one launch on the GPU, whatever its kernel's signature: the caller gives a callable
// that launches the kernel with the probe it is handed (`go(GpuProbe)`), and the recorder runs it
// in windows of blocks (of tiles, for a kernel whose blocks draw their tile: the block that draws
// a tile of the window records it, gpu_probe.cuh). For each window a counting launch (capacity 0)
// sizes the buffers exactly, then recording launches fill them (again, with more room, when a
// racing thread made more events than it did in the counting launch); every recorded block is
// analysed for the totals and the traced ones are kept. The kernel must give the same result each
// time it is launched again (reset any state it consumes inside `go`).
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/cuda/check.hpp"
#include "kernels/cuda/gpu_probe.cuh"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/drawn_tile.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::cuda {

class FirstPassRecorder {
  public:
    FirstPassRecorder(const std::string& name, unsigned grid, unsigned block, unsigned smem,
                      bool by_tile = false)
        : name_(name), grid_(grid), block_(block), smem_(smem), by_tile_(by_tile) {
        map_.allocate(grid, "block map");
        if (by_tile) {
            block_tile_.allocate(grid, "drawn tiles");
            lost_.allocate(1, "events before the tile");
        }
    }

    // Records blocks [first, first + count) with this many events per thread (0: count only); by
    // tile, the blocks that draw tiles [first, first + count).
    template <class Go>
    void launch(Go&& go, unsigned first, unsigned count, std::uint32_t capacity,
                std::uint32_t max_phases) {
        std::vector<std::uint32_t> map(grid_, kNotTraced);
        for (unsigned i = 0; i < count; ++i) map[first + i] = i;
        WS_CUDA(cudaMemcpy(map_.get(), map.data(), grid_ * 4, cudaMemcpyHostToDevice), name_);
        const std::size_t threads = std::size_t(count) * block_;
        if (counts_.size() < threads) counts_.allocate(threads, "trace counters");
        if (phases_.size() < count) phases_.allocate(count, "trace phases");
        WS_CUDA(cudaMemset(counts_.get(), 0, threads * 4), name_);
        WS_CUDA(cudaMemset(phases_.get(), 0, count * 4), name_);
        const std::size_t events = threads * capacity;
        if (events_.size() < events) events_.allocate(events, "trace events");
        const std::size_t snap = std::size_t(count) * max_phases * smem_;
        if (snaps_.size() < snap) snaps_.allocate(snap, "trace snapshots");

        GpuTraceBuffers b;
        b.events = events_.get();
        b.counts = counts_.get();
        b.phases = phases_.get();
        b.snapshots = snap ? snaps_.get() : nullptr;
        b.block_to_slot = map_.get();
        b.capacity = capacity;
        b.max_phases = max_phases;
        b.smem_bytes = smem_;
        b.threads_per_block = block_;
        b.slots = count;
        if (by_tile_) {
            WS_CUDA(cudaMemset(block_tile_.get(), 0xff, grid_ * 4), name_);
            WS_CUDA(cudaMemset(lost_.get(), 0, 4), name_);
            b.block_tile = block_tile_.get();
            b.tiles = grid_;
            b.lost_before_tile = lost_.get();
        }
        go(GpuProbe(b));
        check_launch(name_ + " (recorded)", true);
        slot_block_.assign(count, kNotTraced);
        for (unsigned i = 0; i < count; ++i) slot_block_[i] = first + i;
        if (by_tile_) {
            // Which block drew each tile of the window (none: kNotTraced).
            std::vector<std::uint32_t> drew(grid_);
            WS_CUDA(cudaMemcpy(drew.data(), block_tile_.get(), grid_ * 4, cudaMemcpyDeviceToHost),
                    name_);
            slot_block_.assign(count, kNotTraced);
            for (unsigned blk = 0; blk < grid_; ++blk)
                if (drew[blk] >= first && drew[blk] < first + count)
                    slot_block_[drew[blk] - first] = blk;
            std::uint32_t lost = 0;
            WS_CUDA(cudaMemcpy(&lost, lost_.get(), 4, cudaMemcpyDeviceToHost), name_);
            lost_before_tile_ = lost_before_tile_ || lost != 0;
        }

        counts_host_.resize(threads);
        phases_host_.resize(count);
        WS_CUDA(cudaMemcpy(counts_host_.data(), counts_.get(), threads * 4, cudaMemcpyDeviceToHost),
                name_);
        WS_CUDA(cudaMemcpy(phases_host_.data(), phases_.get(), count * 4, cudaMemcpyDeviceToHost),
                name_);
        events_host_.resize(events);
        if (events)
            WS_CUDA(cudaMemcpy(events_host_.data(), events_.get(), events * sizeof(trace::Event),
                               cudaMemcpyDeviceToHost),
                    name_);
        snaps_host_.resize(snap);
        if (snap)
            WS_CUDA(cudaMemcpy(snaps_host_.data(), snaps_.get(), snap, cudaMemcpyDeviceToHost),
                    name_);
        capacity_ = capacity;
        max_phases_ = max_phases;
    }

    std::uint32_t max_count() const {
        std::uint32_t m = 0;
        for (auto c : counts_host_) m = std::max(m, c);
        return m;
    }
    std::uint32_t max_phases() const {
        std::uint32_t m = 0;
        for (auto c : phases_host_) m = std::max(m, c);
        return m;
    }

    // The block that recorded this slot in the last launch (by tile: the one that drew its tile;
    // kNotTraced: none did).
    std::uint32_t block_of(unsigned slot) const { return slot_block_[slot]; }
    // By tile: a recorded thread made an event before it knew its tile (gpu_probe.cuh).
    bool lost_before_tile() const { return lost_before_tile_; }

    trace::BlockTrace decode(unsigned slot) const {
        trace::BlockTrace bt;
        bt.block = block_of(slot);
        for (unsigned t = 0; t < block_; ++t) {
            const std::size_t idx = std::size_t(slot) * block_ + t;
            const std::uint32_t made = counts_host_[idx];
            const std::uint32_t kept = std::min(made, capacity_);
            if (made > capacity_) bt.truncated = true;
            const trace::Event* first = events_host_.data() + idx * capacity_;
            bt.events.insert(bt.events.end(), first, first + kept);
        }
        const std::uint32_t phases = std::min(phases_host_[slot], max_phases_);
        for (std::uint32_t p = 0; p < phases; ++p) {
            trace::Snapshot s;
            s.phase = std::uint16_t(p);
            const std::uint8_t* src =
                snaps_host_.data() + (std::size_t(slot) * max_phases_ + p) * smem_;
            s.bytes.assign(src, src + smem_);
            bt.snapshots.push_back(std::move(s));
        }
        return bt;
    }

  private:
    std::string name_;
    unsigned grid_, block_, smem_;
    bool by_tile_ = false, lost_before_tile_ = false;
    DeviceBuffer<std::uint32_t> map_, counts_, phases_, block_tile_, lost_;
    std::vector<std::uint32_t> slot_block_;
    DeviceBuffer<trace::Event> events_;
    DeviceBuffer<std::uint8_t> snaps_;
    std::vector<std::uint32_t> counts_host_, phases_host_;
    std::vector<trace::Event> events_host_;
    std::vector<std::uint8_t> snaps_host_;
    std::uint32_t capacity_ = 0, max_phases_ = 0;
};

// How the traced pass's blocks come to their tiles: by blockIdx; drawn from a counter (the
// look-back scans and compactions: `--blocks` then names tiles, kernels/trace/drawn_tile.hpp); or
// persistent (each block draws tile after tile).
enum class TileSchedule { BlockIdx, Drawn, Persistent };
inline TileSchedule tile_schedule(const VariantInfo& v) {
    if (v.persistent) return TileSchedule::Persistent;
    return v.dynamic_tiles ? TileSchedule::Drawn : TileSchedule::BlockIdx;
}

inline bool traced_block_wanted(const trace::Request& r, unsigned block) {
    return r.all_blocks || std::find(r.blocks.begin(), r.blocks.end(), block) != r.blocks.end();
}

// Records the launch `go` (grid blocks of request.block threads, smem bytes of shared memory):
// keeps the traced blocks in out.blocks and sums every block's counters into out.totals.
//
// A persistent kernel (VariantInfo::persistent: its blocks draw tiles until none is left) shares
// its tiles out differently at every launch, so all its blocks are recorded in one launch (or
// the run says in one line that it has too many events to record), and a launch that ran past
// the room its counting launch gave gets twice the room next time.
//
// A kernel whose blocks draw their tile (TileSchedule::Drawn) is recorded by tile: its windows are
// windows of tiles, and the block that draws a tile of the window records it, whichever block it
// is in that launch, so every tile asked for is recorded, and every tile is counted once in the
// totals.
template <class Go>
void record_launch(Go&& go, const std::string& name, unsigned grid, unsigned smem,
                   const run::RunOptions& options, trace::Trace& out,
                   TileSchedule schedule = TileSchedule::BlockIdx) {
    const bool persistent = schedule == TileSchedule::Persistent;
    constexpr std::uint64_t kThreadsPerWindow = 1u << 18;
    constexpr std::uint64_t kEventBudget = 1u << 24;  // 512 MiB of events per recording launch
    constexpr int kRecordAttempts = 6;
    if (!options.record && !options.count_totals) return;
    const trace::Request& req = out.request;
    const bool by_tile = schedule == TileSchedule::Drawn;
    FirstPassRecorder rec(name, grid, req.block, smem, by_tile);
    const unsigned window = unsigned(std::max<std::uint64_t>(1, kThreadsPerWindow / req.block));
    std::vector<bool> tile_found(by_tile ? grid : 0);
    for (unsigned first = 0; first < grid; first += window) {
        const unsigned count = std::min(window, grid - first);
        bool any_wanted = false;  // a block (by tile: a tile) of the window is traced
        for (unsigned b = first; b < first + count; ++b) any_wanted |= traced_block_wanted(req, b);
        if (!options.count_totals && !(options.record && any_wanted)) continue;
        rec.launch(go, first, count, 0, 0);
        std::uint32_t capacity = std::max<std::uint32_t>(1, rec.max_count());
        std::uint32_t phases = rec.max_phases();
        if (persistent) capacity *= 2;
        const unsigned sub = unsigned(std::clamp<std::uint64_t>(
            kEventBudget / (std::uint64_t(capacity) * req.block), 1, count));
        if (persistent && (sub < count || count < grid)) {
            out.error = name + ": " + std::to_string(grid) + " persistent blocks of up to " +
                        std::to_string(capacity) +
                        " events a thread are more than one recording launch holds; trace "
                        "fewer elements";
            return;
        }
        for (unsigned s = first; s < first + count; s += sub) {
            const unsigned c = std::min(sub, first + count - s);
            // A kernel whose threads race (compare-and-swap loops) makes a different number of
            // events each launch: when a thread made more than the counting launch did, record
            // again with room to spare. A block still short of room after that is marked
            // truncated by decode.
            for (int attempt = 0; attempt < kRecordAttempts; ++attempt) {
                rec.launch(go, s, c, capacity, phases);
                if (rec.max_count() <= capacity && rec.max_phases() <= phases) break;
                capacity = std::max(capacity, rec.max_count()) * (persistent ? 8 : 5) / 4 + 1;
                phases = std::max(phases, rec.max_phases());
            }
            for (unsigned i = 0; i < c; ++i) {
                if (rec.block_of(i) == kNotTraced) continue;  // by tile: no block drew it
                trace::BlockTrace bt = rec.decode(i);
                if (options.count_totals) out.totals += trace::block_counters(bt, req.block);
                if (!options.record || !traced_block_wanted(req, s + i)) continue;
                if (by_tile) tile_found[s + i] = true;
                out.blocks.push_back(std::move(bt));
            }
        }
    }
    if (rec.lost_before_tile())
        out.error = name +
                    ": a thread made an event before its block drew its tile, which a "
                    "recording by tile cannot place";
    if (!by_tile || !options.record) return;
    trace::sort_by_drawn_tile(out.blocks);
    for (unsigned tile = 0; tile < grid && out.error.empty(); ++tile)
        if (!tile_found[tile] && traced_block_wanted(req, tile))
            out.error = name + ": no recorded block drew tile " + std::to_string(tile) +
                        " (the pass has " + std::to_string(grid) + " tiles)";
}

}  // namespace ws::cuda
