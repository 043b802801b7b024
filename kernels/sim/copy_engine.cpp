// The copy engine: bulk copies (cp.async.bulk) issued by a thread land in shared memory later,
// when the block's CopyPolicy says (emulator.hpp), and complete their bytes on their barrier.
// A landing is not a thread's turn: it changes shared memory and may end a barrier's round,
// so it counts as progress (spinners look again).
#include <cstring>

#include "kernels/sim/block_state.hpp"
#include "kernels/trace/splitmix.hpp"

namespace ws::sim {
namespace {

void land(SimBlock& b, std::size_t k, BlockObserver* observer) {
    const InFlightCopy c = b.copies[k];
    b.copies.erase(b.copies.begin() + std::ptrdiff_t(k));
    std::memcpy(b.smem.data() + c.dst, c.src, c.bytes);
    ++b.epoch;
    ++grid_progress();
    if (observer) observer->copy_landed(b.linear, c.thread, c.ordinal);
    complete_tx(b, c.barrier, c.bytes, c.line);
}

// Every thread that could run spins, and found nothing new at its last turn.
bool only_idle_spinners(const SimBlock& b) {
    for (unsigned i : b.ready) {
        const SimThread& t = b.threads[i];
        if (!t.spun || t.spun_in_epoch != b.epoch) return false;
    }
    return true;
}

}  // namespace

void land_a_copy(SimBlock& b, BlockObserver* observer) {
    if (b.copies.empty()) return;
    std::size_t k = 0;
    if (b.schedule.copies == CopyPolicy::Random)
        k = std::size_t(splitmix64(b.copy_rng) % b.copies.size());
    land(b, k, observer);
}

void land_due_copies(SimBlock& b, BlockObserver* observer) {
    ++b.decisions;
    if (b.copies.empty()) return;
    switch (b.schedule.copies) {
        case CopyPolicy::Prompt:
            while (!b.copies.empty() && !b.error) land(b, 0, observer);
            break;
        case CopyPolicy::Delay:
            while (!b.copies.empty() && !b.error &&
                   b.decisions - b.copies.front().issued_at > b.schedule.copy_delay)
                land(b, 0, observer);
            break;
        case CopyPolicy::Lazy:
            if (only_idle_spinners(b)) land(b, 0, observer);
            break;
        case CopyPolicy::Random:
            if (splitmix64(b.copy_rng) % 8 == 0)
                land(b, std::size_t(splitmix64(b.copy_rng) % b.copies.size()), observer);
            break;
    }
}

}  // namespace ws::sim
