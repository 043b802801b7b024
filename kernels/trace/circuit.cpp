// Deriving the addition network from a block's events (the rules are in circuit.hpp).
#include "kernels/trace/circuit.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "kernels/trace/analysis.hpp"

namespace ws::trace {
namespace {

constexpr std::int64_t kNone = -1;

struct PendingRead {
    std::uint32_t column;
    std::uint16_t line;
};

// An addition of the current step, with where it came from until the step is resolved.
struct StepAdd {
    CircuitAdd add;
    std::uint32_t ordinal = 0;  // the thread's how-many-th addition in this step
    bool shuffle = false;       // from[0] is the sender's register column, looked up at the end
    std::uint16_t sender = 0;
    std::uint32_t occurrence = 0;
};

class Builder {
  public:
    Builder(Circuit& c, const BlockTrace& b, std::uint32_t threads, std::uint32_t cells,
            std::uint32_t elem_size)
        : c_(c), b_(b), cells_(cells), elem_size_(std::max<std::uint32_t>(elem_size, 1)) {
        regcol_.resize(threads);
        for (std::uint32_t t = 0; t < threads; ++t)
            regcol_[t] = t < c.columns() ? std::int64_t(t) : kNone;
        pending_.resize(threads);
        origin_.assign(cells, kNone);
        for (const Event& e : b.events)
            if (e.kind == EventKind::SharedWrite && adds_on(e.line)) writing_.insert(e.line);
    }

    void run(const std::vector<StepId>& steps) {
        // Events in (step, thread, seq) order: each thread's steps only go forward, so a stable
        // sort of the (thread, seq) order by step does it.
        std::vector<std::pair<std::size_t, std::uint32_t>> order;
        order.reserve(b_.events.size());
        for (std::uint32_t i = 0; i < b_.events.size(); ++i) {
            const auto at = std::lower_bound(steps.begin(), steps.end(), step_of(b_.events[i]));
            order.push_back({std::size_t(at - steps.begin()), i});
        }
        std::stable_sort(order.begin(), order.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        for (std::size_t i = 0; i < order.size();) {
            const std::size_t step = order[i].first;
            std::size_t end = i;
            while (end < order.size() && order[end].first == step) ++end;
            begin_step();
            for (; i < end; ++i) event(b_.events[order[i].second]);
            end_step(step);
        }
        std::sort(c_.adds.begin(), c_.adds.end(), [](const CircuitAdd& a, const CircuitAdd& b) {
            return std::tie(a.row, a.to, a.thread) < std::tie(b.row, b.to, b.thread);
        });
    }

  private:
    bool adds_on(std::uint16_t line) const {
        return std::binary_search(c_.adding_lines.begin(), c_.adding_lines.end(), line);
    }
    bool is_thread(std::uint32_t t) const { return t < regcol_.size(); }

    std::int64_t column_of(std::uint64_t address) const {
        const std::uint64_t cell = address / elem_size_;
        if (auto e = c_.map.element(cell)) return *e;
        return cell < cells_ ? origin_[cell] : kNone;
    }

    void begin_step() {
        step_adds_.clear();
        per_thread_.clear();
        snapshot_.clear();
        shuffles_seen_.clear();
    }

    StepAdd& new_add(const Event& e, std::int64_t to) {
        StepAdd a;
        a.add.to = static_cast<std::uint32_t>(to);
        a.add.thread = e.thread;
        a.add.line = e.line;
        a.ordinal = per_thread_[e.thread]++;
        step_adds_.push_back(a);
        return step_adds_.back();
    }

    // Operands: `to` and the distinct others (the other first).
    void set_operands(CircuitAdd& a, const std::vector<std::uint32_t>& cols) {
        std::vector<std::uint32_t> others;
        bool self = false;
        for (std::uint32_t col : cols) {
            if (col == a.to)
                self = true;
            else if (std::find(others.begin(), others.end(), col) == others.end())
                others.push_back(col);
        }
        if (others.size() + (self ? 1 : 0) > 2) ++c_.wide;
        a.operands = 0;
        for (std::uint32_t col : others)
            if (a.operands < (self ? 1 : 2)) a.from[a.operands++] = col;
        if (self || a.operands == 0) a.from[a.operands++] = a.to;
    }

    void shared_read(const Event& e) {
        const std::int64_t col = column_of(e.address);
        if (adds_on(e.line) && is_addition(e, writing_.count(e.line) > 0)) {  // rule 3
            const std::int64_t to = is_thread(e.thread) ? regcol_[e.thread] : kNone;
            if (to == kNone || col == kNone) {
                ++c_.unplaced;
                return;
            }
            StepAdd& a = new_add(e, to);
            set_operands(a.add, {std::uint32_t(col), std::uint32_t(to)});
            return;
        }
        if (col == kNone || !is_thread(e.thread)) return;
        pending_[e.thread].push_back({std::uint32_t(col), e.line});
        if (!adds_on(e.line)) regcol_[e.thread] = col;
    }

    // The reads a copy on `line` used; returns the column of the last, or kNone.
    std::int64_t consume(std::uint16_t thread, std::uint16_t line) {
        std::int64_t last = kNone;
        auto& p = pending_[thread];
        for (const PendingRead& r : p)
            if (r.line == line) last = r.column;
        p.erase(std::remove_if(p.begin(), p.end(),
                               [&](const PendingRead& r) { return r.line == line; }),
                p.end());
        return last;
    }

    void shared_write(const Event& e) {
        if (!is_thread(e.thread)) return;
        const std::uint64_t cell = e.address / elem_size_;
        const bool total = !c_.map.element(cell);       // a cell outside the tile
        if (adds_on(e.line) && is_addition(e, true)) {  // rule 1: s[b] += s[a];  // +
            std::int64_t to = column_of(e.address);
            if (to == kNone) to = regcol_[e.thread];
            if (to == kNone) {
                ++c_.unplaced;
                pending_[e.thread].clear();
                return;
            }
            std::vector<std::uint32_t> cols;
            for (const PendingRead& r : pending_[e.thread]) cols.push_back(r.column);
            pending_[e.thread].clear();
            StepAdd& a = new_add(e, to);
            set_operands(a.add, cols);
            if (total && cell < cells_) origin_[cell] = to;
            return;
        }
        const std::int64_t copied = consume(e.thread, e.line);
        if (total && cell < cells_) origin_[cell] = copied != kNone ? copied : regcol_[e.thread];
    }

    void shuffle(const Event& e) {
        if (!is_thread(e.thread) || is_ballot(e)) return;  // a ballot adds nothing up
        const std::uint32_t k = shuffles_seen_[{e.thread, e.line}]++;
        snapshot_[std::make_tuple(e.thread, e.line, k)] = regcol_[e.thread];
        const std::uint32_t lane = e.thread % kWarpSize;
        if (!adds_on(e.line) || !is_addition(e, writing_.count(e.line) > 0)) return;  // rule 2
        const std::int64_t to = regcol_[e.thread];
        if (to == kNone) {
            ++c_.unplaced;
            return;
        }
        StepAdd& a = new_add(e, to);
        a.shuffle = true;
        a.sender = static_cast<std::uint16_t>(e.thread - lane + e.src_lane);
        a.occurrence = k;
    }

    void event(const Event& e) {
        switch (e.kind) {
            case EventKind::SharedRead:
                shared_read(e);
                break;
            case EventKind::SharedWrite:
                shared_write(e);
                break;
            case EventKind::GlobalWrite:
                if (is_thread(e.thread)) consume(e.thread, e.line);
                break;
            case EventKind::Shuffle:
                shuffle(e);
                break;
            case EventKind::GlobalRead:
            case EventKind::Atomic:
            case EventKind::AtomicWrite:
                break;
        }
    }

    // Resolves the shuffles (the sender's register as it was at its own shuffle) and files the
    // step's additions under a new level.
    void end_step(std::size_t step) {
        std::uint32_t rows = 0, kept = 0;
        for (StepAdd& a : step_adds_) {
            if (a.shuffle) {
                std::int64_t from = kNone;
                auto it = snapshot_.find(std::make_tuple(a.sender, a.add.line, a.occurrence));
                if (it != snapshot_.end())
                    from = it->second;
                else if (is_thread(a.sender))
                    from = regcol_[a.sender];
                if (from == kNone) {
                    ++c_.unplaced;
                    a.add.operands = 0;
                    continue;
                }
                set_operands(a.add, {std::uint32_t(from), a.add.to});
            }
            rows = std::max(rows, a.ordinal + 1);
            ++kept;
        }
        if (!kept) return;
        CircuitLevel level;
        level.step = step;
        level.first_row = c_.rows;
        level.rows = rows;
        level.additions = kept;
        const auto index = static_cast<std::uint32_t>(c_.levels.size());
        for (StepAdd& a : step_adds_) {
            if (a.add.operands == 0) continue;
            a.add.level = index;
            a.add.row = level.first_row + a.ordinal;
            c_.adds.push_back(a.add);
        }
        c_.levels.push_back(level);
        c_.rows += rows;
    }

    Circuit& c_;
    const BlockTrace& b_;
    std::uint32_t cells_;
    std::uint32_t elem_size_;
    std::set<std::uint16_t> writing_;  // adding lines that write shared memory
    std::vector<std::int64_t> regcol_;
    std::vector<std::vector<PendingRead>> pending_;
    std::vector<std::int64_t> origin_;  // per cell outside the tile: the column stored in it
    std::vector<StepAdd> step_adds_;
    std::map<std::uint16_t, std::uint32_t> per_thread_;
    std::map<std::tuple<std::uint16_t, std::uint16_t, std::uint32_t>, std::int64_t> snapshot_;
    std::map<std::pair<std::uint16_t, std::uint16_t>, std::uint32_t> shuffles_seen_;
};

bool has_plus_assign(const std::string& line) {
    const std::string code = line.substr(0, line.find("//"));
    return code.find("+=") != std::string::npos;
}

}  // namespace

long Circuit::level_of_step(std::size_t step) const {
    auto it = std::lower_bound(levels.begin(), levels.end(), step,
                               [](const CircuitLevel& l, std::size_t s) { return l.step < s; });
    return it != levels.end() && it->step == step ? long(it - levels.begin()) : -1;
}

std::uint32_t Circuit::levels_done(std::size_t step) const {
    auto it = std::upper_bound(levels.begin(), levels.end(), step,
                               [](std::size_t s, const CircuitLevel& l) { return s < l.step; });
    return static_cast<std::uint32_t>(it - levels.begin());
}

std::vector<std::uint16_t> adding_lines(const std::string& source, bool marks_only, bool* marked) {
    std::vector<std::uint16_t> out;
    for (std::uint32_t l : marked_lines(source)) out.push_back(std::uint16_t(l));
    if (marked) *marked = !out.empty();
    if (!out.empty() || marks_only) return out;
    std::istringstream in(source);
    std::string line;
    for (std::uint16_t number = 1; std::getline(in, line); ++number)
        if (has_plus_assign(line)) out.push_back(number);
    return out;
}

void add_network(Circuit& c, const BlockTrace& b, const std::vector<StepId>& steps,
                 std::uint32_t threads, std::uint32_t cells, std::uint32_t elem_size) {
    Builder(c, b, threads, cells, elem_size).run(steps);
}

}  // namespace ws::trace
