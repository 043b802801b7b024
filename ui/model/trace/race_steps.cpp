// Racy steps, access by access.
#include "ui/model/trace/race_steps.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace ws::ui {
namespace {

using trace::Event;
using trace::EventKind;

bool is_write(const Event& e) {
    return e.kind == EventKind::SharedWrite;
}
bool is_shared(const Event& e) {
    return e.kind == EventKind::SharedRead || e.kind == EventKind::SharedWrite;
}

// Occurrence of every event: its rank among its thread's events of the same step, line and
// kind (b.events is in (thread, seq) order).
std::vector<std::uint32_t> occurrences(const trace::BlockTrace& b) {
    std::vector<std::uint32_t> occ(b.events.size(), 0);
    std::map<std::tuple<std::uint16_t, std::uint16_t, std::uint16_t, std::uint8_t>, std::uint32_t>
        seen;
    int thread = -1;
    for (std::size_t i = 0; i < b.events.size(); ++i) {
        const Event& e = b.events[i];
        if (e.thread != thread) {
            seen.clear();
            thread = e.thread;
        }
        occ[i] = seen[{e.phase, e.substep, e.line, static_cast<std::uint8_t>(e.kind)}]++;
    }
    return occ;
}

// Lockstep order: every lane's k-th event of a step before any lane's (k+1)-th, lanes in order.
std::vector<std::uint32_t> lockstep_order(const trace::BlockTrace& b) {
    std::vector<std::uint32_t> rank(b.events.size(), 0);
    for (std::size_t i = 1; i < b.events.size(); ++i) {
        const Event &p = b.events[i - 1], &e = b.events[i];
        rank[i] =
            p.thread == e.thread && trace::step_of(p) == trace::step_of(e) ? rank[i - 1] + 1 : 0;
    }
    std::vector<std::uint32_t> order(b.events.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
        const Event &a = b.events[x], &c = b.events[y];
        if (trace::step_of(a) != trace::step_of(c)) return trace::step_of(a) < trace::step_of(c);
        if (rank[x] != rank[y]) return rank[x] < rank[y];
        return a.thread < c.thread;
    });
    return order;
}

// The order the block's events ran in: the recorded one, or lockstep.
std::vector<std::uint32_t> run_order(const trace::BlockTrace& b, bool* recorded) {
    *recorded = b.order.size() == b.events.size() && !b.events.empty();
    return *recorded ? b.order : lockstep_order(b);
}

// Where each event is in `order`.
std::vector<std::uint32_t> positions(const std::vector<std::uint32_t>& order) {
    std::vector<std::uint32_t> pos(order.size(), 0);
    for (std::uint32_t k = 0; k < order.size(); ++k) pos[order[k]] = k;
    return pos;
}

// A step's access-steps keep the race mark only on cells of a real race (not an intended pair).
void unmark_intended(const TraceView& v, std::vector<StepView>& out, std::size_t first,
                     std::size_t first_race) {
    std::set<std::uint32_t> real;
    for (std::size_t i = first_race; i < v.races.size(); ++i)
        if (!v.races[i].intended) real.insert(v.races[i].cell);
    for (std::size_t i = first; i < out.size(); ++i)
        for (std::uint32_t cell = 0; cell < out[i].cells.size(); ++cell)
            if (!real.count(cell)) out[i].cells[cell] &= std::uint8_t(~kCellRaced);
}

LineActivity& line_of(StepView& s, std::uint16_t line) {
    auto it = std::lower_bound(s.lines.begin(), s.lines.end(), line,
                               [](const LineActivity& a, std::uint16_t l) { return a.line < l; });
    if (it == s.lines.end() || it->line != line) it = s.lines.insert(it, LineActivity{line});
    return *it;
}

// One access-step of `parent`: its events' picture, lines and shared memory after them.
StepView access_step(const TraceView& v, const StepView& parent, const StepView& before,
                     const std::vector<std::uint32_t>& group,
                     std::map<std::uint16_t, PendingReads>& pending) {
    const trace::BlockTrace& b = *v.block;
    StepView m;
    m.id = parent.id;
    m.origin = parent.origin;
    m.counters = parent.counters;
    m.instructions = parent.instructions;
    m.paths = parent.paths;
    m.hazards = parent.hazards;
    m.smem_ld_conflicts = parent.smem_ld_conflicts;
    m.smem_st_conflicts = parent.smem_st_conflicts;
    m.active_mask.assign(v.warps, 0);
    m.cells.assign(v.cells, 0);
    m.values = before.values;
    m.defined = before.defined;
    std::map<std::uint16_t, std::set<std::uint16_t>> threads_of_line;
    for (std::uint32_t i : group) {
        const Event& e = b.events[i];
        apply_event(v, m, e, pending[e.thread]);
        LineActivity& l = line_of(m, e.line);
        l.lanes += 1;
        l.kinds |= static_cast<std::uint16_t>(1u << static_cast<unsigned>(e.kind));
        threads_of_line[e.line].insert(e.thread);
        if (is_write(e) && e.address / v.elem_size < v.cells) {
            const auto cell = static_cast<std::size_t>(e.address / v.elem_size);
            m.values[cell] = event_value(e, v.trace->smem_type);
            m.defined[cell] = 1;
        }
        if (std::find(m.micro_threads.begin(), m.micro_threads.end(), e.thread) ==
            m.micro_threads.end())
            m.micro_threads.push_back(e.thread);
    }
    for (LineActivity& l : m.lines) {
        const std::set<std::uint16_t>& threads = threads_of_line[l.line];
        l.threads = static_cast<std::uint32_t>(threads.size());
        std::set<std::uint16_t> warps;
        for (std::uint16_t t : threads) warps.insert(t / trace::kWarpSize);
        l.warps = static_cast<std::uint32_t>(warps.size());
    }
    for (const trace::Hazard& h : parent.hazards) {
        const std::uint64_t cell = h.word * 4 / v.elem_size;
        if (cell < v.cells && (m.cells[cell] & (kCellRead | kCellWritten)))
            m.cells[cell] |= kCellRaced;
    }
    return m;
}

// The first two accesses of the hazard's word by its two threads, at least one a write, in the
// order they ran: (position in `in_step` of the earlier, of the later), or nullopt.
std::pair<std::size_t, std::size_t> race_pair(const trace::BlockTrace& b,
                                              const std::vector<std::uint32_t>& in_step,
                                              const trace::Hazard& h) {
    std::vector<std::size_t> seen;  // earlier accesses of the word by either thread
    for (std::size_t k = 0; k < in_step.size(); ++k) {
        const Event& e = b.events[in_step[k]];
        if (!is_shared(e) || e.address / 4 != h.word) continue;
        if (e.thread != h.first_thread && e.thread != h.second_thread) continue;
        for (std::size_t j : seen) {
            const Event& x = b.events[in_step[j]];
            if (x.thread != e.thread && (is_write(x) || is_write(e))) return {j, k};
        }
        seen.push_back(k);
    }
    return {in_step.size(), in_step.size()};
}

// The first pair of accesses of `word` (by its second access) that the schedule ran in the other
// order than lockstep would: two threads, one writing. {n, n} when there is none.
template <class Before>
std::pair<std::size_t, std::size_t> swapped_pair(const trace::BlockTrace& b,
                                                 const std::vector<std::uint32_t>& in_step,
                                                 std::uint64_t word, Before lockstep_before) {
    std::vector<std::size_t> seen;  // earlier accesses of the word
    for (std::size_t k = 0; k < in_step.size(); ++k) {
        const Event& e = b.events[in_step[k]];
        if (!is_shared(e) || e.address / 4 != word) continue;
        for (std::size_t j : seen) {
            const Event& x = b.events[in_step[j]];
            if (x.thread != e.thread && (is_write(x) || is_write(e)) &&
                lockstep_before(in_step[k], in_step[j]))
                return {j, k};
        }
        seen.push_back(k);
    }
    return {in_step.size(), in_step.size()};
}

}  // namespace

std::vector<std::size_t> access_groups(const std::vector<Event>& events,
                                       const std::vector<std::uint32_t>& in_order,
                                       const std::vector<std::uint32_t>& occurrence) {
    std::vector<std::size_t> starts;
    enum class Mode { Open, Thread, Instruction } mode = Mode::Open;
    auto same_instruction = [&](std::uint32_t a, std::uint32_t b) {
        return events[a].line == events[b].line && events[a].kind == events[b].kind &&
               occurrence[a] == occurrence[b];
    };
    for (std::size_t k = 0; k < in_order.size(); ++k) {
        if (k == 0) {
            starts.push_back(0);
            mode = Mode::Open;
            continue;
        }
        const std::uint32_t first = in_order[starts.back()], prev = in_order[k - 1],
                            cur = in_order[k];
        bool joins = false;
        if (mode != Mode::Instruction && events[cur].thread == events[prev].thread) {
            joins = true;
            mode = Mode::Thread;
        } else if (mode != Mode::Thread && events[cur].thread != events[prev].thread &&
                   same_instruction(cur, first)) {
            joins = true;
            mode = Mode::Instruction;
        }
        if (!joins) {
            starts.push_back(k);
            mode = Mode::Open;
        }
    }
    return starts;
}

void expand_racy_steps(TraceView& v) {
    if (!v.block || v.hazards.empty()) return;
    const trace::BlockTrace& b = *v.block;
    bool recorded = false;
    const std::vector<std::uint32_t> order = run_order(b, &recorded);
    const std::vector<std::uint32_t> occ = occurrences(b);
    const std::vector<std::uint32_t> lockstep = positions(lockstep_order(b));
    // Lockstep runs x before y.
    auto lockstep_before = [&](std::uint32_t x, std::uint32_t y) {
        return lockstep[x] < lockstep[y];
    };
    v.race_order = recorded ? "the " + v.trace->request.schedule + " schedule"
                            : "lockstep order (the GPU records no order)";

    std::vector<StepView> out;
    StepView nothing;  // before the block's first step: no cell defined
    nothing.values.assign(v.cells, 0.0);
    nothing.defined.assign(v.cells, 0);
    for (std::size_t i = 0; i < v.steps.size(); ++i) {
        StepView& s = v.steps[i];
        if (s.hazards.empty()) {
            out.push_back(std::move(s));
            continue;
        }
        std::vector<std::uint32_t> in_step;
        for (std::uint32_t e : order)
            if (trace::step_of(b.events[e]) == s.id) in_step.push_back(e);
        const std::vector<std::size_t> starts = access_groups(b.events, in_step, occ);
        const std::size_t first = out.size();
        std::map<std::uint16_t, PendingReads> pending;
        for (std::size_t g = 0; g < starts.size(); ++g) {
            const std::size_t end = g + 1 < starts.size() ? starts[g + 1] : in_step.size();
            const std::vector<std::uint32_t> group(in_step.begin() + long(starts[g]),
                                                   in_step.begin() + long(end));
            const StepView& before = out.empty() ? nothing : out.back();
            StepView m = access_step(v, s, before, group, pending);
            m.micro = static_cast<std::uint32_t>(g + 1);
            m.micro_count = static_cast<std::uint32_t>(starts.size());
            out.push_back(std::move(m));
        }
        auto step_of_position = [&](std::size_t k) {
            return first +
                   static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), k) -
                                            starts.begin()) -
                   1;
        };
        const std::size_t first_race = v.races.size();
        for (const trace::Hazard& h : s.hazards) {
            // The pair a schedule swapped, when it swapped one on this word; else the first.
            auto [a, c] = recorded ? swapped_pair(b, in_step, h.word, lockstep_before)
                                   : std::pair{in_step.size(), in_step.size()};
            const bool swapped = c < in_step.size();
            if (!swapped) std::tie(a, c) = race_pair(b, in_step, h);
            if (c >= in_step.size()) continue;
            const Event &x = b.events[in_step[a]], &y = b.events[in_step[c]];
            RacePair r;
            r.hazard = h;
            r.cell = static_cast<std::uint32_t>(h.word * 4 / v.elem_size);
            r.first_thread = x.thread;
            r.second_thread = y.thread;
            r.first_line = x.line;
            r.second_line = y.line;
            r.first_writes = is_write(x);
            r.second_writes = is_write(y);
            r.first_step = step_of_position(a);
            r.second_step = step_of_position(c);
            r.against_lockstep = swapped;
            r.intended = !swapped && x.thread / trace::kWarpSize == y.thread / trace::kWarpSize &&
                         lockstep[in_step[a]] < lockstep[in_step[c]];
            out[r.second_step].races.push_back(static_cast<std::uint32_t>(v.races.size()));
            v.races.push_back(r);
        }
        unmark_intended(v, out, first, first_race);
    }
    // The swaps a schedule made come first in their access-step: the label and the explanation
    // tell them before the pairs lockstep runs in its own order.
    for (StepView& st : out)
        std::stable_partition(st.races.begin(), st.races.end(),
                              [&](std::uint32_t r) { return v.races[r].against_lockstep; });
    v.steps = std::move(out);
}

bool has_real_race(const TraceView& v, const StepView& s) {
    for (std::uint32_t index : s.races)
        if (index < v.races.size() && !v.races[index].intended) return true;
    return false;
}

std::optional<std::size_t> step_of_access(const TraceView& v, unsigned thread, std::uint32_t cell,
                                          bool write) {
    std::optional<std::size_t> whole;
    for (std::size_t i = 0; i < v.steps.size(); ++i)
        for (const CellAccess& a : v.steps[i].accesses)
            if (a.thread == thread && a.cell == cell && a.write == write) {
                if (v.steps[i].micro > 0) return i;
                if (!whole) whole = i;
            }
    return whole;
}

}  // namespace ws::ui
