// Shared-memory races: two accesses to one word in one phase, from different threads, at least
// one a write, not ordered by a sync (see Hazard in analysis.hpp). Blocks with transaction or
// named barriers are analysed by happens-before instead (analysis_hazards_tx.cpp).
//
// Accesses are bucketed by (phase, word) and each bucket is walked once in (substep, thread, seq)
// order, keeping small summaries of what came before, so a block of 1024 threads costs a sort.
#include <algorithm>
#include <optional>
#include <tuple>
#include <vector>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/analysis_internal.hpp"

namespace ws::trace {

namespace {

struct Access {
    std::uint16_t phase;
    std::uint16_t substep;
    std::uint64_t word;
    std::uint16_t thread;
    std::uint32_t seq;
    std::uint16_t line;
    bool write;

    std::uint32_t warp() const { return thread / kWarpSize; }
    auto order() const {
        return std::make_tuple(phase, word,
                               std::uint64_t(substep) << 48 | std::uint64_t(thread) << 32 | seq);
    }
};

// The first access seen from up to two different warps: enough to answer "the earliest access
// from a warp other than w".
struct WarpReps {
    std::optional<Access> first, other;
    void add(const Access& a) {
        if (!first)
            first = a;
        else if (!other && a.warp() != first->warp())
            other = a;
    }
    const Access* from_other_warp(std::uint32_t warp) const {
        if (first && first->warp() != warp) return &*first;
        if (other && other->warp() != warp) return &*other;
        return nullptr;
    }
};

// Earliest access and earliest write (in thread order) among a set of accesses.
struct Earliest {
    std::optional<Access> any, write;
    void add(const Access& a) {
        if (!any) any = a;
        if (a.write && !write) write = a;
    }
    void add(const Earliest& o) {
        if (o.any) add(*o.any);
        if (o.write) add(*o.write);
    }
};

Hazard make_hazard(const Access& first, const Access& second) {
    Hazard h;
    h.step = {second.phase, second.substep};
    h.word = second.word;
    h.first_thread = first.thread;
    h.second_thread = second.thread;
    h.first_line = first.line;
    h.second_line = second.line;
    h.write_write = first.write && second.write;
    return h;
}

// One (phase, word) bucket: [begin, end) sorted by (substep, thread, seq).
void scan_bucket(const Access* begin, const Access* end, std::vector<Hazard>& out) {
    WarpReps earlier_any, earlier_write;  // accesses of earlier substeps of this phase
    for (const Access* step_begin = begin; step_begin != end;) {
        const Access* step_end = step_begin;
        while (step_end != end && step_end->substep == step_begin->substep) ++step_end;

        // Walk this step in thread order; `done` holds the threads already finished.
        Earliest done, current;
        bool found = false;
        for (const Access* y = step_begin; y != step_end; ++y) {
            if (y != step_begin && y->thread != (y - 1)->thread) {
                done.add(current);
                current = Earliest();
            }
            current.add(*y);
            if (found) continue;
            // Earlier substeps are ordered against the same warp by the warp sync between them.
            const Access* partner = y->write ? earlier_any.from_other_warp(y->warp())
                                             : earlier_write.from_other_warp(y->warp());
            if (!partner) {
                const std::optional<Access>& same_step = y->write ? done.any : done.write;
                if (same_step) partner = &*same_step;
            }
            if (partner) {
                out.push_back(make_hazard(*partner, *y));
                found = true;
            }
        }

        for (const Access* a = step_begin; a != step_end; ++a) {
            earlier_any.add(*a);
            if (a->write) earlier_write.add(*a);
        }
        step_begin = step_end;
    }
}

}  // namespace

std::vector<Hazard> find_hazards(const BlockTrace& b) {
    if (detail::synchronises_beyond_barriers(b)) return detail::find_hazards_happens_before(b);
    std::vector<Access> accesses;
    for (const Event& e : b.events) {
        if (!detail::is_shared(e.kind)) continue;
        for (std::uint32_t k = 0; k < detail::words_touched(e); ++k)
            accesses.push_back({e.phase, e.substep, e.address / 4 + k, e.thread, e.seq, e.line,
                                e.kind == EventKind::SharedWrite});
    }
    std::sort(accesses.begin(), accesses.end(),
              [](const Access& x, const Access& y) { return x.order() < y.order(); });

    std::vector<Hazard> out;
    for (std::size_t i = 0; i < accesses.size();) {
        std::size_t j = i;
        while (j < accesses.size() && accesses[j].phase == accesses[i].phase &&
               accesses[j].word == accesses[i].word)
            ++j;
        scan_bucket(accesses.data() + i, accesses.data() + j, out);
        i = j;
    }
    std::sort(out.begin(), out.end(), [](const Hazard& x, const Hazard& y) {
        return std::make_tuple(x.step.phase, x.step.substep, x.word) <
               std::make_tuple(y.step.phase, y.step.substep, y.word);
    });
    return out;
}

}  // namespace ws::trace
