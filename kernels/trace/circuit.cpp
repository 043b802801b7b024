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
    bool total = false;  // read from a cell outside the tile (a warp's or tile's total)
};

// A column's value lives in two places that depth tells apart: the elements (a thread's running
// value, a tile cell) and the totals (cells outside the tile, placed on the column of what was
// stored in them, and registers loaded from them). A warp-synchronous scan scans its warps'
// totals on the columns of the elements they came from; without the second place the totals'
// additions would seem to lengthen those elements' chains.
struct Place {
    std::uint32_t column = 0;
    bool total = false;
};

// A copy into a total cell from an element's value, applied once the additions its thread made
// before it in the step are.
struct StepCopy {
    std::uint32_t ordinal = 0;
    Place from, to;
};

// An addition of the current step, with where it came from until the step is resolved.
struct StepAdd {
    CircuitAdd add;
    std::uint32_t ordinal = 0;  // the thread's how-many-th addition in this step
    bool shuffle = false;       // from[0] is the sender's register column, looked up at the end
    std::uint16_t sender = 0;
    std::uint32_t occurrence = 0;
    bool from_total[2] = {false, false};  // the place of each operand (from[k])
    bool to_total = false;                // the place of its result
};

class Builder {
  public:
    Builder(Circuit& c, const BlockTrace& b, std::uint32_t threads, std::uint32_t cells,
            std::uint32_t elem_size)
        : c_(c), b_(b), cells_(cells), elem_size_(std::max<std::uint32_t>(elem_size, 1)) {
        regcol_.resize(threads);
        reg_total_.assign(threads, false);
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
        step_copies_.clear();
        snapshot_total_.clear();
    }

    bool is_total_cell(std::uint64_t address) const {
        return !c_.map.element(address / elem_size_);
    }

    // Each operand's place: the result's own for the operand that is `to`, else `other`'s.
    static void set_places(StepAdd& a, bool to_total, bool other_total) {
        a.to_total = to_total;
        for (std::uint8_t k = 0; k < a.add.operands; ++k)
            a.from_total[k] = a.add.from[k] == a.add.to ? to_total : other_total;
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
            set_places(a, reg_total_[e.thread], is_total_cell(e.address));
            return;
        }
        if (col == kNone || !is_thread(e.thread)) return;
        pending_[e.thread].push_back({std::uint32_t(col), e.line, is_total_cell(e.address)});
        if (!adds_on(e.line)) {
            regcol_[e.thread] = col;
            reg_total_[e.thread] = is_total_cell(e.address);
        }
    }

    // The reads a copy on `line` used; returns the column of the last, or kNone (`total`: it was
    // read from a total cell).
    std::int64_t consume(std::uint16_t thread, std::uint16_t line, bool* total = nullptr) {
        std::int64_t last = kNone;
        auto& p = pending_[thread];
        for (const PendingRead& r : p)
            if (r.line == line) {
                last = r.column;
                if (total) *total = r.total;
            }
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
            bool read_total = false;
            for (const PendingRead& r : pending_[e.thread]) {
                cols.push_back(r.column);
                read_total = read_total || r.total;
            }
            pending_[e.thread].clear();
            StepAdd& a = new_add(e, to);
            set_operands(a.add, cols);
            set_places(a, total, read_total);
            if (total && cell < cells_) origin_[cell] = to;
            return;
        }
        bool copied_total = reg_total_[e.thread];
        const std::int64_t copied = consume(e.thread, e.line, &copied_total);
        if (total && cell < cells_) {
            origin_[cell] = copied != kNone ? copied : regcol_[e.thread];
            // An element's value stored as a total: its depth goes with it.
            if (origin_[cell] != kNone && !copied_total) {
                StepCopy c;
                c.ordinal = per_thread_[e.thread];
                c.from = {std::uint32_t(origin_[cell]), false};
                c.to = {std::uint32_t(origin_[cell]), true};
                step_copies_.push_back(c);
            }
        }
    }

    void shuffle(const Event& e) {
        if (!is_thread(e.thread) || is_ballot(e)) return;  // a ballot adds nothing up
        const std::uint32_t k = shuffles_seen_[{e.thread, e.line}]++;
        snapshot_[std::make_tuple(e.thread, e.line, k)] = regcol_[e.thread];
        snapshot_total_[std::make_tuple(e.thread, e.line, k)] = reg_total_[e.thread];
        const std::uint32_t lane = e.thread % kWarpSize;
        if (!adds_on(e.line) || !is_addition(e, writing_.count(e.line) > 0)) return;  // rule 2
        const std::int64_t to = regcol_[e.thread];
        if (to == kNone) {
            ++c_.unplaced;
            return;
        }
        StepAdd& a = new_add(e, to);
        a.shuffle = true;
        a.to_total = reg_total_[e.thread];
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
            case EventKind::TxInit:
            case EventKind::TxArrive:
            case EventKind::TxWait:
            case EventKind::BulkCopy:
            case EventKind::NamedSync:
            case EventKind::Mark:
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
                const auto t =
                    snapshot_total_.find(std::make_tuple(a.sender, a.add.line, a.occurrence));
                set_places(a, a.to_total,
                           t != snapshot_total_.end()
                               ? t->second
                               : is_thread(a.sender) && reg_total_[a.sender]);
            }
            rows = std::max(rows, a.ordinal + 1);
            ++kept;
        }
        if (!kept) {
            set_depths(0);  // the step's copies still carry depths
            return;
        }
        CircuitLevel level;
        level.step = step;
        level.first_row = c_.rows;
        level.rows = rows;
        level.additions = kept;
        level.row_additions.assign(rows, 0);
        const auto index = static_cast<std::uint32_t>(c_.levels.size());
        set_depths(rows);
        level.first_depth = ~0u;
        for (StepAdd& a : step_adds_) {
            if (a.add.operands == 0) continue;
            a.add.level = index;
            a.add.row = level.first_row + a.ordinal;
            ++level.row_additions[a.ordinal];
            level.first_depth = std::min(level.first_depth, a.add.depth);
            level.last_depth = std::max(level.last_depth, a.add.depth);
            c_.adds.push_back(a.add);
        }
        c_.critical_depth = std::max(c_.critical_depth, level.last_depth);
        c_.levels.push_back(level);
        c_.rows += rows;
    }

    // Each addition's place in the longest chain of additions it ends: one more than the deepest
    // of its operands. A step's rows (each thread's first, second, ... addition in it, with no
    // barrier between) are taken in turn, every addition of a row reading its operands as they
    // stood before the row: the lanes of a warp in lockstep, as the kernels that add so trust.
    // Copies into total cells are taken in turn too, after the additions their thread made
    // before them.
    void set_depths(std::uint32_t rows) {
        if (column_depth_.size() < c_.columns()) {
            column_depth_.resize(c_.columns(), 0);
            total_depth_.resize(c_.columns(), 0);
        }
        for (std::uint32_t row = 0; row <= rows; ++row) {
            for (const StepCopy& c : step_copies_)
                if (c.ordinal == row) depth_at(c.to) = depth_at(c.from);
            if (row == rows) break;
            for (StepAdd& a : step_adds_) {
                if (a.ordinal != row || a.add.operands == 0) continue;
                std::uint32_t deepest = 0;
                for (std::uint8_t k = 0; k < a.add.operands; ++k)
                    deepest = std::max(deepest, depth_at({a.add.from[k], a.from_total[k]}));
                a.add.depth = deepest + 1;
            }
            for (const StepAdd& a : step_adds_)
                if (a.ordinal == row && a.add.operands)
                    depth_at({a.add.to, a.to_total}) = a.add.depth;
        }
    }

    std::uint32_t& depth_at(Place p) {
        static std::uint32_t nowhere = 0;
        std::vector<std::uint32_t>& d = p.total ? total_depth_ : column_depth_;
        if (p.column >= d.size()) return nowhere = 0;
        return d[p.column];
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
    std::vector<std::uint32_t> column_depth_;  // the depth of the value each column holds now
    std::vector<std::uint32_t> total_depth_;   // ... and of the total placed on it
    std::vector<bool> reg_total_;              // per thread: its register holds a total
    std::vector<StepCopy> step_copies_;
    std::map<std::tuple<std::uint16_t, std::uint16_t, std::uint32_t>, bool> snapshot_total_;
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
