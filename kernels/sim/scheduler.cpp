// The emulator's scheduler: runs each block's threads as fibers under a schedule policy,
// completes barriers and warp collectives, and turns deadlocks into KernelErrors.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

#include "kernels/probe/shuffle_source.hpp"
#include "kernels/sim/block_state.hpp"
#include "kernels/sim/cuda_shim.hpp"
#include "kernels/trace/splitmix.hpp"

thread_local uint3 threadIdx;
thread_local uint3 blockIdx;
thread_local dim3 blockDim;
thread_local dim3 gridDim;

namespace ws::sim {

void set_error(SimBlock& b, const std::string& what, unsigned line, unsigned thread) {
    if (b.error) return;
    KernelError e;
    e.line = line;
    e.block = b.linear;
    e.thread = thread;
    e.message = "line " + std::to_string(line) + ", block " + std::to_string(b.linear) +
                " thread " + std::to_string(thread) + ": " + what;
    b.error = e;
}

// From inside a thread: go back to the scheduler until it resumes us.
void suspend(SimThread& t) {
    t.fiber.suspend();
}

// Queue a thread to run. Lockstep: a thread that gives way goes to the back, so every thread
// makes one access before any makes its next (round robin). Sequential: threads give way only
// at syncs, so each runs to its next sync in turn. Random: any queued thread may go next.
// Converged: as lockstep (its one other rule is in spin_loops.cpp).
void make_ready(SimBlock& b, SimThread& t) {
    t.status = ThreadStatus::Ready;
    b.ready.push_back(t.linear);
}

namespace {

thread_local SimBlock* g_block = nullptr;
thread_local SimThread* g_thread = nullptr;

const char* barrier_name(BarrierKind k) {
    switch (k) {
        case BarrierKind::Plain:
            return "__syncthreads";
        case BarrierKind::Count:
            return "__syncthreads_count";
        case BarrierKind::And:
            return "__syncthreads_and";
        case BarrierKind::Or:
            return "__syncthreads_or";
    }
    return "?";
}

const char* collective_name(CollectiveKind k) {
    switch (k) {
        case CollectiveKind::SyncWarp:
            return "__syncwarp";
        case CollectiveKind::ShflIdx:
            return "__shfl_sync";
        case CollectiveKind::ShflUp:
            return "__shfl_up_sync";
        case CollectiveKind::ShflDown:
            return "__shfl_down_sync";
        case CollectiveKind::ShflXor:
            return "__shfl_xor_sync";
        case CollectiveKind::Ballot:
            return "__ballot_sync";
        case CollectiveKind::Any:
            return "__any_sync";
        case CollectiveKind::All:
            return "__all_sync";
    }
    return "?";
}

std::string hex(unsigned v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", v);
    return buf;
}

SimThread* pick_ready(SimBlock& b) {
    if (b.ready.empty()) return nullptr;
    std::size_t k = 0;
    if (b.schedule.kind == Schedule::Kind::Random) k = splitmix64(b.rng) % b.ready.size();
    const unsigned i = b.ready[k];
    if (k == 0) {
        b.ready.pop_front();
    } else {
        b.ready[k] = b.ready.back();
        b.ready.pop_back();
    }
    return &b.threads[i];
}

void resume(SimBlock& b, SimThread& t) {
    if (t.spin_line == 0) ++b.epoch;  // it may write what a spinner waits for
    ++t.turns;
    for (const RunAhead& a : b.ahead)
        if (a.thread == t.linear && a.turn == t.turns) t.ahead_left += a.extra;
    t.spun = false;
    g_thread = &t;
    threadIdx = {t.x, t.y, t.z};
    t.fiber.resume();
    g_thread = nullptr;
    if (!t.spun) ++grid_progress();
}

std::string describe_wait(const SimThread& t) {
    switch (t.status) {
        case ThreadStatus::Exited:
            return "it exited";
        case ThreadStatus::Held:
            return "it left the spin loop on line " + std::to_string(t.line) +
                   " and waits for its warp (converged schedule)";
        case ThreadStatus::AtBarrier:
            return std::string("it waits at ") + barrier_name(t.barrier) + " on line " +
                   std::to_string(t.line);
        case ThreadStatus::AtCollective:
            return std::string("it waits at ") + collective_name(t.collective) + " on line " +
                   std::to_string(t.line) + " with mask " + hex(t.mask);
        case ThreadStatus::AtNamedBarrier:
        case ThreadStatus::AtTxWait:
            return describe_pipeline_wait(*g_block, t);
        default:
            return "it is still running";
    }
}

// Nothing can run: either every live thread is at one barrier (release it) or it is an error.
void resolve_stall(SimBlock& b, BlockObserver* observer) {
    for (auto& t : b.threads) {
        if (t.status != ThreadStatus::AtCollective) continue;
        const unsigned lane = t.linear % 32, base = t.linear - lane;
        for (unsigned l = 0; l < 32; ++l) {
            if (!((t.mask >> l) & 1u)) continue;
            const SimThread& other = b.threads[base + l];
            if (other.status == ThreadStatus::AtCollective) continue;
            set_error(b,
                      std::string(collective_name(t.collective)) + " with mask " + hex(t.mask) +
                          " names lane " + std::to_string(l) +
                          ", which never arrives: " + describe_wait(other),
                      t.line, t.linear);
            return;
        }
    }
    // A named or transaction barrier nothing left can complete (no copy is in flight).
    for (auto& t : b.threads) {
        if (t.status != ThreadStatus::AtNamedBarrier && t.status != ThreadStatus::AtTxWait)
            continue;
        std::string others;
        for (auto& o : b.threads)
            if (o.status == ThreadStatus::AtBarrier) {
                others = "; thread " + std::to_string(o.linear) + " waits at " +
                         barrier_name(o.barrier) + " on line " + std::to_string(o.line);
                break;
            }
        if (others.empty() && b.exited > 0)
            others = "; " + std::to_string(b.exited) + " threads have exited";
        set_error(b, "no thread left can let it go on (deadlock): " + describe_wait(t) + others,
                  t.line, t.linear);
        return;
    }
    const SimThread* first = nullptr;
    for (auto& t : b.threads) {
        if (t.status != ThreadStatus::AtBarrier) continue;
        if (!first) {
            first = &t;
            continue;
        }
        if (t.line != first->line || t.barrier != first->barrier) {
            set_error(b,
                      std::string("barrier divergence: thread ") + std::to_string(first->linear) +
                          " waits at " + barrier_name(first->barrier) + " on line " +
                          std::to_string(first->line) + ", thread " + std::to_string(t.linear) +
                          " at " + barrier_name(t.barrier) + " on line " + std::to_string(t.line),
                      t.line, t.linear);
            return;
        }
    }
    if (!first) return;  // everyone exited
    if (b.exited > 0) {
        unsigned gone = 0;
        while (b.threads[gone].status != ThreadStatus::Exited) ++gone;
        set_error(b,
                  std::string(barrier_name(first->barrier)) + " can never complete: thread " +
                      std::to_string(gone) +
                      " already exited (every thread of the block must reach a barrier)",
                  first->line, first->linear);
        return;
    }
    int count = 0, all = 1, any = 0;
    for (auto& t : b.threads) {
        count += t.predicate != 0;
        all &= t.predicate != 0;
        any |= t.predicate != 0;
    }
    int result = 0;
    switch (first->barrier) {
        case BarrierKind::Plain:
            break;
        case BarrierKind::Count:
            result = count;
            break;
        case BarrierKind::And:
            result = all;
            break;
        case BarrierKind::Or:
            result = any;
            break;
    }
    if (observer)
        observer->barrier_released(b.linear, b.barriers_passed, b.smem.data(), b.smem.size());
    ++b.barriers_passed;
    for (auto& t : b.threads) {
        t.result = std::uint64_t(result);
        make_ready(b, t);
    }
}

// Every lane named in `mask` has arrived: check they agree, compute each lane's result.
void complete_collective(SimBlock& b, SimThread& caller) {
    const unsigned base = caller.linear - caller.linear % 32;
    const unsigned mask = caller.mask;
    for (unsigned l = 0; l < 32; ++l) {
        if (!((mask >> l) & 1u)) continue;
        SimThread& t = b.threads[base + l];
        if (t.collective != caller.collective || t.mask != mask || t.width != caller.width) {
            set_error(b,
                      std::string("lanes disagree at a warp collective: lane ") +
                          std::to_string(caller.linear % 32) + " is at " +
                          collective_name(caller.collective) + " (line " +
                          std::to_string(caller.line) + ", mask " + hex(mask) + "), lane " +
                          std::to_string(l) + " at " + collective_name(t.collective) + " (line " +
                          std::to_string(t.line) + ", mask " + hex(t.mask) + ")",
                      caller.line, caller.linear);
            return;
        }
    }
    std::uint64_t ballot = 0;
    bool any = false, all = true;
    for (unsigned l = 0; l < 32; ++l) {
        if (!((mask >> l) & 1u)) continue;
        const bool p = b.threads[base + l].payload != 0;
        ballot |= std::uint64_t(p) << l;
        any |= p;
        all &= p;
    }
    for (unsigned l = 0; l < 32; ++l) {
        if (!((mask >> l) & 1u)) continue;
        SimThread& t = b.threads[base + l];
        using probe::ShuffleMode;
        auto shuffle = [&](ShuffleMode m) {
            unsigned src = probe::shuffle_source_lane(m, l, t.arg, unsigned(t.width));
            if (!((mask >> src) & 1u)) {
                set_error(b,
                          std::string(collective_name(t.collective)) + ": lane " +
                              std::to_string(l) + " reads lane " + std::to_string(src) +
                              ", which is not in the mask " + hex(mask) +
                              " (its value is undefined)",
                          t.line, t.linear);
                return std::uint64_t(0);
            }
            return b.threads[base + src].payload;
        };
        switch (t.collective) {
            case CollectiveKind::SyncWarp:
                t.result = 0;
                break;
            case CollectiveKind::ShflIdx:
                t.result = shuffle(ShuffleMode::Idx);
                break;
            case CollectiveKind::ShflUp:
                t.result = shuffle(ShuffleMode::Up);
                break;
            case CollectiveKind::ShflDown:
                t.result = shuffle(ShuffleMode::Down);
                break;
            case CollectiveKind::ShflXor:
                t.result = shuffle(ShuffleMode::Xor);
                break;
            case CollectiveKind::Ballot:
                t.result = ballot;
                break;
            case CollectiveKind::Any:
                t.result = any;
                break;
            case CollectiveKind::All:
                t.result = all;
                break;
        }
    }
    // The caller runs on; the other lanes queue up in lane order.
    for (unsigned l = 0; l < 32; ++l) {
        if (!((mask >> l) & 1u)) continue;
        SimThread& t = b.threads[base + l];
        if (&t == &caller)
            t.status = ThreadStatus::Ready;
        else
            make_ready(b, t);
    }
}

SimThread& current() {
    return *g_thread;
}

}  // namespace

SimBlock& running_block() {
    return *g_block;
}
SimThread& running_thread() {
    return *g_thread;
}

std::uint64_t& grid_progress() {
    static thread_local std::uint64_t progress = 0;
    return progress;
}

bool& stuck_alarm() {
    static thread_local bool alarm = false;
    return alarm;
}

void start_block(SimBlock& b, const std::function<void()>& body, BlockObserver* observer) {
    b.ready.clear();
    b.body = &body;
    for (auto& t : b.threads) {
        b.ready.push_back(t.linear);
        SimThread* self = &t;
        SimBlock* block = &b;
        t.fiber.start([self, block] {
            (*block->body)();
            self->status = ThreadStatus::Exited;
            ++block->exited;
        });
    }
    enter_block(b);
    if (observer) observer->block_started(b.linear);
}

void enter_block(SimBlock& b) {
    g_block = &b;
    blockIdx = {b.ix, b.iy, b.iz};
}

void leave_blocks() {
    g_block = nullptr;
}

bool step_block(SimBlock& b, BlockObserver* observer) {
    if (b.error) return false;
    land_due_copies(b, observer);
    if (b.error) return false;
    if (SimThread* t = pick_ready(b)) {
        resume(b, *t);
        return !b.error;
    }
    if (!b.copies.empty()) {  // nothing else can run: the copy engine finishes one
        land_a_copy(b, observer);
        return !b.error;
    }
    if (b.exited == b.threads.size()) return false;
    resolve_stall(b, observer);
    return !b.error;
}

int block_barrier(BarrierKind kind, int predicate, unsigned line) {
    SimThread& t = current();
    t.ahead_left = 0;  // a thread runs ahead only until it has to wait
    t.status = ThreadStatus::AtBarrier;
    t.barrier = kind;
    t.predicate = predicate;
    t.line = line;
    suspend(t);
    return int(t.result);
}

std::uint64_t warp_collective(CollectiveKind kind, unsigned mask, std::uint64_t payload, int arg,
                              int width, unsigned line) {
    SimThread& t = current();
    SimBlock& b = *g_block;
    const unsigned lane = t.linear % 32, base = t.linear - lane;
    const unsigned lanes_here = unsigned(std::min<std::size_t>(32, b.threads.size() - base));
    const unsigned existing = lanes_here == 32 ? 0xffffffffu : (1u << lanes_here) - 1u;
    if (!((mask >> lane) & 1u))
        fail(std::string(collective_name(kind)) + ": mask " + hex(mask) +
                 " does not include the calling lane " + std::to_string(lane),
             line);
    if (mask & ~existing)
        fail(std::string(collective_name(kind)) + ": mask " + hex(mask) + " names lanes " +
                 hex(mask & ~existing) + " that this warp does not have (" +
                 std::to_string(lanes_here) + " threads)",
             line);
    if (width < 1 || width > 32 || (width & (width - 1)) != 0)
        fail(std::string(collective_name(kind)) + ": width " + std::to_string(width) +
                 " is not a power of two from 1 to 32",
             line);
    t.ahead_left = 0;
    t.status = ThreadStatus::AtCollective;
    t.collective = kind;
    t.mask = mask;
    t.payload = payload;
    t.arg = arg;
    t.width = width;
    t.line = line;
    bool everyone_here = true;
    for (unsigned l = 0; l < 32 && everyone_here; ++l)
        if ((mask >> l) & 1u)
            everyone_here = b.threads[base + l].status == ThreadStatus::AtCollective;
    if (everyone_here) {
        complete_collective(b, t);
        if (b.error) {
            t.status = ThreadStatus::Failed;
            suspend(t);
        }
    } else {
        suspend(t);
    }
    return t.result;
}

void yield_point() {
    if (!g_thread || g_block->schedule.kind == Schedule::Kind::Sequential) return;
    SimThread& t = *g_thread;
    if (t.ahead_left > 0) {  // it goes again before the others
        --t.ahead_left;
        t.status = ThreadStatus::Ready;
        g_block->ready.push_front(t.linear);
    } else {
        make_ready(*g_block, t);
    }
    suspend(t);
}

void fail(const std::string& message, unsigned line) {
    SimThread& t = current();
    set_error(*g_block, message, line, t.linear);
    t.status = ThreadStatus::Failed;
    suspend(t);
    std::abort();  // never resumed: the launch ends and unwinds this fiber
}

unsigned current_thread_linear() {
    return g_thread ? g_thread->linear : 0;
}
unsigned current_block_linear() {
    return g_block ? g_block->linear : 0;
}
std::uint8_t* dynamic_smem() {
    return g_block ? g_block->smem.data() : nullptr;
}
std::size_t dynamic_smem_bytes() {
    return g_block ? g_block->dynamic_bytes : 0;
}
bool inside_kernel() {
    return g_thread != nullptr;
}

}  // namespace ws::sim
