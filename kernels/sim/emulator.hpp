// The CPU SIMT emulator: runs a kernel, compiled by the host compiler, one CUDA thread per fiber.
//
// Blocks run one at a time in linear order (so a block may wait on flags set by earlier blocks,
// as single-pass scans do). Inside a block, a schedule policy decides which ready thread runs
// next; threads give way at scheduling points (shared-memory accesses made through a probe,
// atomics), and block at barriers and warp collectives.
//
// Errors in the kernel (barrier divergence, a barrier after some threads exited, a collective
// whose mask names a lane that never arrives, shared memory out of bounds) end the launch with a
// KernelError naming the line and the thread; nothing is thrown across fibers and the caller
// keeps working.
//
// Spin loops (the vocabulary's lock_acquire) and independent thread scheduling. Under every
// schedule but `converged` the lanes of a warp are scheduled independently, as on Volta and
// later (sm_70+): a lane that has taken a lock runs on while its warp-mates spin, so a lock that
// every lane of a warp takes works, one lane at a time. `converged` is lockstep plus the one rule
// of a warp without independent thread scheduling (before Volta): a lane that leaves a spin loop
// waits at the loop's exit until every lane of its warp has left it. A lane that took the lock
// cannot run its critical section, so warp-mates spinning on that lock spin for ever: the
// emulator sees that nothing else can run (every live thread is held, blocked at a sync, or a
// spinner whose last turn found nothing changed) and ends the launch with one line naming the
// warp, its spinning lanes, the holder and the line. Every other endless spin is bounded by the
// spin budget (kernels/sim/sim_probe.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace ws::sim {

struct Schedule {
    enum class Kind { Lockstep, Sequential, Random, Converged };
    Kind kind = Kind::Lockstep;
    std::uint64_t seed = 0;

    // "lockstep", "sequential", "random:SEED" or "converged" (lockstep without independent
    // thread scheduling: see above); nullopt for anything else.
    static std::optional<Schedule> parse(std::string_view text);
    std::string name() const;
};

struct Dim {
    unsigned x = 1, y = 1, z = 1;
    std::uint64_t count() const { return std::uint64_t(x) * y * z; }
};

struct LaunchConfig {
    Dim grid;
    Dim block;
    std::size_t dynamic_smem_bytes = 0;
    Schedule schedule;
};

struct KernelError {
    std::string message;  // one line, naming the kernel line and thread
    unsigned line = 0;
    unsigned block = 0;
    unsigned thread = 0;
};

// Told about each block as it runs (the recorder uses this to take barrier snapshots).
class BlockObserver {
  public:
    virtual ~BlockObserver() = default;
    virtual void block_started(unsigned /*block*/) {}
    // After every thread reached barrier number `phase` (0-based) of the block, before any runs on.
    virtual void barrier_released(unsigned /*block*/, unsigned /*phase*/,
                                  const std::uint8_t* /*smem*/, std::size_t /*bytes*/) {}
    virtual void block_finished(unsigned /*block*/) {}
};

// Runs `thread_body` (the kernel call, arguments bound) for every thread of every block.
// Returns the first kernel error, if any; the launch stops at it.
std::optional<KernelError> launch(const LaunchConfig& config,
                                  const std::function<void()>& thread_body,
                                  BlockObserver* observer = nullptr);

// ---- called from kernel code (through cuda_shim.hpp and the probes) ---------------------------
enum class BarrierKind { Plain, Count, And, Or };
enum class CollectiveKind { SyncWarp, ShflIdx, ShflUp, ShflDown, ShflXor, Ballot, Any, All };

int block_barrier(BarrierKind kind, int predicate, unsigned line);
// Returns the lane's result: the value received (shuffles), the ballot, or the any/all result.
std::uint64_t warp_collective(CollectiveKind kind, unsigned mask, std::uint64_t payload, int arg,
                              int width, unsigned line);
// A scheduling point: under lockstep and random schedules the thread gives way here.
void yield_point();
// A spin loop at `line`: entered, one turn (a scheduling point), left (under `converged` the
// thread may be held here until its warp-mates leave the loop too). See the top of this file.
void spin_loop_enter(unsigned line);
void spin_turn(unsigned line);
void spin_loop_leave();
// Ends the launch with an error at `line` in the current thread. Does not return.
[[noreturn]] void fail(const std::string& message, unsigned line);

// The running thread and block.
unsigned current_thread_linear();
unsigned current_block_linear();
std::uint8_t* dynamic_smem();
std::size_t dynamic_smem_bytes();
bool inside_kernel();

}  // namespace ws::sim
