#include "kernels/sim/sim_recorder.hpp"

#include <algorithm>

#include "kernels/sim/cuda_shim.hpp"
#include "kernels/trace/analysis.hpp"

namespace ws::sim {

SimRecorder::SimRecorder(std::vector<std::uint32_t> traced, bool all_blocks, bool count_totals)
    : traced_(std::move(traced)), all_blocks_(all_blocks), count_totals_(count_totals) {}

bool SimRecorder::keeps(unsigned block) const {
    return all_blocks_ || std::find(traced_.begin(), traced_.end(), block) != traced_.end();
}

void SimRecorder::block_started(unsigned block) {
    threads_per_block_ = blockDim.x * blockDim.y * blockDim.z;
    keeping_ = keeps(block);
    recording_ = count_totals_ || keeping_;
    order_.clear();
    per_thread_.resize(threads_per_block_);
    for (auto& v : per_thread_) v.clear();
    snapshots_.clear();
}

void SimRecorder::barrier_released(unsigned block, unsigned phase, const std::uint8_t* smem,
                                   std::size_t bytes) {
    if (!keeps(block)) return;
    trace::Snapshot s;
    s.phase = std::uint16_t(phase);
    s.bytes.assign(smem, smem + std::min<std::size_t>(bytes, smem_bytes_));
    snapshots_.push_back(std::move(s));
}

void SimRecorder::block_finished(unsigned block) {
    if (!recording_) return;
    trace::BlockTrace b;
    b.block = block;
    std::size_t total = 0;
    for (auto& v : per_thread_) total += v.size();
    b.events.reserve(total);
    for (auto& v : per_thread_) b.events.insert(b.events.end(), v.begin(), v.end());
    if (count_totals_) totals_ += trace::block_counters(b, threads_per_block_);
    if (keeping_) {
        // Events are stored thread after thread; the order they ran in indexes into that.
        std::vector<std::uint32_t> first(per_thread_.size() + 1, 0);
        for (std::size_t t = 0; t < per_thread_.size(); ++t)
            first[t + 1] = first[t] + std::uint32_t(per_thread_[t].size());
        b.order.reserve(order_.size());
        for (const Ran& r : order_) b.order.push_back(first[r.thread] + r.index);
        b.snapshots = std::move(snapshots_);
        kept_.push_back(std::move(b));
    }
}

}  // namespace ws::sim
