// The emulator's state for the block being run: its threads (fibers), their wait states and
// the shared memory. Internal to kernels/sim.
#pragma once
#include <boost/context/fiber.hpp>
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "kernels/sim/emulator.hpp"

namespace ws::sim {

enum class ThreadStatus : std::uint8_t { Ready, AtBarrier, AtCollective, Exited, Failed };

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
    std::optional<KernelError> error;
};

}  // namespace ws::sim
