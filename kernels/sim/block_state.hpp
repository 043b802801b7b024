// The emulator's state for the block being run: its threads (fibers), their wait states and
// the shared memory. Internal to kernels/sim.
#pragma once
#include <boost/context/fiber.hpp>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "kernels/sim/emulator.hpp"

namespace ws::sim {

// Held: left a spin loop under the converged schedule; waits for its warp to leave it too.
enum class ThreadStatus : std::uint8_t { Ready, AtBarrier, AtCollective, Held, Exited, Failed };

struct SimThread {
    unsigned linear = 0;
    unsigned x = 0, y = 0, z = 0;
    boost::context::fiber fiber;  // resumes this thread
    boost::context::fiber back;   // inside the thread: resumes the scheduler
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

    unsigned spin_line = 0;           // inside a spin loop entered at this line (0: not)
    std::uint64_t spun_in_epoch = 0;  // the block's epoch at this thread's last spin turn
};

struct SimBlock {
    unsigned linear = 0;
    Schedule schedule;
    std::vector<std::uint8_t> smem;
    std::vector<SimThread> threads;
    unsigned exited = 0;
    unsigned barriers_passed = 0;
    std::deque<unsigned> ready;  // threads that can run, in the order they will (FIFO)
    std::uint64_t rng = 0;
    // Bumped whenever something may have changed memory a spinner reads: a thread not in a spin
    // loop ran, or a thread left one. Spinners that all turned in this epoch found nothing new.
    std::uint64_t epoch = 1;
    unsigned held = 0;  // threads with status Held
    std::optional<KernelError> error;
};

// Shared by the scheduler (scheduler.cpp) and the spin loops (spin_loops.cpp).
SimBlock& running_block();
SimThread& running_thread();
// The first error of the block wins: "line L, block B thread T: what".
void set_error(SimBlock& b, const std::string& what, unsigned line, unsigned thread);
// From inside a thread: go back to the scheduler until it resumes us.
void suspend(SimThread& t);
// Queue a thread to run.
void make_ready(SimBlock& b, SimThread& t);

}  // namespace ws::sim
