// The one table of algorithms: ids (a contract for scripts), titles, what each needs, and the
// shape of a launch as plain data (grid, shared memory, bytes moved, passes). The teaching notes
// (what changed, why faster, what it needs) are read from the first lines of each kernel file.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/trace/dtype.hpp"
#include "kernels/trace/scan_kind.hpp"
#include "kernels/trace/tile_layout.hpp"

namespace ws {

enum class Family { Reduce, Scan, Memory };
const char* family_name(Family f);   // "reduce", "scan", "memory"
const char* family_title(Family f);  // "Reductions", "Scans", "Memory"
inline constexpr Family kFamilies[] = {Family::Reduce, Family::Scan, Family::Memory};
// Scans and the memory family write an array (the array executors run them, with a ScanPlan);
// reductions write one value.
inline bool writes_array(Family f) {
    return f != Family::Reduce;
}

enum class SmemRule {
    None,                // no shared memory
    PerThread,           // blockDim.x elements
    PerThreadMin64,      // max(blockDim.x, 64) elements: the unrolled warp reads s[t + 32]
    PerWarp,             // blockDim.x / 32 elements
    TwoPerThread,        // 2 * blockDim.x elements (a double buffer, or a tile of 2 per thread)
    TwoPerThreadPadded,  // 2 * blockDim.x + 2 * blockDim.x / 32: a padding word every 32
    PerThreadPlusWarps,  // blockDim.x + blockDim.x / 32: a tile and one total per warp
    TwoPerWarp,          // 2 * blockDim.x / 32: two rows of warp totals
    TwoPerWarpPlus2,     // 2 * blockDim.x / 32 + 2: two rows of warp totals, a tile id, a prefix
    PerWarpPlus1,        // blockDim.x / 32 + 1: one total per warp, a tile id
    PerWarpPlus3,        // blockDim.x / 32 + 3: one count per warp, a tile id, a count in two
                         // 16-bit halves (exact in a float)
    FourPerThread,       // 4 * blockDim.x: four arrays of one element a thread (min, max, sum, avg)
    ZeroPaddedWarpRows,  // 49 * (blockDim.x / 32 + 1): a row of 16 zeros, 32 elements and a spare
                         // word a warp, then one such row for the warps' totals
    PipelineStages,      // scan-pipeline's stages, their values and barriers (pipeline_shape.hpp:
                         // Shape::kSharedBytes), whatever the block
};

// The block sizes a variant accepts; the request check, the command line's help, the window's
// block control and `list --json` all read it from here.
enum class BlockRule {
    PowerOfTwo32To1024,  // 32, 64, ..., 1024: the trees halve whole warps
    Any1To1024,          // any size from 1 to 1024: the tree rounds up to a power of two
    PipelineWarps,       // exactly 224: a warp for each job of scan-pipeline (pipeline_shape.hpp)
};
bool accepts_block(BlockRule rule, unsigned block);
// "a power of two from 32 to 1024", "any size from 1 to 1024" (after "needs ...")
const char* block_rule_text(BlockRule rule);
// "power-of-two-32-1024", "any-1-1024": the name `list --json` gives it
const char* block_rule_name(BlockRule rule);
// The sizes the window offers in its list (any accepted size may be typed)
std::vector<unsigned> block_presets(BlockRule rule);
// The block a request gets when it names none: 256, or the one size a rule accepts.
unsigned default_block(BlockRule rule);
// `wanted` when the rule accepts it, else the rule's default (scan-pipeline: 224 whatever is
// wanted): for the sweeps that try every variant at one block (verify, bench, the tests).
unsigned usable_block(BlockRule rule, unsigned wanted);
// The block a view of `v` opens at when none was asked for: `wanted` raised to the block where
// what the variant teaches shows (lesson_block), or the one size it takes.
struct VariantInfo;
unsigned opening_block(const VariantInfo& v, unsigned wanted);

// How a reduction runs over the whole array (see kernels/reduce_plan.hpp for the launches).
enum class ReduceDriver {
    MultiPass,         // each block writes a partial; passes until one value remains
    AtomicSinglePass,  // one launch: each block adds its partial into the output with one
                       // atomic (the plan zeroes the output first)
    LastBlock,         // one launch: each block writes its partial and counts itself done; the
                       // last block to finish sums the partials into the output
    SpinLock,          // one launch: the output is added to under a spin lock in global memory
                       // (the plan zeroes the output and the lock first)
};

// What a reduction computes from its elements, and so what its blocks write: the one fact the
// CPU reference (kernels/run/input_data.hpp: reduce_reference), the result check
// (kernels/run/reduce_check.hpp), verify, the window's result line and the bench check read.
enum class ReduceOp {
    Sum,            // the sum of the elements
    MinMaxSumAvg,   // the wiki's four values at once: each pass's partials as four arrays
    CountPositive,  // how many elements are > 0 (a predicate reduction), as a value of the type
};
// The values' names, in the order of the kernel's shared arrays and of its output: {"sum"},
// {"min", "max", "sum", "avg"} or {"count"}.
const std::vector<std::string>& result_names(ReduceOp op);
// The value the run's `result` holds: "sum" (also for the four values), "count"; and where it is
// among result_names(op), so in the output buffer.
const char* result_word(ReduceOp op);
std::size_t result_index(ReduceOp op);

// How a scan runs over the whole array (see kernels/scan_plan.hpp for the launches).
enum class ScanDriver {
    None,                    // not a scan
    ScanThenFan,             // scan tiles writing their totals, scan the totals, add them back
    ReduceThenScan,          // sum each tile, scan the totals, scan each tile from its prefix
    ReduceThenScanTwoLevel,  // a fixed grid (max_grid): sum each block's span of tiles, one
                             // block scans the span totals, scan each span from its prefix
    SinglePass,              // one launch: tiles from a counter, decoupled look-back
    Map,                     // the memory family: one launch over the whole array
};

// What an array-writing variant (a scan or the memory family) computes from its input: the
// prefix sum (of its kind); stream compaction: the elements > 0 in order at the front of the
// output (std::copy_if; the rest of the output is not written), their number read from the last
// tile's status; a copy (out = in); aos-vs-soa's two sums of one field (out[0] read as an array
// of structures, out[1] as a structure of arrays); loop-divergence's sums (out[i] = the next
// loop_trips(in[i]) elements). The CPU check (kernels/run/input_data.hpp: check_scan_output),
// verify, the bench and the window read it.
enum class ScanOp { PrefixSum, CompactPositive, Copy, FieldSums, LoopSums };
// Does the op have a kind (inclusive, exclusive)? Only a prefix sum does.
inline bool has_scan_kind(ScanOp op) {
    return op == ScanOp::PrefixSum;
}

// The textbook work (additions) and depth (steps) of a block-level scan network.
enum class WorkFormula {
    None,
    KoggeStone,
    Blelloch,
    BrentKung,
    Sklansky,
    WarpShuffle,     // also the shared-memory warp scan with its checks
    WarpZeroPadded,  // the zero-padded warp scan: every lane adds at every level, zeros included
};

using trace::TileLayout;  // kernels/trace/tile_layout.hpp: which element a shared cell holds

// One algorithm. Rows are built with named setters (catalog_rows.cpp); what a row leaves out keeps
// the default below.
struct VariantInfo {
    const char* id = "";  // the kernel struct's id (kernels/algorithms/*/NN_*.cuh)
    Family family = Family::Reduce;
    int ladder_step = 0;  // 1-based position in its family's ladder (from the catalog's order)
    const char* title = "";
    const char* summary = "";       // one line for menus
    const char* source_file = "";   // relative to the repository root
    unsigned elems_per_thread = 1;  // per block: elems_per_thread * block elements
    // Room each block has, after its dynamic shared memory, for static __shared__ arrays: a
    // plain CUDA kernel's (kernels/user/kernel_header.hpp); 0 for the catalog's, which have none.
    unsigned static_smem_bytes = 0;
    unsigned max_grid = 0;  // 0: as many blocks as the data needs; else a grid-stride cap
    SmemRule smem_rule = SmemRule::PerThread;
    TileLayout layout = TileLayout::Elements;
    bool schedule_sensitive = false;  // racy on purpose: its result depends on the schedule
    BlockRule block_rule = BlockRule::PowerOfTwo32To1024;
    // The smallest block at which what the variant teaches shows (0: any): the window's
    // controls move a smaller block up to it on choosing the variant, and the banks panel says
    // why nothing shows below it (`lesson_block_why`, tested against the emulator).
    unsigned lesson_block = 0;
    const char* lesson_block_why = "";
    bool needs_independent_scheduling = false;  // lanes of a warp spin on a lock a warp-mate
                                                // holds: it deadlocks without independent thread
                                                // scheduling (before Volta; the converged schedule)

    // Reductions only.
    ReduceDriver reduce_driver = ReduceDriver::MultiPass;
    ReduceOp reduce_op = ReduceOp::Sum;

    // Scans and the memory family (writes_array). elems_per_thread * block is the tile one block
    // scans (the memory family: what one thread of a grid that covers n copies).
    ScanDriver driver = ScanDriver::None;
    ScanOp scan_op = ScanOp::PrefixSum;
    trace::ScanKind natural_kind = trace::ScanKind::Inclusive;  // what the network computes;
                                                                // the other kind is converted
    WorkFormula work_formula = WorkFormula::None;
    bool dynamic_tiles = false;  // blocks draw their tile from an atomic counter, not blockIdx
    bool packed_status = false;  // single pass: each tile's flag in an 8-byte word, with the
                                 // value beside it for 4-byte types (TileStatus::words)
    bool takes_stride = false;   // the memory family: reads the request's stride
    // A tile of this many bytes whatever the block and type (0: elems_per_thread * block
    // elements): scan-pipeline's 16 KB stage. See tile_elements.
    unsigned tile_bytes = 0;
    // Single pass: blocks stay and draw tiles until none is left (a grid of at most max_grid
    // blocks, not one a tile); the tile status still has a word for every tile.
    bool persistent = false;
    // The tile status of an 8-byte value is one 16-byte word (flag and value), two 8-byte words
    // a tile (scan-pipeline), not a flag word beside aggregate and inclusive arrays.
    bool wide_status = false;
    // The oldest GPU the kernel runs on, as sm_XY's number (90: Hopper; 0: any GPU this build
    // runs on, sm_75 and later), what it uses that older GPUs lack, and the rung of its family
    // to run there instead with what that rung is to it (kernels/run/gpu_support.hpp words the
    // refusal).
    unsigned min_sm = 0;
    const char* min_sm_uses = "";
    const char* instead = "";
    const char* instead_is = "";
    unsigned element_passes = 0;  // declared: how many times a device-wide run reads or writes
                                  // each element (4, 3 or 2); bytes_moved, which counts every
                                  // launch of the plan, agrees (tested)
};

struct TeachingNotes {
    std::string what_changed, why_faster, needs;
};

const std::vector<VariantInfo>& catalog();
const VariantInfo* find_variant(std::string_view id);
TeachingNotes teaching_notes(const VariantInfo& v);  // from the source file's header
const char* variant_source(const VariantInfo& v);    // embedded text, or nullptr

// The least count >= n that the variant accepts: n, or for aos-vs-soa (structs of 3 elements)
// the next multiple of 3. For the tests' and verify's sizes, and the window when it switches to
// a variant (it says so); a typed n is never changed, it is refused with a reason.
std::uint64_t accepted_count(const VariantInfo& v, std::uint64_t n);

// A sum whose every pass is the same one kernel over blocks of the data (no atomic, no last
// block, no grid cap): the shape a student's kernel file holds (the editor's "Copy of").
bool is_plain_sum(const VariantInfo& v);

// The elements of one tile: tile_bytes / the type's size, or elems_per_thread * block.
std::uint32_t tile_elements(const VariantInfo& v, unsigned block, trace::DType type);
// Launch shape of one pass over n elements (a reduction's first pass, a scan's level 0).
unsigned grid_for(const VariantInfo& v, std::uint64_t n, unsigned block, trace::DType type);
// Single pass: 8-byte words of tile status a tile (2 for a wide status of an 8-byte value).
unsigned status_words_per_tile(const VariantInfo& v, trace::DType type);
std::uint32_t smem_bytes_for(const VariantInfo& v, unsigned block, trace::DType type);
// Shared cell -> column of the block's addition network (its layout and how many columns): the
// tile's elements (at most the `cells` of the shared array), or the threads for Registers.
trace::ColumnMap column_map(const VariantInfo& v, std::uint32_t threads, std::uint32_t cells);
// The kernel launches of a whole run and the bytes they move: kernels/launch_plan.hpp.

// Block-level scans: the textbook work and depth of the network for a tile of m elements, and
// the formulas in words. nullopt where the catalog gives none.
struct WorkDepthFormula {
    std::uint64_t work = 0;
    std::uint32_t depth = 0;
    const char* work_text = "";
    const char* depth_text = "";
};
std::optional<WorkDepthFormula> textbook_work_depth(const VariantInfo& v, unsigned m);
bool measures_work_depth(const VariantInfo& v);  // its source marks the additions with `// +`

}  // namespace ws
