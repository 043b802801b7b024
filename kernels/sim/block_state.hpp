// The emulator's state for the block being run: its threads (fibers), their wait states and
// the shared memory. Internal to kernels/sim.
#pragma once
#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "kernels/sim/emulator.hpp"
#include "kernels/sim/fiber.hpp"

namespace ws::sim {

// Held: left a spin loop under the converged schedule; waits for its warp to leave it too.
// AtNamedBarrier: at bar.sync id (SimThread::named_id). AtTxWait: waits for a round of a
// transaction barrier (SimThread::tx_barrier, ::tx_round).
enum class ThreadStatus : std::uint8_t {
    Ready,
    AtBarrier,
    AtCollective,
    Held,
    Exited,
    Failed,
    AtNamedBarrier,
    AtTxWait
};

struct SimThread {
    unsigned linear = 0;
    unsigned x = 0, y = 0, z = 0;
    Fiber fiber;  // runs this thread (fiber.hpp)
    ThreadStatus status = ThreadStatus::Ready;

    // What it waits at.
    unsigned line = 0;
    BarrierKind barrier = BarrierKind::Plain;
    int predicate = 0;
    CollectiveKind collective = CollectiveKind::SyncWarp;
    unsigned mask = 0;
    std::uint64_t payload = 0;
    int arg = 0;
    int width = 32;

    std::uint64_t result = 0;  // what the barrier or collective gave back

    unsigned named_id = 0;       // AtNamedBarrier
    unsigned tx_barrier = 0;     // AtTxWait: the barrier's shared byte offset
    std::uint32_t tx_round = 0;  // AtTxWait
    unsigned copies_issued = 0;  // bulk copies this thread issued (BlockObserver::copy_landed)

    unsigned spin_line = 0;           // inside a spin loop entered at this line (0: not)
    std::uint64_t spun_in_epoch = 0;  // the block's epoch at this thread's last spin turn

    // Turns (resumes) so far, and turns it still runs ahead of the others (Schedule::ahead).
    unsigned turns = 0, ahead_left = 0;
    // Its last turn ended in a spin (a wait); the line and what it waits for.
    bool spun = false;
    unsigned spin_wait_line = 0, waits_for = BlockWait::kNothing;
    // Spin turns in a row with no progress anywhere in the grid since (grid_progress()).
    std::uint64_t progress_seen = 0;
    std::uint32_t idle_spins = 0;

    void* slot = nullptr;  // a plain kernel's recording state (thread_slot(), plain_runtime.cpp)
};

// A transaction barrier (mbarrier): `expected` arrivals per round; `pending` still to come and
// `tx` bytes announced but not yet completed in the current round, `phase` rounds completed.
struct TxBarrierState {
    unsigned expected = 0;
    long long pending = 0;
    long long tx = 0;
    std::uint32_t phase = 0;
    unsigned line = 0;  // where it was initialised
};

// A bulk copy the copy engine has not finished.
struct InFlightCopy {
    unsigned dst = 0, bytes = 0, barrier = 0;  // shared byte offsets
    const std::uint8_t* src = nullptr;
    unsigned thread = 0, ordinal = 0, line = 0;
    std::uint64_t issued_at = 0;  // the block's decision count when issued
};

struct NamedBarrierState {
    unsigned count = 0, arrived = 0, line = 0;
};

struct SimBlock {
    unsigned linear = 0;
    unsigned ix = 0, iy = 0, iz = 0;  // blockIdx
    std::vector<RunAhead> ahead;      // the schedule's run-aheads for this block
    Schedule schedule;
    std::vector<std::uint8_t> smem;  // the dynamic shared memory, then the room for static arrays
    // A plain kernel's shared memory as its recorded stores left it (kernels/sim/plain_runtime.cpp
    // compares the two: a byte that differs was written by an access the recorder did not see).
    std::vector<std::uint8_t> smem_recorded;
    std::size_t dynamic_bytes = 0;  // what the launch gave as dynamic shared memory
    // A plain kernel's static __shared__ arrays (static_shared): each declaration's byte offset,
    // by its number in the file, and where the next one goes.
    std::map<unsigned, std::size_t> static_offsets;
    std::size_t static_end = 0;
    std::vector<SimThread> threads;
    // What every thread runs (start_block); through the block, so that each thread's fiber
    // captures two pointers only and its body is stored without an allocation.
    const std::function<void()>* body = nullptr;
    unsigned exited = 0;
    unsigned barriers_passed = 0;
    std::deque<unsigned> ready;  // threads that can run, in the order they will (FIFO)
    std::uint64_t rng = 0;
    // Bumped whenever something may have changed memory a spinner reads: a thread not in a spin
    // loop ran, or a thread left one. Spinners that all turned in this epoch found nothing new.
    std::uint64_t epoch = 1;
    unsigned held = 0;  // threads with status Held
    std::optional<KernelError> error;

    // Hopper's pipeline (pipeline_sync.cpp, copy_engine.cpp).
    std::map<unsigned, TxBarrierState> tx_barriers;  // by shared byte offset
    bool tx_fenced = false;                          // tx_init_fence ran
    std::deque<InFlightCopy> copies;                 // in issue order
    std::array<NamedBarrierState, 16> named{};
    std::uint64_t decisions = 0;  // scheduling decisions so far (CopyPolicy::Delay)
    std::uint64_t copy_rng = 0;   // CopyPolicy::Random
};

// Shared by the scheduler (scheduler.cpp), the grid (grid.cpp) and the spin loops
// (spin_loops.cpp).
//
// Bumped whenever a thread anywhere in the grid ends a turn that was not a spin: spinners that
// have turned many times with it unchanged wait for something no running thread will do.
std::uint64_t& grid_progress();
// Spin turns in a row, with nothing else in the grid done meanwhile, after which a spinner is
// taken to wait for good. Far above kernels' own patience (the decoupled fallback stops waiting
// after kFallbackSpins turns, vocabulary.cuh), so that a kernel that gives up is never stuck.
inline constexpr std::uint32_t kStuckSpins = 4096;
// Set by a spinner that has reached kStuckSpins: the grid then looks whether anything can move.
bool& stuck_alarm();
// A block about to run: fibers made, nothing run yet.
void start_block(SimBlock& b, const std::function<void()>& body, BlockObserver* observer);
// Makes `b` the running block (thread-locals the kernel reads).
void enter_block(SimBlock& b);
// No block runs (the launch is over).
void leave_blocks();
// One scheduling decision in `b`: runs one ready thread for a turn, or completes a barrier (or
// finds an error) when none is ready. false once every thread of `b` has exited or on error.
bool step_block(SimBlock& b, BlockObserver* observer);
SimBlock& running_block();
SimThread& running_thread();
// The first error of the block wins: "line L, block B thread T: what".
void set_error(SimBlock& b, const std::string& what, unsigned line, unsigned thread);
// From inside a thread: go back to the scheduler until it resumes us.
void suspend(SimThread& t);
// Queue a thread to run.
void make_ready(SimBlock& b, SimThread& t);

// The copy engine (copy_engine.cpp): at each scheduling decision of `b`, lands the copies its
// CopyPolicy says are done; land_a_copy lands one when nothing else can run (the oldest, or
// under CopyPolicy::Random any).
void land_due_copies(SimBlock& b, BlockObserver* observer);
void land_a_copy(SimBlock& b, BlockObserver* observer);
// Counts `bytes` completed on the barrier at `offset` (pipeline_sync.cpp); a round that ends
// wakes its waiters.
void complete_tx(SimBlock& b, unsigned offset, unsigned bytes, unsigned line);
// What a thread that cannot go on waits for at a named or transaction barrier, in words
// (pipeline_sync.cpp); "" for other threads.
std::string describe_pipeline_wait(const SimBlock& b, const SimThread& t);

}  // namespace ws::sim
