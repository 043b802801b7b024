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
    recording_ = count_totals_ || keeps(block);
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
    if (keeps(block)) {
        b.snapshots = std::move(snapshots_);
        kept_.push_back(std::move(b));
    }
}

}  // namespace ws::sim
