// The CPU SIMT emulator: runs a kernel, compiled by the host compiler, one CUDA thread per fiber.
//
// Blocks run one at a time in linear order (so a block may wait on flags set by earlier blocks,
// as single-pass scans do), unless the schedule gives another block order or lets R blocks run
// at once (the `resident` set of a GPU with room for R blocks). When every running block only
// spins on flags, with nothing changed since their last turns, and no block left to start can
// start, the launch ends with a deadlock naming the waiting blocks and lines (KernelError::grid
// holds each block's state for a picture). Inside a block, a schedule policy decides which ready
// thread runs next; threads give way at scheduling points (shared-memory accesses made through a
// probe, atomics), and block at barriers and warp collectives.
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
#include <vector>

namespace ws::sim {

// A thread that runs ahead: at its `turn`-th turn (1 = its first) in block `block`, thread
// `thread` runs `extra` more turns before any other thread of its block (lockstep and converged
// only). A schedule that differs from lockstep in a few of these is a race's story.
struct RunAhead {
    unsigned block = 0, thread = 0, turn = 1, extra = 1;
    friend bool operator==(const RunAhead& a, const RunAhead& b) {
        return a.block == b.block && a.thread == b.thread && a.turn == b.turn && a.extra == b.extra;
    }
};

// The order blocks start in, and how many run at once (a GPU with room for `resident` blocks):
// resident 1 in order is one block after another, as the emulator has always run them.
enum class BlockOrder { InOrder, Reverse, Random };

// When the copy engine finishes a bulk copy (bulk_copy below), which a GPU does not let a
// program see. Prompt: before the block's next scheduling decision. Delay: `copy_delay`
// decisions of the block after it was issued, in issue order. Lazy: only when every thread that
// could run is a spinner that has found nothing new (or nothing can run): a consumer waits on
// every stage. Random: at each decision, with probability 1/8, one copy chosen at random (out of
// issue order). Under every policy a copy lands when nothing else in its block can run.
enum class CopyPolicy { Prompt, Delay, Lazy, Random };

struct Schedule {
    enum class Kind { Lockstep, Sequential, Random, Converged };
    Kind kind = Kind::Lockstep;
    std::uint64_t seed = 0;
    std::vector<RunAhead> ahead;
    BlockOrder blocks = BlockOrder::InOrder;
    std::uint64_t block_seed = 0;  // BlockOrder::Random
    unsigned resident = 1;
    CopyPolicy copies = CopyPolicy::Prompt;
    unsigned copy_delay = 0;      // CopyPolicy::Delay
    std::uint64_t copy_seed = 0;  // CopyPolicy::Random

    static constexpr unsigned kMaxResident = 64;
    static constexpr unsigned kMaxCopyDelay = 1000000;
    static constexpr unsigned kMaxResidentThreads = 16384;  // fibers alive at once

    // "lockstep", "sequential", "random:SEED" or "converged" (lockstep without independent
    // thread scheduling: see above), then optional comma-separated items:
    //   blocks=in-order | blocks=reverse | blocks=random:SEED   the order blocks start in
    //   resident=R                                              R blocks run at once (1..64)
    //   copies=prompt | copies=delay:K | copies=lazy | copies=random:SEED   (CopyPolicy)
    //   [B/]T@J+K                                               a RunAhead (lockstep, converged)
    // e.g. "lockstep,0@9+3" or "lockstep,blocks=reverse,resident=2". nullopt for anything else;
    // `why` (when given) says what is wrong in one line.
    static std::optional<Schedule> parse(std::string_view text, std::string* why = nullptr);
    // The text parse() reads back to this schedule.
    std::string name() const;
    bool interleaves_blocks() const { return resident > 1; }
};

struct Dim {
    unsigned x = 1, y = 1, z = 1;
    std::uint64_t count() const { return std::uint64_t(x) * y * z; }
};

struct LaunchConfig {
    Dim grid;
    Dim block;
    std::size_t dynamic_smem_bytes = 0;
    // Room after the dynamic shared memory for a plain kernel's static __shared__ arrays
    // (static_shared below); 0 for the catalog's kernels.
    std::size_t static_smem_bytes = 0;
    Schedule schedule;
};

// Where a block of the grid stood when the launch could not go on (blocks waiting on each
// other: see launch()). `waits_for` is what its spinning thread said it waits for (a tile or a
// block; kNothing when it did not say).
struct BlockWait {
    enum class State : std::uint8_t { NotStarted, Waiting, Finished };
    static constexpr unsigned kNothing = ~0u;
    unsigned block = 0;
    State state = State::NotStarted;
    unsigned line = 0, thread = 0, waits_for = kNothing;
};

struct KernelError {
    std::string message;  // one line, naming the kernel line and thread
    unsigned line = 0;
    unsigned block = 0;
    unsigned thread = 0;
    // A deadlock between blocks: every block of the grid in launch order (empty otherwise, and
    // when the grid has more than kMaxGridPicture blocks).
    std::vector<BlockWait> grid;
    static constexpr unsigned kMaxGridPicture = 1024;
};

// Told about each block as it runs (the recorder uses this to take barrier snapshots).
class BlockObserver {
  public:
    virtual ~BlockObserver() = default;
    virtual void block_started(unsigned /*block*/) {}
    // Threads of `block` run again after another block's did, or after another block started
    // or finished (only when blocks interleave: Schedule::resident > 1).
    virtual void block_resumed(unsigned /*block*/) {}
    // After every thread reached barrier number `phase` (0-based) of the block, before any runs on.
    virtual void barrier_released(unsigned /*block*/, unsigned /*phase*/,
                                  const std::uint8_t* /*smem*/, std::size_t /*bytes*/) {}
    virtual void block_finished(unsigned /*block*/) {}
    // The copy engine finished the `ordinal`-th bulk copy (0-based) that `thread` of `block`
    // issued: its bytes are in shared memory and its barrier has counted them.
    virtual void copy_landed(unsigned /*block*/, unsigned /*thread*/, unsigned /*ordinal*/) {}
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
// `waits_for`: the tile or block the spinner waits for (BlockWait::kNothing: not said).
void spin_turn(unsigned line, unsigned waits_for = BlockWait::kNothing);
void spin_loop_leave();

// Hopper's pipeline (kernels/sim/pipeline_sync.cpp, copy_engine.cpp).
// Named barrier `id` (1..15; 0 is __syncthreads) for `threads` threads (whole warps), as
// `bar.sync id, threads`: the caller waits until that many have arrived.
void named_barrier(unsigned id, unsigned threads, unsigned line);
// A transaction barrier (mbarrier) in shared memory at `bar` (8 bytes, 8-aligned): `arrivals`
// arrivals and the bytes they announce complete each round (phase). Rounds count from 0.
void tx_init(std::uint8_t* bar, unsigned arrivals, unsigned line);
// Makes the initialised barriers visible to the copy engine (fence.mbarrier_init): a copy
// before it is an error.
void tx_init_fence(unsigned line);
// One arrival on the barrier's current round, announcing `expect_bytes` that copies will
// complete (mbarrier.arrive.expect_tx; 0: a plain arrival).
void tx_arrive(std::uint8_t* bar, unsigned expect_bytes, unsigned line);
// Waits until round `round` of the barrier is over. A GPU tests only the round's parity
// (mbarrier.try_wait.parity): a wait that the parity would answer differently from the round
// is an error naming what a GPU would do.
void tx_wait(std::uint8_t* bar, std::uint32_t round, unsigned line);
// The copy engine copies `bytes` from global `src` into shared `dst` (cp.async.bulk) and then
// completes them on `bar`; when, the schedule says (CopyPolicy). 16-byte aligned, whole.
void bulk_copy(std::uint8_t* dst, const void* src, unsigned bytes, std::uint8_t* bar,
               unsigned line);
// A lane's shared access of `bytes` at `offset`: an error when it touches bytes a copy in
// flight is writing, or a transaction barrier's word.
void check_shared_access(unsigned offset, unsigned bytes, bool write, unsigned line);

// Ends the launch with an error at `line` in the current thread. Does not return.
[[noreturn]] void fail(const std::string& message, unsigned line);

// The running thread and block.
unsigned current_thread_linear();
unsigned current_block_linear();
std::uint8_t* dynamic_smem();
std::size_t dynamic_smem_bytes();
bool inside_kernel();

// ---- plain CUDA kernels (kernels/sim/plain_runtime.cpp) ----------------------------------------
// The block's whole shared memory: the dynamic part, then the room for static arrays.
std::size_t block_smem_bytes();
// The block's shared memory as the recorded stores left it (block_smem_bytes() bytes).
std::uint8_t* block_smem_recorded();
// A pointer each simulated thread owns (null when it starts); a plain kernel's recorder keeps
// the thread's state there.
void*& thread_slot();
// The lanes of the caller's warp that exist and have not exited (__activemask: the emulator has
// no partial convergence to report).
unsigned warp_live_mask();
// Every other thread of the block has exited (the caller is the last one running).
bool others_exited();
// Static __shared__ declaration number `id` of the file: the same bytes for every thread of the
// block, placed after the dynamic shared memory on first use, aligned. A block without room
// ends the launch with an error at `line`.
std::uint8_t* static_shared(unsigned id, std::size_t bytes, std::size_t align, unsigned line);
// Where the block's static arrays end (its shared bytes in use): the dynamic part rounded up to
// 16 before any.
std::size_t static_shared_end();

}  // namespace ws::sim
