#include "ui/model/trace/pipeline_view.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "ui/model/pipeline/warp_role_text.hpp"

namespace ws::ui {

const char* stage_state_name(StageState s) {
    switch (s) {
        case StageState::Free:
            return "free";
        case StageState::Filling:
            return "filling";
        case StageState::Full:
            return "full";
        case StageState::Scanning:
            return "scanning";
    }
    return "?";
}

namespace {

using trace::Event;
using trace::EventKind;
using trace::MarkKind;

bool is_mark(const Event& e, MarkKind k) {
    return e.kind == EventKind::Mark && e.src_lane == std::uint8_t(k);
}

// "full" from "    const TxBarRing full = tx_barriers(probe, ...);": the name the source gives
// the ring on its line; "" when the line says none.
std::string declared_name(const std::vector<std::string>& lines, std::uint16_t line) {
    if (line == 0 || line > lines.size()) return "";
    const std::string& text = lines[line - 1];
    const auto call = text.find("tx_barriers");
    if (call == std::string::npos) return "";
    auto eq = text.rfind('=', call);
    if (eq == std::string::npos) return "";
    std::size_t end = eq;
    while (end > 0 && text[end - 1] == ' ') --end;
    std::size_t begin = end;
    while (begin > 0 &&
           (std::isalnum(static_cast<unsigned char>(text[begin - 1])) || text[begin - 1] == '_'))
        --begin;
    return text.substr(begin, end - begin);
}

struct Ring {
    std::uint64_t first = 0, stride = 0, count = 0;
    std::string name;
    bool holds(std::uint64_t a) const { return a >= first && a < first + stride * count; }
    unsigned slot(std::uint64_t a) const { return unsigned((a - first) / stride); }
};

struct BarrierCount {
    std::uint32_t expected = 0, arrivals = 0, round = 0;
    std::uint64_t announced = 0, landed = 0;
};

struct InFlight {
    std::uint32_t event = 0, stage = 0, round = 0, tile = kNoStageTile;
    std::uint64_t barrier = 0, bytes = 0;
};

class Builder {
  public:
    Builder(const trace::BlockTrace& b, const std::vector<std::string>& lines) : b_(b) {
        for (const Event& e : b.events) {
            if (is_mark(e, MarkKind::Slots)) add_ring(e, lines);
            if (e.kind == EventKind::TxInit) bars_[e.address].expected = std::uint32_t(e.value);
            if (is_mark(e, MarkKind::Role)) role_[e.thread] = trace::WarpRole(e.value);
            threads_ = std::max<std::uint32_t>(threads_, e.thread + 1u);
        }
        std::sort(barrier_rings_.begin(), barrier_rings_.end(),
                  [](const Ring& x, const Ring& y) { return x.first < y.first; });
        for (std::size_t k = 0; k < barrier_rings_.size(); ++k)
            if (barrier_rings_[k].name.empty())
                barrier_rings_[k].name = "barriers " + std::to_string(k);
        // The full ring: the one the producer arrives on (and copies complete on); the empty
        // ring: the one the consumers arrive on when they are done with a stage.
        for (const Event& e : b.events) {
            if (e.kind != EventKind::TxArrive) continue;
            if (role(e.thread) == trace::WarpRole::Producer && full_ring_ < 0)
                full_ring_ = ring_index(e.address);
            if (role(e.thread) == trace::WarpRole::Consumer && empty_ring_ < 0)
                empty_ring_ = ring_index(e.address);
        }
        left_.assign(threads_, 0);
        for (const Event& e : b.events) ++left_[e.thread];
        waiting_.assign(threads_, nullptr);
        tile_of_.assign(threads_, kNoStageTile);
    }

    PipelineView build() {
        PipelineView v;
        v.shown = data_.count > 0;
        if (!v.shown) return v;
        v.stages = unsigned(data_.count);
        v.stage_bytes = unsigned(data_.stride);
        for (const Ring& r : barrier_rings_) v.rings.push_back(r.name);
        stages_.assign(v.stages, StageNow{});
        if (b_.order.empty()) {
            v.why_untimed =
                "a GPU records no order of events: the stages' moments are the emulator's";
            untimed_tiles(v);
            return v;
        }
        v.timed = true;
        std::vector<trace::BlockTrace::CopyLanding> landings = b_.landed;
        std::stable_sort(landings.begin(), landings.end(), [](const auto& x, const auto& y) {
            return x.after_order < y.after_order;
        });
        std::size_t next_landing = 0;
        for (std::uint32_t k = 0; k <= b_.order.size(); ++k) {
            while (next_landing < landings.size() && landings[next_landing].after_order <= k)
                land(v, landings[next_landing++].copy_event, k);
            if (k < b_.order.size()) run(v, b_.order[k], k);
        }
        return v;
    }

  private:
    void add_ring(const Event& e, const std::vector<std::string>& lines) {
        Ring r{e.address, e.value & 0xffffffffu, e.value >> 32, ""};
        if (e.buffer == std::uint8_t(trace::SlotKind::Data)) {
            data_ = r;
            return;
        }
        if (e.buffer != std::uint8_t(trace::SlotKind::Barriers)) return;
        for (const Ring& x : barrier_rings_)
            if (x.first == r.first) return;
        r.name = declared_name(lines, e.line);
        barrier_rings_.push_back(r);
    }

    const Ring* ring_of(std::uint64_t barrier) const {
        for (const Ring& r : barrier_rings_)
            if (r.holds(barrier)) return &r;
        return nullptr;
    }
    std::string barrier_name(std::uint64_t barrier) const {
        const Ring* r = ring_of(barrier);
        if (!r) return "the barrier at byte " + std::to_string(barrier);
        return r->name + "[" + std::to_string(r->slot(barrier)) + "]";
    }
    int stage_of_barrier(std::uint64_t barrier) const {
        const Ring* r = ring_of(barrier);
        return r ? int(r->slot(barrier)) : -1;
    }
    bool lane0(std::uint16_t t) const { return t % trace::kWarpSize == 0; }
    bool has_role(std::uint16_t t) const { return role_.count(t) > 0; }
    trace::WarpRole role(std::uint16_t t) const {
        const auto it = role_.find(t);
        return it == role_.end() ? trace::WarpRole::Consumer : it->second;
    }
    std::string warp_words(std::uint16_t t) const {
        return std::string(warp_role_name(role(t))) + " warp " +
               std::to_string(t / trace::kWarpSize);
    }

    void moment(PipelineView& v, std::uint32_t after, std::string what) {
        PipelineMoment m;
        m.after_order = after;
        m.what = std::move(what);
        m.stages = stages_;
        m.in_flight = in_flight_bytes_;
        for (std::uint32_t t = 0; t < threads_; t += trace::kWarpSize) {
            WarpNow w;
            w.has_role = has_role(std::uint16_t(t));
            w.role = role(std::uint16_t(t));
            w.tile = tile_of_[t];
            w.done = left_[t] == 0;
            if (waiting_[t]) {
                w.waiting = true;
                w.waits_on = barrier_name(waiting_[t]->address) + ", round " +
                             std::to_string(waiting_[t]->value);
                w.waits_for_copy = copy_in_flight(waiting_[t]->address, waiting_[t]->value);
            }
            m.warps.push_back(std::move(w));
        }
        v.max_in_flight = std::max(v.max_in_flight, in_flight_bytes_);
        v.moments.push_back(std::move(m));
    }

    bool copy_in_flight(std::uint64_t barrier, std::uint64_t round) const {
        for (const InFlight& c : flights_)
            if (c.barrier == barrier && c.round == round) return true;
        return false;
    }

    // A round of `barrier` may be over: its stage changes.
    void settle(PipelineView& v, std::uint64_t barrier, std::uint32_t after) {
        BarrierCount& c = bars_[barrier];
        if (c.expected == 0 || c.arrivals < c.expected || c.landed < c.announced) return;
        c.arrivals = 0;
        c.announced = c.landed = 0;
        ++c.round;
        for (const Event*& w : waiting_)  // its waiters go on (at their next event)
            if (w && w->address == barrier && w->value < c.round) w = nullptr;
        const int s = stage_of_barrier(barrier);
        if (s < 0 || std::size_t(s) >= stages_.size()) return;
        if (barrier == full_of(unsigned(s))) {
            if (stages_[s].tile == kNoStageTile) return;  // the producer's last turn: none left
            stages_[s].state = StageState::Full;
            moment(v, after,
                   "stage " + std::to_string(s) + " is full: tile " +
                       std::to_string(stages_[s].tile) + (stages_[s].by_copy ? "" : " (by lanes)"));
        } else if (barrier == empty_of(unsigned(s))) {
            stages_[s] = StageNow{};
            moment(v, after, "stage " + std::to_string(s) + " is free: its consumers are done");
        }
    }
    std::uint64_t full_of(unsigned s) const { return ring_address(full_ring_, s); }
    std::uint64_t empty_of(unsigned s) const { return ring_address(empty_ring_, s); }
    std::uint64_t ring_address(int ring, unsigned s) const {
        if (ring < 0 || std::size_t(ring) >= barrier_rings_.size()) return ~0ull;
        return barrier_rings_[ring].first + barrier_rings_[ring].stride * s;
    }
    int ring_index(std::uint64_t barrier) const {
        for (std::size_t k = 0; k < barrier_rings_.size(); ++k)
            if (barrier_rings_[k].holds(barrier)) return int(k);
        return -1;
    }

    void run(PipelineView& v, std::uint32_t index, std::uint32_t k) {
        const Event& e = b_.events[index];
        const std::uint16_t t = e.thread;
        --left_[t];
        waiting_[t] = nullptr;
        const bool producer = role(t) == trace::WarpRole::Producer;
        if (is_mark(e, MarkKind::Round)) round_stage_[t] = unsigned(e.address);
        if (is_mark(e, MarkKind::Tile)) {
            tile_of_[t] = e.value == trace::kNoTile ? kNoStageTile : std::uint32_t(e.value);
            if (producer && lane0(t) && e.value != trace::kNoTile) {
                const unsigned s = round_stage_[t];
                if (s < stages_.size()) {
                    stages_[s] = StageNow{StageState::Filling, std::uint32_t(e.value), false};
                    TileRow row;
                    row.tile = std::uint32_t(e.value);
                    row.stage = s;
                    v.tiles.push_back(row);
                    moment(v, k + 1,
                           "the producer draws tile " + std::to_string(e.value) + " for stage " +
                               std::to_string(s));
                }
            } else if (lane0(t) && !producer && e.value != trace::kNoTile) {
                moment(v, k + 1, "the " + warp_words(t) + " takes tile " + std::to_string(e.value));
            }
        }
        if (e.kind == EventKind::TxArrive) {
            BarrierCount& c = bars_[e.address];
            ++c.arrivals;
            c.announced += e.value;
            settle(v, e.address, k + 1);
        }
        if (e.kind == EventKind::TxWait) {
            // It waits until its next event runs (a wait for a round already over runs on).
            const BarrierCount& c = bars_[e.address];
            if (c.round <= e.value) {
                waiting_[t] = &e;
                if (lane0(t)) {
                    const bool on_copy = copy_in_flight(e.address, e.value);
                    if (on_copy && !producer) {
                        ++v.copy_waits;
                        if (v.first_copy_wait == TileRow::kNoMoment)
                            v.first_copy_wait = v.moments.size();
                    }
                    moment(v, k + 1,
                           "the " + warp_words(t) + " waits on " + barrier_name(e.address) +
                               ", round " + std::to_string(e.value) +
                               (on_copy ? ": its copy is still in flight" : ""));
                }
            }
        }
        if (e.kind == EventKind::BulkCopy) {
            const trace::BulkCopyFields f = trace::bulk_copy_fields(e);
            InFlight c;
            c.event = index;
            c.barrier = f.barrier;
            c.bytes = f.bytes;
            c.round = bars_[f.barrier].round;
            c.stage = data_.holds(f.dst) ? data_.slot(f.dst) : 0;
            if (c.stage < stages_.size()) {
                c.tile = stages_[c.stage].tile;
                stages_[c.stage].by_copy = true;
            }
            if (!v.tiles.empty() && v.tiles.back().tile == c.tile) v.tiles.back().by_copy = true;
            flights_.push_back(c);
            in_flight_bytes_ += c.bytes;
            moment(v, k + 1,
                   "the producer has the copy engine load tile " + std::to_string(c.tile) +
                       " into stage " + std::to_string(c.stage) + " (" + std::to_string(f.bytes) +
                       " bytes, one instruction)");
        }
        if (e.kind == EventKind::SharedRead && !producer && data_.holds(e.address)) {
            const unsigned s = data_.slot(e.address);
            if (s < stages_.size() && stages_[s].state == StageState::Full &&
                role(t) == trace::WarpRole::Consumer) {
                stages_[s].state = StageState::Scanning;
                moment(v, k + 1,
                       "the consumers scan tile " + std::to_string(stages_[s].tile) + " in stage " +
                           std::to_string(s));
            }
        }
        if (e.kind == EventKind::GlobalWrite && lane0(t) &&
            (role(t) == trace::WarpRole::Aggregator || role(t) == trace::WarpRole::Lookback)) {
            const std::uint32_t flag = std::uint32_t(e.value & 0xffffffffu);
            const std::uint32_t tile = tile_of_[t];
            for (TileRow& row : v.tiles)
                if (row.tile == tile) {
                    if (flag == 1 || (flag == 2 && role(t) == trace::WarpRole::Aggregator))
                        row.aggregate_at = v.moments.size();
                    if (flag == 2) row.prefix_at = v.moments.size();
                }
            moment(
                v, k + 1,
                std::string("tile ") + std::to_string(tile) +
                    (flag == 2 ? "'s inclusive prefix is published" : "'s aggregate is published"));
        }
    }

    void land(PipelineView& v, std::uint32_t copy_event, std::uint32_t after) {
        const auto it = std::find_if(flights_.begin(), flights_.end(),
                                     [&](const InFlight& c) { return c.event == copy_event; });
        if (it == flights_.end()) return;
        const InFlight c = *it;
        flights_.erase(it);
        in_flight_bytes_ -= c.bytes;
        bars_[c.barrier].landed += c.bytes;
        moment(v, after,
               "the copy of tile " + std::to_string(c.tile) + " lands in stage " +
                   std::to_string(c.stage));
        settle(v, c.barrier, after);
    }

    // A GPU trace: the tiles the producer drew, in its order.
    void untimed_tiles(PipelineView& v) {
        unsigned stage = 0;
        for (const Event& e : b_.events) {
            if (role(e.thread) != trace::WarpRole::Producer || !lane0(e.thread)) continue;
            if (is_mark(e, MarkKind::Round)) stage = unsigned(e.address);
            if (is_mark(e, MarkKind::Tile) && e.value != trace::kNoTile)
                v.tiles.push_back({std::uint32_t(e.value), stage, false});
            if (e.kind == EventKind::BulkCopy && !v.tiles.empty()) v.tiles.back().by_copy = true;
        }
    }

    const trace::BlockTrace& b_;
    Ring data_;
    std::vector<Ring> barrier_rings_;
    int full_ring_ = -1, empty_ring_ = -1;
    std::map<std::uint64_t, BarrierCount> bars_;
    std::map<std::uint16_t, trace::WarpRole> role_;
    std::map<std::uint16_t, unsigned> round_stage_;
    std::uint32_t threads_ = 0;
    std::vector<std::uint32_t> left_;  // per thread: events not yet run
    std::vector<const Event*> waiting_;
    std::vector<std::uint32_t> tile_of_;
    std::vector<StageNow> stages_;
    std::vector<InFlight> flights_;
    std::uint64_t in_flight_bytes_ = 0;
};

}  // namespace

PipelineView pipeline_view(const trace::BlockTrace& b,
                           const std::vector<std::string>& source_lines) {
    return Builder(b, source_lines).build();
}

}  // namespace ws::ui
