#include "kernels/sim/sim_recorder.hpp"

#include <algorithm>

#include "kernels/sim/cuda_shim.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/drawn_tile.hpp"

namespace ws::sim {

SimRecorder::SimRecorder(std::vector<std::uint32_t> traced, bool all_blocks, bool count_totals,
                         bool by_drawn_tile)
    : traced_(std::move(traced)),
      all_blocks_(all_blocks),
      count_totals_(count_totals),
      by_drawn_tile_(by_drawn_tile && !all_blocks) {}

// At the block's start: whether to keep what it does (by tile: every block, until it has drawn).
bool SimRecorder::keeps(unsigned block) const {
    return all_blocks_ || by_drawn_tile_ ||
           std::find(traced_.begin(), traced_.end(), block) != traced_.end();
}

// At its end: by tile, only a block that drew a tile asked for.
bool SimRecorder::keeps_finished(const trace::BlockTrace& b) const {
    if (!by_drawn_tile_) return true;
    const auto tile = trace::drawn_tile(b);
    return tile && std::find(traced_.begin(), traced_.end(), *tile) != traced_.end();
}

void SimRecorder::block_started(unsigned block) {
    threads_per_block_ = blockDim.x * blockDim.y * blockDim.z;
    Live& l = live_[block];
    l.per_thread = std::move(spare_);  // the last finished block's room, when there is one
    l.keeping = keeps(block);
    l.recording = count_totals_ || l.keeping;
    l.order.clear();
    l.copies.clear();
    l.landed.clear();
    l.per_thread.resize(threads_per_block_);
    for (auto& v : l.per_thread) v.clear();
    l.snapshots.clear();
    now_ = &l;
}

void SimRecorder::block_resumed(unsigned block) {
    now_ = &live_[block];
}

void SimRecorder::barrier_released(unsigned block, unsigned phase, const std::uint8_t* smem,
                                   std::size_t bytes) {
    const auto found = live_.find(block);
    if (found == live_.end() || !found->second.keeping) return;
    trace::Snapshot s;
    s.phase = std::uint16_t(phase);
    s.bytes.assign(smem, smem + std::min<std::size_t>(bytes, smem_bytes_));
    found->second.snapshots.push_back(std::move(s));
}

// The copy engine does not run as a thread: the landing is placed between the events that ran
// before it and those after (`order`'s length now).
void SimRecorder::copy_landed(unsigned block, unsigned thread, unsigned ordinal) {
    const auto found = live_.find(block);
    if (found == live_.end() || !found->second.keeping) return;
    Live& l = found->second;
    unsigned seen = 0;
    for (const Ran& c : l.copies)
        if (c.thread == thread && seen++ == ordinal) {
            l.landed.push_back({c, std::uint32_t(l.order.size())});
            return;
        }
}

void SimRecorder::block_finished(unsigned block) {
    auto found = live_.find(block);
    if (found == live_.end()) return;
    Live& l = found->second;
    if (l.recording) {
        trace::BlockTrace b;
        b.block = block;
        std::size_t total = 0;
        for (auto& v : l.per_thread) total += v.size();
        b.events.reserve(total);
        for (auto& v : l.per_thread) b.events.insert(b.events.end(), v.begin(), v.end());
        if (count_totals_) totals_ += trace::block_counters(b, threads_per_block_);
        if (l.keeping && keeps_finished(b)) {
            // Events are stored thread after thread; the order they ran in indexes into that.
            std::vector<std::uint32_t> first(l.per_thread.size() + 1, 0);
            for (std::size_t t = 0; t < l.per_thread.size(); ++t)
                first[t + 1] = first[t] + std::uint32_t(l.per_thread[t].size());
            b.order.reserve(l.order.size());
            for (const Ran& r : l.order) b.order.push_back(first[r.thread] + r.index);
            for (const Live::Landing& landing : l.landed)
                b.landed.push_back(
                    {first[landing.copy.thread] + landing.copy.index, landing.after_order});
            b.snapshots = std::move(l.snapshots);
            kept_.push_back(std::move(b));
        }
    }
    if (now_ == &l) now_ = nullptr;
    spare_ = std::move(l.per_thread);
    live_.erase(found);
}

}  // namespace ws::sim
