// The emulator's recorder: collects each thread's events and the barrier snapshots of a block,
// keeps the blocks asked for, and sums the counters of every block.
#pragma once
#include <cstdint>
#include <map>
#include <vector>

#include "kernels/sim/emulator.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::sim {

class SimRecorder : public BlockObserver {
  public:
    // traced: block ids to keep whole; all_blocks keeps every block. count_totals: analyse every
    // block and sum its counters (costs time on large grids). by_drawn_tile (a dynamically
    // scheduled kernel, kernels/trace/drawn_tile.hpp): `traced` names tiles, and the blocks kept
    // are those that drew them, whatever the schedule's order (every block is recorded for it).
    SimRecorder(std::vector<std::uint32_t> traced, bool all_blocks, bool count_totals,
                bool by_drawn_tile = false);

    void block_started(unsigned block) override;
    void block_resumed(unsigned block) override;
    void barrier_released(unsigned block, unsigned phase, const std::uint8_t* smem,
                          std::size_t bytes) override;
    void block_finished(unsigned block) override;
    void copy_landed(unsigned block, unsigned thread, unsigned ordinal) override;

    // Called by SimProbe from inside a simulated thread (of the block running now).
    bool recording() const { return now_ && now_->recording; }
    void push(unsigned thread, const trace::Event& e) {
        auto& mine = now_->per_thread[thread];
        if (now_->keeping) {
            now_->order.push_back({thread, std::uint32_t(mine.size())});
            if (e.kind == trace::EventKind::BulkCopy)
                now_->copies.push_back({thread, std::uint32_t(mine.size())});
        }
        mine.push_back(e);
    }
    void set_smem_bytes(unsigned bytes) { smem_bytes_ = bytes > smem_bytes_ ? bytes : smem_bytes_; }

    std::vector<trace::BlockTrace>& blocks() { return kept_; }
    const trace::Counters& totals() const { return totals_; }
    unsigned smem_bytes() const { return smem_bytes_; }

  private:
    bool keeps(unsigned block) const;
    bool keeps_finished(const trace::BlockTrace& b) const;

    std::vector<std::uint32_t> traced_;
    bool all_blocks_;
    bool count_totals_;
    bool by_drawn_tile_;
    unsigned threads_per_block_ = 0;
    unsigned smem_bytes_ = 0;
    struct Ran {
        std::uint32_t thread, index;  // per_thread[thread][index]
    };
    // A block being run (several at once when the schedule interleaves blocks).
    struct Live {
        bool recording = false;
        bool keeping = false;  // this block is kept: remember the order events happened in
        std::vector<std::vector<trace::Event>> per_thread;
        std::vector<Ran> order;
        std::vector<trace::Snapshot> snapshots;
        std::vector<Ran> copies;  // BulkCopy events, in the order they were issued
        struct Landing {
            Ran copy;
            std::uint32_t after_order;
        };
        std::vector<Landing> landed;
    };
    std::map<unsigned, Live> live_;
    Live* now_ = nullptr;
    std::vector<std::vector<trace::Event>> spare_;
    std::vector<trace::BlockTrace> kept_;
    trace::Counters totals_;
};

}  // namespace ws::sim
