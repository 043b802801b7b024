// Which shared cells hold padding: a pass over the block's events, step by step.
#include "ui/model/trace/padding.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/plan_buffers.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {
namespace {

using trace::Event;
using trace::EventKind;

enum class Origin : std::uint8_t { Unwritten, Input, Padding, Constant };

constexpr std::uint64_t kNoCell = ~std::uint64_t(0);

struct Source {
    Origin origin = Origin::Unwritten;
    bool global = false;           // a read of the input array (its value in `bits`)
    std::uint64_t bits = 0;        // the raw value read
    std::uint64_t cell = kNoCell;  // a shared read: the cell
};

struct ThreadState {
    bool carries_input = false;  // what it sends by shuffle
    bool holds_draw = false;  // an atomic's old value since its last shared write (a tile number)
    std::vector<Source> pending;           // read since the thread's last shared write
    Origin carried = Origin::Unwritten;    // what its last shared write stored (its register)
    std::uint64_t carried_cell = kNoCell;  // and where
};

// What a shared write of `cell` stores, from what its thread read since its previous one.
// `array_tile`: the length of each array where the layout keeps several side by side (0 when not).
Origin written_origin(ThreadState& th, const Event& e, std::uint64_t cell,
                      std::uint64_t array_tile) {
    std::vector<Source>& pending = th.pending;
    if (pending.size() >= 2 && pending.front().global && pending.front().bits == e.value) {
        pending.erase(pending.begin());  // a copy of the first value read: that one only
        return Origin::Input;
    }
    // A register that accumulates (`v += s[t + 16]; s[t] = v`) carries what it last stored;
    // a cell updated in place (`s[t] += s[t + k]`) reads its own old value instead.
    const bool in_place = std::any_of(pending.begin(), pending.end(),
                                      [&](const Source& s) { return s.cell == cell; });
    if (!pending.empty() && !in_place && th.carried != Origin::Unwritten)
        pending.push_back({th.carried});
    // Input wins; then padding (a warp total of padding lanes stays padding though the lanes
    // also read their tile's number); constants alone make a constant, except the first
    // phase's (`i < n ? in[i] : 0`).
    // The same element stored into the next array with nothing read in between (`min[t] = x;
    // max[t] = x;`) is what it was in the first.
    if (pending.empty() && array_tile != 0 && th.carried_cell != kNoCell &&
        th.carried_cell % array_tile == cell % array_tile)
        return th.carried;
    Origin o = e.phase == 0 && pending.empty() ? Origin::Padding : Origin::Constant;
    for (const Source& s : pending) {
        if (s.origin == Origin::Input) o = Origin::Input;
        if (s.origin == Origin::Padding && o != Origin::Input) o = Origin::Padding;
    }
    pending.clear();
    return o;
}

// The length of each array where the layout keeps several side by side (0 for other layouts).
std::uint64_t array_tile(const TraceView& v) {
    const VariantInfo* info = v.variant;
    if (!info || info->layout != trace::TileLayout::Arrays) return 0;
    return std::uint64_t(v.threads) * info->elems_per_thread;
}

class PaddingPass {
  public:
    explicit PaddingPass(const TraceView& v)
        : v_(v), threads_(v.threads), cells_(v.cells), array_tile_(array_tile(v)) {}

    // The cells that hold padding after each of the block's real steps.
    std::vector<std::vector<std::uint8_t>> run() {
        const std::vector<Event>& events = v_.block->events;
        std::vector<std::size_t> next(v_.threads, events.size());  // each thread's first event
        for (std::size_t i = events.size(); i-- > 0;)
            if (events[i].thread < v_.threads) next[events[i].thread] = i;
        std::vector<std::vector<std::uint8_t>> after;
        for (const trace::StepId id : v_.origin_ids) {
            std::vector<std::pair<std::uint16_t, std::uint16_t>> shuffles;  // (to, from)
            for (std::uint32_t t = 0; t < v_.threads; ++t)
                for (std::size_t& i = next[t];
                     i < events.size() && events[i].thread == t && trace::step_of(events[i]) == id;
                     ++i)
                    apply(events[i], shuffles);
            // A shuffle round is simultaneous: every lane receives what its source held before.
            // A vote's word is made of every lane's predicate: input if any lane of the warp
            // carries input.
            // A lane holding a tile number it drew (scan-pipeline's producer broadcasts it)
            // sends a constant, not padding.
            std::vector<Origin> sent;
            for (const auto& [to, from] : shuffles) {
                const bool input = from == kWholeWarp
                                       ? warp_carries_input(to / trace::kWarpSize)
                                       : from < threads_.size() && threads_[from].carries_input;
                const bool draw =
                    from != kWholeWarp && from < threads_.size() && threads_[from].holds_draw;
                sent.push_back(input ? Origin::Input : draw ? Origin::Constant : Origin::Padding);
            }
            for (std::size_t k = 0; k < shuffles.size(); ++k) {
                ThreadState& to = threads_[shuffles[k].first];
                to.pending.push_back({sent[k]});
                to.carries_input = to.carries_input || sent[k] == Origin::Input;
            }
            std::vector<std::uint8_t> padding(cells_.size());
            for (std::size_t c = 0; c < cells_.size(); ++c)
                padding[c] = cells_[c] == Origin::Padding;
            after.push_back(std::move(padding));
        }
        return after;
    }

  private:
    void apply(const Event& e, std::vector<std::pair<std::uint16_t, std::uint16_t>>& shuffles) {
        ThreadState& th = threads_[e.thread];
        const std::uint64_t cell = e.address / v_.elem_size;
        switch (e.kind) {
            case EventKind::GlobalRead:
                if (e.buffer == kInputBuffer) {
                    th.pending.push_back({Origin::Input, true, e.value});
                    th.carries_input = true;
                    break;
                }
                [[fallthrough]];     // a tile's prefix, a flag: no element, but no padding either
            case EventKind::Atomic:  // a look-back's tile number
                th.pending.push_back({Origin::Constant});
                th.holds_draw = th.holds_draw || e.kind == EventKind::Atomic;
                break;
            case EventKind::SharedRead: {
                const Origin o = cell < cells_.size() ? cells_[cell] : Origin::Constant;
                th.pending.push_back(
                    {o == Origin::Unwritten ? Origin::Constant : o, false, 0, cell});
                th.carries_input = th.carries_input || o == Origin::Input;
                break;
            }
            case EventKind::SharedWrite:
                if (cell < cells_.size()) {
                    th.carried = cells_[cell] = written_origin(th, e, cell, array_tile_);
                    th.carried_cell = cell;
                }
                th.holds_draw = false;
                break;
            case EventKind::Shuffle: {
                if (trace::is_ballot(e)) {  // a word of the warp's predicates
                    shuffles.emplace_back(e.thread, kWholeWarp);
                    break;
                }
                const auto warp = static_cast<std::uint16_t>(e.thread / trace::kWarpSize);
                shuffles.emplace_back(e.thread, warp * trace::kWarpSize + e.src_lane);
                break;
            }
            case EventKind::GlobalWrite:
            case EventKind::AtomicWrite:
            case EventKind::TxInit:
            case EventKind::TxArrive:
            case EventKind::TxWait:
            case EventKind::BulkCopy:
            case EventKind::NamedSync:
            case EventKind::Mark:
                break;
        }
    }

    static constexpr std::uint16_t kWholeWarp = 0xffff;  // a vote: from every lane at once
    bool warp_carries_input(std::size_t warp) const {
        for (std::size_t t = warp * trace::kWarpSize;
             t < threads_.size() && t < (warp + 1) * trace::kWarpSize; ++t)
            if (threads_[t].carries_input) return true;
        return false;
    }

    const TraceView& v_;
    std::vector<ThreadState> threads_;
    std::vector<Origin> cells_;
    std::uint64_t array_tile_;
};

}  // namespace

void mark_padding(TraceView& v) {
    if (!v.block || v.cells == 0) return;
    if (std::any_of(v.block->events.begin(), v.block->events.end(),
                    [](const Event& e) { return e.kind == EventKind::BulkCopy; }))
        return;  // the copy engine's bytes: their origin is not in the events
    const std::vector<std::vector<std::uint8_t>> after = PaddingPass(v).run();
    for (StepView& s : v.steps) {
        if (s.origin >= after.size()) continue;
        const std::vector<std::uint8_t>& padding = after[s.origin];
        for (std::size_t c = 0; c < s.cells.size() && c < s.defined.size(); ++c)
            if (padding[c] && s.defined[c]) s.cells[c] |= kCellPadding;
    }
}

}  // namespace ws::ui
