// Spin loops on the emulator (the vocabulary's lock_acquire): independent thread scheduling, and
// the converged schedule's model of a warp without it (see kernels/sim/emulator.hpp).
//
// The model, in full: under `converged` a lane that leaves a spin loop is Held at the loop's exit
// while any lane of its warp is still inside the loop (pre-Volta reconvergence: the warp runs
// the loop until every lane has left it, and only then what follows). When the last lane leaves,
// the held lanes run on. If the lane that took the lock is held and its warp-mates spin on that
// lock, no turn can ever succeed: the launch ends when every live thread of the block is held,
// waits at a sync, or spins and has turned once since anything that could free the lock ran (the
// block's epoch, block_state.hpp). Other schedules never hold a lane; a spin that never ends there
// is stopped by the spin budget (sim_probe.hpp).
#include <string>
#include <vector>

#include "kernels/sim/block_state.hpp"
#include "kernels/trace/id_ranges.hpp"

namespace ws::sim {
namespace {

unsigned warp_base(const SimThread& t) {
    return t.linear - t.linear % 32;
}

// Lanes of the warp starting at `base` for which `pick` holds.
template <class Pick>
std::vector<unsigned> lanes_where(const SimBlock& b, unsigned base, Pick pick) {
    std::vector<unsigned> lanes;
    for (unsigned l = 0; l < 32 && base + l < b.threads.size(); ++l)
        if (pick(b.threads[base + l])) lanes.push_back(l);
    return lanes;
}

bool in_loop(const SimThread& t) {
    return t.spin_line != 0 && t.status != ThreadStatus::Exited && t.status != ThreadStatus::Failed;
}

// Nothing that could free a lock can run: every live thread is held, blocked at a sync, or a
// spinner whose last turn was in this epoch.
bool nothing_can_change(const SimBlock& b) {
    for (const SimThread& t : b.threads) {
        if (t.status != ThreadStatus::Ready) continue;
        if (t.spin_line == 0 || t.spun_in_epoch != b.epoch) return false;
    }
    return true;
}

// The warp whose held lane keeps its spinning warp-mates waiting, as one line.
std::string deadlock_report(const SimBlock& b, unsigned& line, unsigned& thread) {
    for (const SimThread& h : b.threads) {
        if (h.status != ThreadStatus::Held) continue;
        const unsigned base = warp_base(h);
        const auto spinning = lanes_where(b, base, in_loop);
        if (spinning.empty()) continue;
        const auto held =
            lanes_where(b, base, [](const SimThread& t) { return t.status == ThreadStatus::Held; });
        line = b.threads[base + spinning[0]].spin_line;
        thread = base + spinning[0];
        const std::string holder = trace::counted_ranges(held, "lane", "lanes");
        return "deadlock: warp " + std::to_string(base / 32) + ": " +
               trace::counted_ranges(spinning, "lane", "lanes") + " spin at line " +
               std::to_string(line) + " on the lock " + holder +
               (held.size() == 1 ? " holds; " : " hold; ") + holder +
               " cannot run its critical section until they leave the loop (no independent "
               "thread scheduling: the converged schedule, as before Volta)";
    }
    return {};
}

}  // namespace

void spin_loop_enter(unsigned line) {
    running_thread().spin_line = line;
}

void spin_turn(unsigned line, unsigned waits_for) {
    SimBlock& b = running_block();
    SimThread& t = running_thread();
    t.spun_in_epoch = b.epoch;
    t.spun = true;
    t.spin_wait_line = line;
    t.waits_for = waits_for;
    if (t.progress_seen == grid_progress()) {
        if (++t.idle_spins >= kStuckSpins) stuck_alarm() = true;
    } else {
        t.progress_seen = grid_progress();
        t.idle_spins = 0;
    }
    if (b.held > 0 && nothing_can_change(b)) {
        unsigned line = t.spin_line, thread = t.linear;
        const std::string report = deadlock_report(b, line, thread);
        if (!report.empty()) {
            set_error(b, report, line, thread);  // named after the first spinner of that warp
            fail(report, line);
        }
    }
    yield_point();
}

void spin_loop_leave() {
    SimBlock& b = running_block();
    SimThread& t = running_thread();
    const unsigned line = t.spin_line;
    t.spin_line = 0;
    ++b.epoch;  // a lock may have changed hands
    if (b.schedule.kind != Schedule::Kind::Converged) return;
    const unsigned base = warp_base(t);
    if (!lanes_where(b, base, in_loop)
             .empty()) {  // the warp is still in the loop: wait at its exit
        t.status = ThreadStatus::Held;
        t.line = line;
        ++b.held;
        suspend(t);
        return;
    }
    for (unsigned l = 0; l < 32 && base + l < b.threads.size(); ++l) {  // the warp reconverges
        SimThread& mate = b.threads[base + l];
        if (mate.status != ThreadStatus::Held) continue;
        --b.held;
        make_ready(b, mate);
    }
}

}  // namespace ws::sim
