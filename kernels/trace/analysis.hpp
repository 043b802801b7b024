// Analysis: pure functions over a BlockTrace. These compute the numbers every panel and the
// `stats` command show. Nothing here knows which backend recorded the trace.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "kernels/trace/trace.hpp"

namespace ws::trace {

// The distinct steps of a block, in order.
std::vector<StepId> block_steps(const BlockTrace& b);

// A warp instruction: the events of one warp with the same (step, line, kind, occurrence), where
// occurrence counts, per lane, earlier events of that lane with the same (step, line, kind).
// Its active mask is the lanes that took part.
struct WarpInstruction {
    StepId step;
    std::uint16_t warp = 0;
    std::uint16_t line = 0;
    EventKind kind = EventKind::SharedRead;
    std::uint32_t occurrence = 0;
    std::uint32_t active_mask = 0;
    std::vector<std::uint32_t> events;  // indices into BlockTrace::events, by lane
};
// Sorted by (step, warp, line, kind, occurrence).
std::vector<WarpInstruction> warp_instructions(const BlockTrace& b);

// Bank wavefronts of one shared-memory warp instruction, in Nsight Compute's units.
//
// The rule: a lane accessing `width` bytes at byte offset a touches the 4-byte words
// a/4 .. a/4 + width/4 - 1; word w lives in bank w % 32. The warp is served in groups of
// consecutive lanes that together can move 128 bytes: 32 lanes for 4-byte accesses, 16 for
// 8-byte, 8 for 16-byte. A group with at least one active lane needs as many wavefronts as the
// largest number of *distinct* words its active lanes touch in any one bank (many lanes reading
// one word is a broadcast: one word). Stores: ideal wavefronts = groups with an active lane.
// Loads differ in two ways, measured on an H100 and an H200 (issue 41: every catalog kernel at
// one block in int and double, assets/measurements/hardware-counts-*.json):
//   - a load whose whole warp touches no bank at two distinct words takes one wavefront, however
//     many groups its lanes span (32 lanes reading one double, two half-warps reading the same
//     words: 1, not one a half-warp);
//   - its ideal is what its distinct bytes need, ceil(distinct words x 4 / 128): the even lanes
//     reading every other double (the interleaved reduction's first level) touch 128 bytes but
//     take 2 wavefronts (one a half-warp, since both halves use banks 0, 1, 4, 5, ...): 1 conflict.
// conflicts = wavefronts - ideal. max_ways: a store's largest distinct-words count in one bank
// of a group; a load's wavefronts over its ideal, rounded up.
struct BankReport {
    std::uint32_t wavefronts = 0;
    std::uint32_t ideal_wavefronts = 0;
    std::uint32_t conflicts() const { return wavefronts - ideal_wavefronts; }
    std::uint32_t max_ways = 0;  // the worst N-way (the rule above)
    // For each bank, the distinct words touched and how many lanes touched them (the largest
    // group wins for the picture): lanes > words means some lanes shared a word (broadcast).
    std::uint32_t words_per_bank[32] = {};
    std::uint32_t lanes_per_bank[32] = {};
};
BankReport bank_report(const BlockTrace& b, const WarpInstruction& inst);
// The lanes served together (the rule above): 32, 16 or 8.
std::uint32_t bank_group_lanes(const BlockTrace& b, const WarpInstruction& inst);

// Distinct 32-byte sectors a global warp instruction touches, and the fewest it could touch
// (ceil(active lanes * width / 32) for that width).
struct SectorReport {
    std::uint32_t sectors = 0;
    std::uint32_t ideal_sectors = 0;
};
SectorReport sector_report(const BlockTrace& b, const WarpInstruction& inst);

// A hazard: two accesses to the same shared word in one phase from different threads, at least
// one a write, not ordered by a sync: threads of different warps are ordered only by block
// barriers (a different phase); threads of the same warp also by a warp sync (a different
// substep). One Hazard per (step of the later access, word).
struct Hazard {
    StepId step;
    std::uint64_t word = 0;  // shared byte offset / 4
    std::uint16_t first_thread = 0, second_thread = 0;
    std::uint16_t first_line = 0, second_line = 0;
    bool write_write = false;
};
std::vector<Hazard> find_hazards(const BlockTrace& b);

// Atomics. b.events[i], an Atomic event, wrote when its AtomicWrite follows it; a
// compare-and-swap that found another value did not: it lost a race and its loop tries again.
bool atomic_wrote(const BlockTrace& b, std::size_t i);
struct AtomicCount {
    std::uint32_t tries = 0;    // lane-level atomics
    std::uint32_t retries = 0;  // of them, compare-and-swaps that did not write
    std::uint32_t unseen = 0;   // of them, atomics whose result was not recorded (kLeftUnseen)
};
struct AtomicTally {
    std::vector<AtomicCount> by_thread;  // indexed by thread (as far as the last one seen)
    std::map<std::uint16_t, AtomicCount> by_line;  // source line -> its atomics
    AtomicCount total;
};
// The atomics of the block, or of one step of it.
AtomicTally atomic_tally(const BlockTrace& b, const StepId* step = nullptr);
// Whether some recorded atomic's result was not seen (kLeftUnseen): the retries counted then
// are only those seen, and the readers say so in these words.
bool has_unseen_atomics(const Trace& t);
inline constexpr const char* kUnseenAtomicsWords =
    "what each atomic left was not seen: the Sanitizer API does not hand it over";

// The lanes launched in `warp` of a block of `threads_per_block` threads, as a mask (the last
// warp may be partial).
std::uint32_t launched_mask(std::uint32_t warp, std::uint32_t threads_per_block);

// The paths a warp's lanes took in one step: lanes that ran the same lines (each the same
// number of times) took the same path. A warp with more than one path, or with launched lanes
// that did nothing, ran some instruction with a strict subset of its lanes: it is divergent
// (Counters::divergent_warps). Paths are ordered by their lines in source order (the first
// line where two paths differ decides), which is the order the two sides of an if/else appear
// in the source; the compiler picks the order the hardware runs them in.
struct WarpPaths {
    StepId step;
    std::uint16_t warp = 0;
    std::uint32_t live_mask = 0;                    // launched lanes
    std::uint32_t idle_mask = 0;                    // launched lanes with no event in the step
    std::vector<std::uint32_t> masks;               // the lanes of each path
    std::vector<std::vector<std::uint16_t>> lines;  // each path's distinct lines, ascending
    bool divergent() const { return masks.size() > 1 || (idle_mask != 0 && !masks.empty()); }
};
// One entry per (step, warp) with at least one event, sorted by (step, warp).
std::vector<WarpPaths> warp_paths(const BlockTrace& b, std::uint32_t threads_per_block);

// The block's warp instructions by kind of access, as the hardware counts them: warp
// instructions with at least one active lane (Nsight Compute's smsp__sass_inst_executed_op_*),
// the lane-level accesses they made (its predicated-on thread instructions), and how many of
// them ran with a strict subset of their warp's launched lanes.
struct KindCounts {
    std::uint64_t warp_instructions = 0;
    std::uint64_t lanes = 0;
    std::uint64_t partial = 0;
};
using InstructionMix = std::array<KindCounts, kEventKindCount>;  // indexed by EventKind
InstructionMix instruction_mix(const BlockTrace& b, std::uint32_t threads_per_block);
const char* event_kind_name(EventKind k);  // "shared_read", ...

// Counters for each step of one block, in step order, and their sum. live_lanes counts the
// launched lanes of the warps active in the step only (the last warp may be partial), so
// active_lanes / live_lanes says how busy the busy warps were; idle warps do not dilute it.
struct StepCounters {
    StepId step;
    Counters counters;
};
std::vector<StepCounters> step_counters(const BlockTrace& b, std::uint32_t threads_per_block);
Counters block_counters(const BlockTrace& b, std::uint32_t threads_per_block);

// Shared memory as it stood at the end of `step`: the snapshot of the last barrier before it,
// then this block's writes replayed in (thread, seq) order up to and including `step`.
// `written` marks the bytes some write (or snapshot after a write) has defined so far.
struct SharedImage {
    std::vector<std::uint8_t> bytes;
    std::vector<std::uint8_t> written;  // 1 per byte
};
SharedImage shared_after(const BlockTrace& b, std::uint32_t smem_bytes, StepId step);

// Where two traces of the same request first differ (steps, snapshots, events, counters,
// result, and for scans the whole output through its digest), in words:
// "block 0, step (3,0), warp 1 lane 4: event 12 value 17 vs 18". Empty when equal.
// Snapshot bytes are compared only where some write defined them.
std::string first_difference(const Trace& a, const Trace& b);

// Work and depth of a scan network, measured from one block's events. The kernel source marks
// each line that performs an addition of the network with a trailing `// +` comment. Work counts
// lane-level events at marked lines: on a marked line that writes shared memory, its
// SharedWrite events (`s[b] += s[a];  // +`); on a marked line that never writes shared memory,
// its Shuffle events whose source lane is another lane (the lanes that add what they received;
// a lane reading itself is masked out) and its SharedRead events (`v += s[w - 1];  // +`, a
// register addition fed by one shared read). `steps` is the number of distinct steps that
// contain work; the network's depth (its longest chain of additions) needs its columns, and is
// kernels/run/block_circuit.hpp's measured_work_depth.
struct WorkDepth {
    std::uint64_t work = 0;
    std::uint32_t steps = 0;
};
WorkDepth work_depth(const BlockTrace& b, const std::string& source_text);
// The rule above for one event at an adding line: `line_writes_shared` says whether that line
// writes shared memory anywhere in the block. work_depth counts these; the circuit draws them.
bool is_addition(const Event& e, bool line_writes_shared);
// The 1-based line numbers that end with `// +`.
std::vector<std::uint32_t> marked_lines(const std::string& source_text);

}  // namespace ws::trace
