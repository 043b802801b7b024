// Atomics of one block: which wrote, which compare-and-swaps lost a race and were retried, and
// which the recorder could not see the result of.
#include "kernels/trace/analysis.hpp"

namespace ws::trace {

bool atomic_wrote(const BlockTrace& b, std::size_t i) {
    const Event& e = b.events[i];
    if (i + 1 >= b.events.size()) return false;
    const Event& next = b.events[i + 1];
    return next.kind == EventKind::AtomicWrite && next.thread == e.thread &&
           next.seq == e.seq + 1 && next.address == e.address && next.buffer == e.buffer;
}

AtomicTally atomic_tally(const BlockTrace& b, const StepId* step) {
    AtomicTally t;
    for (std::size_t i = 0; i < b.events.size(); ++i) {
        const Event& e = b.events[i];
        if (e.kind != EventKind::Atomic || (step && step_of(e) != *step)) continue;
        if (t.by_thread.size() <= e.thread) t.by_thread.resize(e.thread + 1u);
        const bool unseen = is_left_unseen(e);
        const bool lost = !unseen && !atomic_wrote(b, i);
        AtomicCount& lane = t.by_thread[e.thread];
        AtomicCount& line = t.by_line[e.line];
        lane.tries += 1;
        line.tries += 1;
        t.total.tries += 1;
        if (unseen) {
            lane.unseen += 1;
            line.unseen += 1;
            t.total.unseen += 1;
        }
        if (lost) {
            lane.retries += 1;
            line.retries += 1;
            t.total.retries += 1;
        }
    }
    return t;
}

bool has_unseen_atomics(const Trace& t) {
    for (const BlockTrace& b : t.blocks)
        for (const Event& e : b.events)
            if (is_left_unseen(e)) return true;
    return false;
}

}  // namespace ws::trace
