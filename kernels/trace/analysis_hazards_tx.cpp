// Shared-memory races in a block that synchronises beyond __syncthreads: transaction barriers
// (TxArrive, TxWait), bulk copies and named barriers (Hopper's pipeline). Its warps work for a
// whole phase at once, each stage reused round after round, so the phase rule of
// analysis_hazards.cpp would call every reuse a race; here two accesses race when neither
// happens before the other.
//
// Happens-before, from what the trace fixes (not timing, so a GPU trace and an emulator trace of
// the same run agree):
//   - program order in a thread; a warp's sub-steps (a lane's events at sub-step k follow every
//     warp-mate's events at sub-steps before k: the warp synced or shuffled in between);
//   - a block barrier (phases are analysed apart, as in analysis_hazards.cpp);
//   - a named barrier: a thread's j-th NamedSync on an id follows every participant's events
//     before their j-th;
//   - a transaction barrier: a thread's j-th TxArrive on barrier b is an arrival of b's round j
//     (the GPU records no arrival order; a round needs the arrivals its TxInit names); a
//     BulkCopy belongs to the round of its issuer's latest arrival on its barrier (the arrival
//     that announced its bytes; round 0 if none yet), and writes its bytes after the issuer's
//     earlier events (whoever waits for the round knows the bytes, not the issuer's events
//     after its arrival); a round is over when all its arrivals came and every byte they announced
//     was copied; a TxWait for round r follows every arrival and copy of rounds 0..r (a wait
//     acquires the whole release sequence of the barrier).
// The events are replayed in an order that respects these edges (each thread runs until it must
// wait), keeping vector clocks per thread: one component per thread (how many of its events are
// known) and one per barrier (how many of its rounds, and so their copies, are known). Each
// shared word keeps its last writer (a lane or a copy) and the reads since; an access that does
// not know one it conflicts with is a Hazard, one per (step of the later access, word).
#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/analysis_internal.hpp"

namespace ws::trace::detail {
namespace {

using Clock = std::vector<std::uint32_t>;

void join(Clock& into, const Clock& other) {
    for (std::size_t i = 0; i < into.size(); ++i) into[i] = std::max(into[i], other[i]);
}

// An access as a word remembers it. copy: the write of a bulk copy, known once round
// `round` of barrier `barrier` is.
struct Accessor {
    bool copy = false;
    std::uint16_t thread = 0;
    std::uint32_t seq = 0;                 // lane accesses
    std::uint32_t barrier = 0, round = 0;  // copies
    std::uint16_t line = 0;
};

struct WordState {
    bool written = false;
    Accessor writer;
    std::vector<Accessor> reads;  // since the last write
};

struct PendingCopy {
    Clock clock;  // the issuer's, at the BulkCopy
    std::uint32_t dst = 0, bytes = 0;
    std::uint16_t thread = 0, line = 0;
    StepId step;
};

struct Round {
    std::uint32_t arrivals = 0;
    std::uint64_t announced = 0, copied = 0;
    Clock released;  // joined arrivals' and copies' clocks (cumulative over earlier rounds)
    std::vector<PendingCopy> copies;
};

struct Barrier {
    std::uint32_t expected = 0;   // arrivals a round needs (TxInit); 0: never initialised
    std::uint32_t completed = 0;  // rounds over
    std::vector<Round> rounds;    // by round
};

struct NamedGroup {
    std::uint32_t arrived = 0, count = 0;
    Clock released;
};

class Replay {
  public:
    explicit Replay(const BlockTrace& b) : b_(b), order_(thread_order(b)) {
        for (std::uint32_t i : order_)
            threads_ = std::max<std::uint32_t>(threads_, b.events[i].thread + 1u);
        first_.assign(threads_ + 1, std::uint32_t(order_.size()));
        for (std::uint32_t k = order_.size(); k-- > 0;) first_[b.events[order_[k]].thread] = k;
        for (std::uint32_t t = threads_; t-- > 0;)
            if (first_[t] > first_[t + 1]) first_[t] = first_[t + 1];
        for (std::uint32_t i : order_) {
            const Event& e = b.events[i];
            if (e.kind == EventKind::TxInit) barrier_index(e.address, std::uint32_t(e.value));
            if (e.kind == EventKind::TxArrive || e.kind == EventKind::TxWait)
                barrier_index(e.address, 0);
            if (e.kind == EventKind::BulkCopy) barrier_index(bulk_copy_fields(e).barrier, 0);
        }
        width_ = threads_ + std::uint32_t(barriers_.size());
        cursor_.assign(threads_, 0);
        for (std::uint32_t t = 0; t < threads_; ++t) cursor_[t] = first_[t];
        substep_.assign(threads_, 0);
        clock_.assign(threads_, Clock(width_, 0));
        arrivals_.assign(threads_, std::vector<std::uint32_t>(barriers_.size(), 0));
        registered_.assign(threads_, false);
        for (Barrier& bar : barriers_) bar.rounds.clear();
    }

    std::vector<Hazard> run() {
        std::uint16_t last_phase = 0;
        for (std::uint32_t i : order_) last_phase = std::max(last_phase, b_.events[i].phase);
        for (std::uint32_t phase = 0; phase <= last_phase; ++phase) run_phase(std::uint16_t(phase));
        std::sort(found_.begin(), found_.end(), [](const Hazard& x, const Hazard& y) {
            return std::make_tuple(x.step.phase, x.step.substep, x.word) <
                   std::make_tuple(y.step.phase, y.step.substep, y.word);
        });
        return found_;
    }

  private:
    const Event& next(std::uint32_t t) const { return b_.events[order_[cursor_[t]]]; }
    bool in_phase(std::uint32_t t, std::uint16_t phase) const {
        return cursor_[t] < first_[t + 1] && next(t).phase == phase;
    }

    std::uint32_t barrier_index(std::uint64_t offset, std::uint32_t expected) {
        auto [it, fresh] = barrier_of_.try_emplace(offset, std::uint32_t(barriers_.size()));
        if (fresh) barriers_.emplace_back();
        if (expected) barriers_[it->second].expected = expected;
        return it->second;
    }
    std::uint32_t bar_component(std::uint64_t offset) const {
        return threads_ + barrier_of_.at(offset);
    }

    void run_phase(std::uint16_t phase) {
        // Everything before the phase is known to every thread: start each clock there.
        Clock start(width_, 0);
        for (std::uint32_t t = 0; t < threads_; ++t)
            start[t] = cursor_[t] < first_[t + 1] ? next(t).seq : ~0u;
        for (std::uint32_t k = 0; k < barriers_.size(); ++k)
            start[threads_ + k] = barriers_[k].completed;
        for (std::uint32_t t = 0; t < threads_; ++t) {
            clock_[t] = start;
            substep_[t] = 0;
        }
        words_.clear();
        frontier_.clear();
        for (;;) {
            bool moved = false, left = false;
            for (std::uint32_t t = 0; t < threads_; ++t) {
                while (in_phase(t, phase) && step(t, phase)) moved = true;
                left |= in_phase(t, phase);
            }
            if (!left) return;
            if (!moved) force_one(phase);  // a trace that cannot be replayed (cut short): go on
        }
    }

    // Runs thread t's next event if nothing it must follow is missing; false when it waits.
    bool step(std::uint32_t t, std::uint16_t phase) {
        const Event& e = next(t);
        if (e.substep != substep_[t] && !enter_substep(t, e.substep, phase)) return false;
        switch (e.kind) {
            case EventKind::TxWait:
                if (!wait_round(t, e)) return false;
                break;
            case EventKind::NamedSync:
                if (!named_sync(t, e)) return false;
                break;
            case EventKind::TxArrive:
                arrive(t, e);
                break;
            case EventKind::BulkCopy:
                issue_copy(t, e);
                break;
            case EventKind::SharedRead:
            case EventKind::SharedWrite:
                access(t, e);
                break;
            default:
                break;
        }
        clock_[t][t] = e.seq + 1;
        ++cursor_[t];
        return true;
    }

    // A lane's first event of sub-step k follows its warp-mates' events before k.
    bool enter_substep(std::uint32_t t, std::uint16_t k, std::uint16_t phase) {
        const std::uint32_t base = t / kWarpSize * kWarpSize;
        const std::uint32_t end = std::min(threads_, base + kWarpSize);
        for (std::uint32_t m = base; m < end; ++m)
            if (m != t && in_phase(m, phase) && next(m).substep < k) return false;
        auto& [at, clock] = frontier_[base];
        if (clock.empty() || at != k) {
            at = k;
            clock.assign(width_, 0);
            for (std::uint32_t m = base; m < end; ++m) join(clock, clock_[m]);
        }
        join(clock_[t], clock);
        substep_[t] = k;
        return true;
    }

    bool wait_round(std::uint32_t t, const Event& e) {
        Barrier& bar = barriers_[barrier_of_.at(e.address)];
        const std::uint32_t round = std::uint32_t(e.value);
        if (bar.completed <= round) return false;
        join(clock_[t], bar.rounds[round].released);
        return true;
    }

    bool named_sync(std::uint32_t t, const Event& e) {
        const std::uint32_t j = named_count_[{t, e.address}];
        NamedGroup& g = named_[{e.address, j}];
        if (!registered_[t]) {
            registered_[t] = true;
            g.count = std::uint32_t(e.value);
            if (g.released.empty()) g.released.assign(width_, 0);
            Clock mine = clock_[t];
            mine[t] = e.seq;
            join(g.released, mine);
            ++g.arrived;
        }
        if (g.arrived < g.count) return false;
        join(clock_[t], g.released);
        registered_[t] = false;
        ++named_count_[{t, e.address}];
        return true;
    }

    Round& round_of(Barrier& bar, std::uint32_t r) {
        while (bar.rounds.size() <= r) {
            bar.rounds.emplace_back();
            bar.rounds.back().released.assign(width_, 0);
        }
        return bar.rounds[r];
    }

    void arrive(std::uint32_t t, const Event& e) {
        const std::uint32_t k = barrier_of_.at(e.address);
        const std::uint32_t r = arrivals_[t][k]++;
        Round& round = round_of(barriers_[k], r);
        Clock mine = clock_[t];
        mine[t] = e.seq + 1;
        join(round.released, mine);
        ++round.arrivals;
        round.announced += e.value;
        settle(k);
    }

    void issue_copy(std::uint32_t t, const Event& e) {
        const BulkCopyFields f = bulk_copy_fields(e);
        const std::uint32_t k = barrier_of_.at(f.barrier);
        const std::uint32_t r = arrivals_[t][k] > 0 ? arrivals_[t][k] - 1 : 0;
        Round& round = round_of(barriers_[k], r);
        PendingCopy c;
        c.clock = clock_[t];
        c.clock[t] = e.seq;
        c.dst = f.dst;
        c.bytes = f.bytes;
        c.thread = e.thread;
        c.line = e.line;
        c.step = step_of(e);
        round.copied += f.bytes;
        round.copies.push_back(std::move(c));
        settle(k);
    }

    // Ends every round of barrier k that is complete, in order: its copies write their bytes.
    void settle(std::uint32_t k) {
        Barrier& bar = barriers_[k];
        while (bar.completed < bar.rounds.size()) {
            Round& round = bar.rounds[bar.completed];
            if (bar.expected == 0 || round.arrivals < bar.expected ||
                round.copied < round.announced)
                return;
            if (bar.completed > 0) join(round.released, bar.rounds[bar.completed - 1].released);
            round.released[threads_ + k] = bar.completed + 1;
            for (const PendingCopy& c : round.copies) land(c, k, bar.completed);
            round.copies.clear();
            ++bar.completed;
        }
    }

    void land(const PendingCopy& c, std::uint32_t k, std::uint32_t round) {
        Accessor me;
        me.copy = true;
        me.thread = c.thread;
        me.barrier = k;
        me.round = round;
        me.line = c.line;
        for (std::uint32_t w = c.dst / 4; w < (c.dst + c.bytes) / 4; ++w)
            write_word(w, me, c.clock, c.step);
    }

    void access(std::uint32_t t, const Event& e) {
        Accessor me;
        me.thread = std::uint16_t(t);
        me.seq = e.seq;
        me.line = e.line;
        const Clock& clock = clock_[t];
        for (std::uint32_t k = 0; k < words_touched(e); ++k) {
            const std::uint64_t w = e.address / 4 + k;
            if (e.kind == EventKind::SharedWrite) {
                write_word(w, me, clock, step_of(e));
            } else {
                WordState& s = words_[w];
                if (s.written && !knows(clock, s.writer, t))
                    report(s.writer, me, w, step_of(e), false);
                remember_read(s, me);
            }
        }
    }

    // A thread's latest read stands for its earlier ones: whoever knows it knows them.
    static void remember_read(WordState& s, const Accessor& me) {
        for (Accessor& r : s.reads)
            if (r.thread == me.thread) {
                r = me;
                return;
            }
        s.reads.push_back(me);
    }

    void write_word(std::uint64_t w, const Accessor& me, const Clock& clock, StepId step) {
        WordState& s = words_[w];
        const std::uint32_t self = me.copy ? ~0u : me.thread;
        if (s.written && !knows(clock, s.writer, self)) {
            report(s.writer, me, w, step, true);
        } else {
            for (const Accessor& r : s.reads)
                if (!knows(clock, r, self)) {
                    report(r, me, w, step, false);
                    break;
                }
        }
        s.written = true;
        s.writer = me;
        s.reads.clear();
    }

    bool knows(const Clock& clock, const Accessor& a, std::uint32_t self) const {
        if (a.copy) return clock[threads_ + a.barrier] > a.round;
        return a.thread == self || a.seq < clock[a.thread];
    }

    void report(const Accessor& first, const Accessor& second, std::uint64_t word, StepId step,
                bool write_write) {
        if (!reported_.insert({step.phase, step.substep, word}).second) return;
        Hazard h;
        h.step = step;
        h.word = word;
        h.first_thread = first.thread;
        h.second_thread = second.thread;
        h.first_line = first.line;
        h.second_line = second.line;
        h.write_write = write_write;
        found_.push_back(h);
    }

    // No thread can go on (a trace cut short, or one no executor could make): the first
    // waiting thread passes its wait unsynchronised, so that the replay ends.
    void force_one(std::uint16_t phase) {
        for (std::uint32_t t = 0; t < threads_; ++t) {
            if (!in_phase(t, phase)) continue;
            const Event& e = next(t);
            if (e.kind == EventKind::NamedSync && registered_[t]) {
                registered_[t] = false;
                ++named_count_[{t, e.address}];
            }
            substep_[t] = e.substep;
            clock_[t][t] = e.seq + 1;
            ++cursor_[t];
            return;
        }
    }

    const BlockTrace& b_;
    std::vector<std::uint32_t> order_;  // events in (thread, seq) order
    std::uint32_t threads_ = 0, width_ = 0;
    std::vector<std::uint32_t> first_;  // per thread: its first position in order_; [threads_]: end
    std::vector<std::uint32_t> cursor_;  // per thread: its next position in order_
    std::vector<std::uint16_t> substep_;
    std::vector<Clock> clock_;
    std::map<std::uint64_t, std::uint32_t> barrier_of_;  // shared offset -> index
    std::vector<Barrier> barriers_;
    std::vector<std::vector<std::uint32_t>> arrivals_;  // [thread][barrier]: arrivals made
    std::map<std::pair<std::uint32_t, std::uint64_t>, std::uint32_t> named_count_;
    std::map<std::pair<std::uint64_t, std::uint32_t>, NamedGroup> named_;
    std::vector<bool> registered_;  // a thread counted at its NamedSync, waiting
    std::map<std::uint32_t, std::pair<std::uint16_t, Clock>> frontier_;  // by warp's first thread
    std::map<std::uint64_t, WordState> words_;
    std::set<std::tuple<std::uint16_t, std::uint16_t, std::uint64_t>> reported_;
    std::vector<Hazard> found_;
};

}  // namespace

bool synchronises_beyond_barriers(const BlockTrace& b) {
    return std::any_of(b.events.begin(), b.events.end(), [](const Event& e) {
        return e.kind == EventKind::TxArrive || e.kind == EventKind::TxWait ||
               e.kind == EventKind::NamedSync || e.kind == EventKind::BulkCopy;
    });
}

std::vector<Hazard> find_hazards_happens_before(const BlockTrace& b) {
    return Replay(b).run();
}

}  // namespace ws::trace::detail
