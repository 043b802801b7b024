// Snapshots from a block's writes (replayed_snapshots.hpp).
#include "kernels/trace/replayed_snapshots.hpp"

#include <algorithm>

namespace ws::trace {

void replay_snapshots(BlockTrace& b, unsigned smem_bytes) {
    std::vector<const Event*> writes;
    for (const Event& e : b.events)
        if (e.kind == EventKind::SharedWrite) writes.push_back(&e);
    std::stable_sort(writes.begin(), writes.end(), [](const Event* x, const Event* y) {
        if (x->phase != y->phase) return x->phase < y->phase;
        if (x->thread != y->thread) return x->thread < y->thread;
        return x->seq < y->seq;
    });
    std::vector<std::uint8_t> memory(smem_bytes, 0);
    std::size_t next = 0;
    for (Snapshot& s : b.snapshots) {
        for (; next < writes.size() && writes[next]->phase <= s.phase; ++next) {
            const Event& w = *writes[next];
            const unsigned known = std::min<unsigned>(w.width, 8);
            for (unsigned k = 0; k < known; ++k)
                if (w.address + k < memory.size())
                    memory[w.address + k] = std::uint8_t(w.value >> (8 * k));
        }
        s.bytes = memory;
    }
}

}  // namespace ws::trace
