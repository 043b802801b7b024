// The trace: what one run of one kernel did, in plain C++ (no CUDA, no UI).
//
// A trace holds, for each traced block, every recorded event and a copy of dynamic shared
// memory taken at each block barrier; plus the request that made it, where it ran, the kernel's
// source text (so a replayed file shows its code) and counters summed over all blocks.
#pragma once
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "kernels/trace/dtype.hpp"
#include "kernels/trace/event.hpp"
#include "kernels/trace/scan_kind.hpp"

namespace ws::trace {

inline constexpr std::uint32_t kWarpSize = 32;

// A step: the code between two sync points. Ordered lexicographically.
struct StepId {
    std::uint16_t phase = 0;
    std::uint16_t substep = 0;
    friend bool operator==(StepId a, StepId b) {
        return a.phase == b.phase && a.substep == b.substep;
    }
    friend bool operator!=(StepId a, StepId b) { return !(a == b); }
    friend bool operator<(StepId a, StepId b) {
        return a.phase != b.phase ? a.phase < b.phase : a.substep < b.substep;
    }
};
inline StepId step_of(const Event& e) {
    return {e.phase, e.substep};
}

// What was asked for. Field names match the command line.
struct Request {
    std::string algo;
    std::uint64_t n = 0;
    std::uint32_t block = 0;
    DType type = DType::Int32;
    std::string pattern = "ramp";  // ramp | random | ones
    std::uint64_t seed = 1;
    std::string schedule = "lockstep";        // emulator only: sim::Schedule::parse takes
                                              // lockstep | sequential | random:SEED | converged
    std::vector<std::uint32_t> blocks = {0};  // traced blocks of the first pass
    bool all_blocks = false;
    ScanKind kind = ScanKind::Inclusive;  // scans only; reductions refuse exclusive
    std::uint32_t stride = 1;             // copy-strided only: elements between neighbouring lanes
};

// Counters reported per step and in total. Lane-level counts (active_lanes, live_lanes,
// smem_reads, smem_writes) count threads or accesses; the others count warps, warp instructions,
// wavefronts, sectors or words.
struct Counters {
    std::uint64_t active_lanes = 0;  // sum over warps of lanes with at least one event
    std::uint64_t live_lanes = 0;    // sum over *active* warps of the lanes launched in each
    std::uint64_t active_warps = 0;  // warps with at least one active lane
    // Branch divergence: active warps in which some warp instruction ran with an active mask
    // that is a strict subset of the warp's launched lanes (the two sides of an if/else run one
    // after the other, lanes that sit the step out, or a predicated access).
    std::uint64_t divergent_warps = 0;
    std::uint64_t idle_lane_warps = 0;        // active warps with some launched lane idle all step
    std::uint64_t smem_instructions = 0;      // shared-memory warp instructions
    std::uint64_t smem_wavefronts = 0;        // wavefronts they needed
    std::uint64_t smem_ideal_wavefronts = 0;  // wavefronts they would need without conflicts
    std::uint64_t bank_conflicts = 0;         // smem_wavefronts - smem_ideal_wavefronts
    std::uint64_t bank_conflicts_ld = 0;      // the part of it from loads (ncu: ..._op_ld.sum)
    std::uint64_t bank_conflicts_st = 0;      // the part of it from stores (ncu: ..._op_st.sum)
    std::uint64_t smem_reads = 0;             // lane-level shared reads
    std::uint64_t smem_writes = 0;            // lane-level shared writes
    std::uint64_t gmem_sectors = 0;           // 32-byte sectors touched by global warp accesses
    std::uint64_t hazards = 0;                // shared words raced on (see analysis.hpp)
    std::uint64_t atomics = 0;         // lane-level global atomics (each compare-and-swap tried)
    std::uint64_t atomic_retries = 0;  // compare-and-swaps that found another value: lost races
    // Bulk copies issued (warp instructions of one lane) and the bytes they moved. The copy
    // engine writes them: they count no shared instruction, wavefront or global sector.
    std::uint64_t bulk_copies = 0;
    std::uint64_t bulk_bytes = 0;
    Counters& operator+=(const Counters& o);
    friend bool operator==(const Counters& a, const Counters& b);
};

// Shared memory after the barrier that closed `phase` (the copy both backends take).
struct Snapshot {
    std::uint16_t phase = 0;
    std::vector<std::uint8_t> bytes;
};

struct BlockTrace {
    std::uint32_t block = 0;
    std::vector<Event> events;  // ordered by (thread, seq)
    std::vector<Snapshot> snapshots;
    bool truncated = false;  // the recorder ran out of room for some thread of this block
    // Indices into `events` in the order the emulator ran them (its schedule's interleaving of
    // the threads); empty where the order is not known (a GPU records none).
    std::vector<std::uint32_t> order;
    // When the emulator's copy engine finished each bulk copy: the BulkCopy event (an index
    // into `events`) and how many entries of `order` had run by then. A GPU records none (no
    // program sees a copy finish); crosscheck compares neither this nor `order`.
    struct CopyLanding {
        std::uint32_t copy_event = 0;
        std::uint32_t after_order = 0;
    };
    std::vector<CopyLanding> landed;
};

// One of several values a reduction computes (reduce-minmax-avg: min, max, sum, avg).
struct ResultValue {
    std::string name;  // "min", "max", "sum", "avg"
    Value result;      // what the run left
    Value expected;    // the CPU's value of the same formula (avg: the wiki's average of averages)
    double tolerance = 0;  // floating point: how far result may be from expected (0: exactly)
    // What the formula means to compute, where that differs from `expected`: the true average,
    // sum / n (the lesson is the difference). NaN: the same as expected.
    double exact = std::numeric_limits<double>::quiet_NaN();
};

// Where a block stood when the blocks of a launch waited on each other for ever (the emulator's
// deadlock between blocks; kernels/sim/emulator.hpp). Not kept in trace files.
struct BlockWaitState {
    enum class State : std::uint8_t { NotStarted, Waiting, Finished };
    static constexpr std::uint32_t kNothing = ~0u;
    std::uint32_t block = 0;
    State state = State::NotStarted;
    std::uint32_t line = 0;
    std::uint32_t waits_for = kNothing;  // the tile or block it waits for, when the kernel said
};

// The GPU's own count of one metric (CUPTI, kernels/cuda/hardware_counters.hpp) for the traced
// pass's unprobed launch. Not kept in trace files.
struct HardwareCount {
    std::string metric;  // as Nsight Compute names it
    double value = 0;
};

struct Trace {
    // 2: totals count branch divergence (divergent_warps) and warps with idle lanes
    // (idle_lane_warps, what version 1 called divergent_warps); blocks keep the order the
    // emulator ran their events in. 3: an atomic that wrote is followed by an AtomicWrite event
    // (the value it left), and the totals count atomics and atomic_retries. 4: Hopper's pipeline
    // (event kinds TxInit..Mark, totals bulk_copies and bulk_bytes, each block's `landed`).
    static constexpr std::uint32_t kFormatVersion = 4;

    Request request;
    std::string backend;      // "emulator" or "cuda"
    std::string device;       // GPU name, or "CPU emulator (schedule)"
    std::string recorded_at;  // ISO 8601 date and time

    std::string source_file;  // e.g. kernels/algorithms/reduce/03_sequential.cuh
    std::string source_text;

    std::uint32_t threads_per_block = 0;
    std::uint32_t grid = 0;  // blocks in the traced pass (the first pass; for scans the tile scan)
    std::uint32_t passes = 0;        // kernel launches of the whole run
    DType smem_type = DType::Int32;  // type of the recorded shared array
    std::uint32_t smem_bytes = 0;    // size of the recorded dynamic shared memory

    std::vector<BlockTrace> blocks;
    Counters totals;  // over every block of the first pass

    Value result;    // reductions: the sum; scans: the last output element
    Value expected;  // the CPU reference for `result`
    // Floating point: how far `result` may be from `expected` and still be right (the bound of
    // a tree summation, kernels/run/input_data.hpp); 0 for integers, and in files older than it.
    double tolerance = 0;
    // Scans: FNV-1a 64 of the whole output array's bytes (0 for reductions), so that two runs
    // can be compared element for element without keeping the array.
    std::uint64_t output_digest = 0;
    // Reductions with several results (reduce-minmax-avg): every one, `result` being the sum.
    // Empty for the others and for scans. Files: a header member added after version 3 began.
    std::vector<ResultValue> results;
    bool ok = false;
    std::string error;  // empty, or what went wrong (a kernel error from the emulator, say)
    // A deadlock between blocks: every block of the launch that could not go on (emulator).
    std::vector<BlockWaitState> deadlock;
    // RunOptions::hardware on a GPU: what the GPU counted, or why it could not (one line).
    std::vector<HardwareCount> hardware;
    std::string hardware_error;
};

}  // namespace ws::trace
