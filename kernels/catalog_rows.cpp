// The catalog's rows: every algorithm in ladder order, built with named setters. The rules that
// read the rows (block sizes, shared memory, grids, teaching notes) are in kernels/catalog.cpp.
#include "kernels/catalog_rows.hpp"

#include <iterator>

#include "kernels/algorithms/memory/all.cuh"
#include "kernels/algorithms/reduce/all.cuh"

namespace ws {
namespace {

using trace::ScanKind;

// The memory family's grid-stride loops: at most this many blocks (at 256 threads, about two
// waves of an H100's 132 SMs), each thread looping over the rest.
constexpr unsigned kMemoryMaxGrid = 2048;

// A catalog row under construction: each setter names the field it sets.
struct Row {
    VariantInfo v;
    Row title(const char* text) const { return with(&VariantInfo::title, text); }
    Row summary(const char* text) const { return with(&VariantInfo::summary, text); }
    Row source(const char* path) const { return with(&VariantInfo::source_file, path); }
    Row elems_per_thread(unsigned k) const { return with(&VariantInfo::elems_per_thread, k); }
    Row max_grid(unsigned blocks) const { return with(&VariantInfo::max_grid, blocks); }
    Row smem(SmemRule rule) const { return with(&VariantInfo::smem_rule, rule); }
    Row layout(TileLayout l) const { return with(&VariantInfo::layout, l); }
    Row schedule_sensitive() const { return with(&VariantInfo::schedule_sensitive, true); }
    Row block_rule(BlockRule r) const { return with(&VariantInfo::block_rule, r); }
    Row lesson_block(unsigned block, const char* why) const {
        return with(&VariantInfo::lesson_block, block).with(&VariantInfo::lesson_block_why, why);
    }
    Row needs_independent_scheduling() const {
        return with(&VariantInfo::needs_independent_scheduling, true);
    }
    Row reduce_driver(ReduceDriver d) const { return with(&VariantInfo::reduce_driver, d); }
    Row reduce_op(ReduceOp op) const { return with(&VariantInfo::reduce_op, op); }
    Row driver(ScanDriver d) const { return with(&VariantInfo::driver, d); }
    Row scan_op(ScanOp op) const { return with(&VariantInfo::scan_op, op); }
    Row natural_kind(ScanKind k) const { return with(&VariantInfo::natural_kind, k); }
    Row work_formula(WorkFormula f) const { return with(&VariantInfo::work_formula, f); }
    Row dynamic_tiles() const { return with(&VariantInfo::dynamic_tiles, true); }
    Row packed_status() const { return with(&VariantInfo::packed_status, true); }
    Row takes_stride() const { return with(&VariantInfo::takes_stride, true); }
    Row tile_bytes(unsigned bytes) const { return with(&VariantInfo::tile_bytes, bytes); }
    Row persistent() const { return with(&VariantInfo::persistent, true); }
    Row wide_status() const { return with(&VariantInfo::wide_status, true); }
    Row element_passes(unsigned k) const { return with(&VariantInfo::element_passes, k); }
    Row needs_sm(unsigned sm, const char* uses, const char* instead, const char* is) const {
        return with(&VariantInfo::min_sm, sm)
            .with(&VariantInfo::min_sm_uses, uses)
            .with(&VariantInfo::instead, instead)
            .with(&VariantInfo::instead_is, is);
    }
    operator VariantInfo() const { return v; }

  private:
    template <class Field, class Value>
    Row with(Field VariantInfo::*field, Value value) const {
        Row r = *this;
        r.v.*field = value;
        return r;
    }
};

template <class Variant>
Row reduction() {
    Row r;
    r.v.id = Variant::id;
    r.v.family = Family::Reduce;
    return r;
}

template <class Variant>
Row scan_of() {
    Row r;
    r.v.id = Variant::id;
    r.v.family = Family::Scan;
    r.v.driver = ScanDriver::ScanThenFan;
    r.v.element_passes = 4;
    return r;
}

template <class Variant>
Row memory_of() {
    Row r;
    r.v.id = Variant::id;
    r.v.family = Family::Memory;
    r.v.driver = ScanDriver::Map;
    r.v.scan_op = ScanOp::Copy;
    r.v.smem_rule = SmemRule::None;
    r.v.layout = TileLayout::Registers;
    r.v.block_rule = BlockRule::Any1To1024;
    r.v.max_grid = kMemoryMaxGrid;
    r.v.element_passes = 2;
    return r;
}

// The ladders, in order: a row's position in its family is its ladder step.
}  // namespace

std::vector<VariantInfo> make_catalog() {
    std::vector<VariantInfo> rows = {
        reduction<reduce::InterleavedDivergent>()
            .title("Interleaved addressing, divergent branching")
            .summary("tid % (2*s) == 0 picks every other thread: idle lanes in every warp")
            .source("kernels/algorithms/reduce/01_interleaved_divergent.cuh"),
        reduction<reduce::InterleavedStrided>()
            .title("Interleaved addressing, strided index")
            .summary("index = 2*s*tid keeps warps busy together, but lanes collide in banks")
            .lesson_block(64,
                          "its bank conflicts begin at block 64: in a block of 32 the busy "
                          "lanes' words 2*s*tid (below 32) each sit in a bank of their own")
            .source("kernels/algorithms/reduce/02_interleaved_strided.cuh"),
        reduction<reduce::Sequential>()
            .title("Sequential addressing")
            .summary("stride halves from blockDim/2: consecutive words, no bank conflicts")
            .source("kernels/algorithms/reduce/03_sequential.cuh"),
        reduction<reduce::FirstAdd>()
            .title("First add during global load")
            .summary("each thread adds two elements while loading: no idle threads at the start")
            .source("kernels/algorithms/reduce/04_first_add.cuh")
            .elems_per_thread(2),
        reduction<reduce::UnrollLastWarp>()
            .title("Unroll the last warp (with __syncwarp)")
            .summary("the last 32 threads finish with warp syncs instead of block barriers")
            .source("kernels/algorithms/reduce/05_unroll_last_warp.cuh")
            .elems_per_thread(2)
            .smem(SmemRule::PerThreadMin64),
        reduction<reduce::UnrollLastWarpLegacy>()
            .title("Unroll the last warp, legacy (volatile, no sync)")
            .summary("the 2007 warp-synchronous idiom: racy since Volta; try the sequential "
                     "schedule")
            .source("kernels/algorithms/reduce/06_unroll_last_warp_legacy.cuh")
            .elems_per_thread(2)
            .smem(SmemRule::PerThreadMin64)
            .schedule_sensitive(),
        reduction<reduce::CompleteUnroll>()
            .title("Completely unrolled (block size as template)")
            .summary("the block size is a template parameter: every loop unrolled at compile "
                     "time")
            .source("kernels/algorithms/reduce/07_complete_unroll.cuh")
            .elems_per_thread(2)
            .smem(SmemRule::PerThreadMin64),
        reduction<reduce::MultiElement>()
            .title("Multiple elements per thread (grid-stride)")
            .summary("a capped grid walks the array: many loads per thread, one tree per block")
            .source("kernels/algorithms/reduce/08_multi_element.cuh")
            .elems_per_thread(2)
            .max_grid(1024)
            .smem(SmemRule::PerThreadMin64),
        reduction<reduce::WarpShuffle>()
            .title("Warp shuffle (__shfl_down_sync)")
            .summary("lanes add registers through shuffles; one shared word per warp")
            .source("kernels/algorithms/reduce/09_warp_shuffle.cuh")
            .elems_per_thread(2)
            .max_grid(1024)
            .smem(SmemRule::PerWarp)
            .layout(TileLayout::Registers),
        reduction<reduce::VectorAtomic>()
            .title("16-byte loads, one launch (an atomic a block)")
            .summary("int4-wide loads, several in flight a lane; each block adds its partial to "
                     "the output with one atomicAdd")
            .source("kernels/algorithms/reduce/10_vector_atomic.cuh")
            .elems_per_thread(16)
            .max_grid(1024)
            .smem(SmemRule::PerWarp)
            .layout(TileLayout::Registers)
            .reduce_driver(ReduceDriver::AtomicSinglePass),
        reduction<reduce::AtomicGlobal>()
            .title("Every thread atomicAdds its element")
            .summary("n atomics on one word: the L2 applies them one at a time (the contention "
                     "lesson)")
            .source("kernels/algorithms/reduce/11_atomic_global.cuh")
            .smem(SmemRule::None)
            .layout(TileLayout::Registers)
            .reduce_driver(ReduceDriver::AtomicSinglePass),
        reduction<reduce::AtomicWarp>()
            .title("Warp shuffle, then one atomic a warp")
            .summary("a grid-stride sum a thread, shuffles in the warp, lane 0 adds with "
                     "atomicAdd")
            .source("kernels/algorithms/reduce/12_atomic_warp.cuh")
            .max_grid(1024)
            .smem(SmemRule::None)
            .layout(TileLayout::Registers)
            .reduce_driver(ReduceDriver::AtomicSinglePass),
        reduction<reduce::AtomicBlock>()
            .title("Block reduction, then one atomic a block")
            .summary("warps meet in shared memory; thread 0 adds the block's sum with atomicAdd")
            .source("kernels/algorithms/reduce/13_atomic_block.cuh")
            .max_grid(1024)
            .smem(SmemRule::PerWarp)
            .layout(TileLayout::Registers)
            .reduce_driver(ReduceDriver::AtomicSinglePass),
        reduction<reduce::AtomicCas>()
            .title("Addition from atomicCAS (the wiki's MyAtomicAdd)")
            .summary("read, add, swap in if unchanged, else retry: watch which lanes lose the "
                     "race")
            .source("kernels/algorithms/reduce/14_atomic_cas.cuh")
            .max_grid(16)
            .smem(SmemRule::None)
            .layout(TileLayout::Registers)
            .reduce_driver(ReduceDriver::AtomicSinglePass),
        reduction<reduce::SinglePass>()
            .title("Single pass: threadfence and a last-block counter")
            .summary("blocks write partials and count themselves done; the last one sums them")
            .source("kernels/algorithms/reduce/15_single_pass.cuh")
            .max_grid(1024)
            .smem(SmemRule::PerWarp)
            .layout(TileLayout::Registers)
            .reduce_driver(ReduceDriver::LastBlock),
        reduction<reduce::MinMaxAvg>()
            .title("Min, max, sum and average in one tree (the wiki's binary tree)")
            .summary("four shared arrays, any block size; the average of averages goes wrong "
                     "when the halves differ in count")
            .source("kernels/algorithms/reduce/16_minmax_avg.cuh")
            .smem(SmemRule::FourPerThread)
            .layout(TileLayout::Arrays)
            .block_rule(BlockRule::Any1To1024)
            .reduce_op(ReduceOp::MinMaxSumAvg),
        reduction<reduce::PredicateCount>()
            .title("Predicate count: __ballot_sync, __popc and __syncthreads_count")
            .summary("counts the elements > 0: a warp's 32 answers are one ballot word, __popc "
                     "counts its bits; __syncthreads_count adds the warps' counts in base-32 "
                     "digits; one atomicAdd a block")
            .source("kernels/algorithms/reduce/17_predicate_count.cuh")
            .max_grid(1024)
            .smem(SmemRule::None)
            .layout(TileLayout::Registers)
            .reduce_driver(ReduceDriver::AtomicSinglePass)
            .reduce_op(ReduceOp::CountPositive),
        reduction<reduce::Spinlock>()
            .title("A spin lock around the output (one lane a block)")
            .summary("the block's sum added with a plain read and write while one lane holds a "
                     "lock taken with atomicCAS")
            .source("kernels/algorithms/reduce/18_spinlock.cuh")
            .max_grid(1024)
            .smem(SmemRule::PerWarp)
            .layout(TileLayout::Registers)
            .reduce_driver(ReduceDriver::SpinLock),
        reduction<reduce::SpinlockWarp>()
            .title("A spin lock every lane takes (the classic mistake)")
            .summary("every lane spins on a lock a warp-mate holds: serialised since Volta, a "
                     "deadlock before; try the converged schedule")
            .source("kernels/algorithms/reduce/19_spinlock_warp.cuh")
            .max_grid(16)
            .smem(SmemRule::None)
            .layout(TileLayout::Registers)
            .reduce_driver(ReduceDriver::SpinLock)
            .needs_independent_scheduling(),

        // Scans. Every one runs device-wide; the block-level ones (1-7) through scan-then-fan.
        scan_of<scan::KoggeStone>()
            .title("Kogge-Stone (Hillis-Steele), double-buffered")
            .summary("every element adds the one offset places left: log2(m) deep, m*log2(m) "
                     "work")
            .source("kernels/algorithms/scan/01_kogge_stone.cuh")
            .smem(SmemRule::TwoPerThread)
            .layout(TileLayout::DoubleBuffer)
            .work_formula(WorkFormula::KoggeStone),
        scan_of<scan::KoggeStoneInplace>()
            .title("Kogge-Stone in place, warp-synchronous (legacy)")
            .summary("s[t] += s[t - offset] in a warp with no sync: racy; try the sequential "
                     "schedule")
            .source("kernels/algorithms/scan/02_kogge_stone_inplace.cuh")
            .smem(SmemRule::PerThreadPlusWarps)
            .schedule_sensitive(),
        scan_of<scan::Blelloch>()
            .title("Blelloch: work-efficient up-sweep and down-sweep")
            .summary("2(m-1) additions along a tree; its strided indices collide in banks")
            .source("kernels/algorithms/scan/03_blelloch.cuh")
            .elems_per_thread(2)
            .smem(SmemRule::TwoPerThread)
            .natural_kind(ScanKind::Exclusive)
            .work_formula(WorkFormula::Blelloch),
        scan_of<scan::BlellochPadded>()
            .title("Blelloch with conflict-free padding")
            .summary("a padding word every 32 words spreads the tree's strides over the banks")
            .source("kernels/algorithms/scan/04_blelloch_padded.cuh")
            .elems_per_thread(2)
            .smem(SmemRule::TwoPerThreadPadded)
            .layout(TileLayout::Padded)
            .natural_kind(ScanKind::Exclusive)
            .work_formula(WorkFormula::Blelloch),
        scan_of<scan::BrentKung>()
            .title("Brent-Kung")
            .summary("an up-sweep tree, then a distribution tree: inclusive, 2m - log2(m) - 2 "
                     "additions")
            .source("kernels/algorithms/scan/05_brent_kung.cuh")
            .elems_per_thread(2)
            .smem(SmemRule::TwoPerThread)
            .work_formula(WorkFormula::BrentKung),
        scan_of<scan::Sklansky>()
            .title("Sklansky: minimum depth")
            .summary("each upper half adds the last of its lower half: log2(m) deep, "
                     "(m/2)*log2(m) work")
            .source("kernels/algorithms/scan/06_sklansky.cuh")
            .elems_per_thread(2)
            .smem(SmemRule::TwoPerThread)
            .work_formula(WorkFormula::Sklansky),
        scan_of<scan::WarpShuffle>()
            .title("Warp shuffle (__shfl_up_sync)")
            .summary("warps scan registers with shuffles; one shared word per warp")
            .source("kernels/algorithms/scan/07_warp_shuffle.cuh")
            .smem(SmemRule::PerWarp)
            .layout(TileLayout::Registers)
            .work_formula(WorkFormula::WarpShuffle),
        scan_of<scan::ScanThenFan>()
            .title("Scan-then-fan (device-wide)")
            .summary("scan big tiles, scan their totals, add them back: every element moved 4 "
                     "times")
            .source("kernels/algorithms/scan/08_scan_then_fan.cuh")
            .elems_per_thread(8)
            .smem(SmemRule::TwoPerWarp)
            .layout(TileLayout::Registers),
        scan_of<scan::ReduceThenScan>()
            .title("Reduce-then-scan (device-wide)")
            .summary("sum the tiles, scan the totals, scan each tile from its prefix: moved 3 "
                     "times")
            .source("kernels/algorithms/scan/09_reduce_then_scan.cuh")
            .elems_per_thread(8)
            .smem(SmemRule::TwoPerWarp)
            .layout(TileLayout::Registers)
            .driver(ScanDriver::ReduceThenScan)
            .element_passes(3),
        scan_of<scan::DecoupledLookback>()
            .title("Single pass, decoupled look-back")
            .summary("tiles from a counter publish their sums and look back: one launch, moved "
                     "twice")
            .source("kernels/algorithms/scan/10_decoupled_lookback.cuh")
            .elems_per_thread(8)
            .smem(SmemRule::TwoPerWarpPlus2)
            .layout(TileLayout::Registers)
            .driver(ScanDriver::SinglePass)
            .dynamic_tiles()
            .element_passes(2),
        scan_of<scan::DecoupledLookbackVector>()
            .title("Single pass, closer to the copy: 16-byte loads, a warp looks back")
            .summary("32 elements a lane in 16-byte loads; a warp reads 32 tiles' status at once; "
                     "flag and value in one word")
            .source("kernels/algorithms/scan/11_decoupled_lookback_vector.cuh")
            .elems_per_thread(32)
            .smem(SmemRule::PerWarpPlus1)
            .layout(TileLayout::Registers)
            .driver(ScanDriver::SinglePass)
            .dynamic_tiles()
            .packed_status()
            .element_passes(2),
        scan_of<scan::WarpSmem>()
            .title("Warp scan in shared memory (volatile, lane checks)")
            .summary("each warp scans its 32 words Kogge-Stone style; lanes below the offset sit "
                     "out")
            .source("kernels/algorithms/scan/12_warp_smem.cuh")
            .smem(SmemRule::PerThreadPlusWarps)
            .work_formula(WorkFormula::WarpShuffle),
        scan_of<scan::WarpSmemZeroPad>()
            .title("Warp scan in shared memory, zero-padded")
            .summary("16 zeros before each warp's words: no lane checks, every lane adds at "
                     "every level")
            .source("kernels/algorithms/scan/13_warp_smem_zeropad.cuh")
            .smem(SmemRule::ZeroPaddedWarpRows)
            .layout(TileLayout::ZeroPadded)
            .work_formula(WorkFormula::WarpZeroPadded),
        scan_of<scan::WarpShufflePtx>()
            .title("Warp shuffle scan in inline PTX (shfl.up with its predicate)")
            .summary("the handbook's `shfl.up.b32 r|p; @p add`: the shuffle's own predicate "
                     "guards the add")
            .source("kernels/algorithms/scan/14_warp_shuffle_ptx.cuh")
            .smem(SmemRule::PerWarp)
            .layout(TileLayout::Registers)
            .work_formula(WorkFormula::WarpShuffle),
        scan_of<scan::ReduceThenScanTwoLevel>()
            .title("Two-level reduce-then-scan")
            .summary("1024 blocks each sum one span of tiles, one block scans the 1024 totals, "
                     "each span is scanned from its prefix: three launches for any n")
            .source("kernels/algorithms/scan/15_reduce_then_scan_2level.cuh")
            .elems_per_thread(8)
            .max_grid(1024)
            .smem(SmemRule::TwoPerWarp)
            .layout(TileLayout::Registers)
            .driver(ScanDriver::ReduceThenScanTwoLevel)
            .element_passes(3),
        scan_of<scan::CompactScan>()
            .title("Stream compaction: flags, their scan, a scatter")
            .summary("keep the elements > 0 in order: each one's place is the exclusive scan of "
                     "the keep flags (shuffles), tiles' counts by look-back")
            .source("kernels/algorithms/scan/16_compact_scan.cuh")
            .scan_op(ScanOp::CompactPositive)
            .elems_per_thread(16)
            .smem(SmemRule::PerWarpPlus3)
            .layout(TileLayout::Registers)
            .driver(ScanDriver::SinglePass)
            .dynamic_tiles()
            .packed_status()
            .element_passes(2),
        scan_of<scan::CompactBallot>()
            .title("Stream compaction with a warp vote")
            .summary("a row's places from one __ballot_sync and __popc of the bits below each "
                     "lane; kept elements stored side by side")
            .source("kernels/algorithms/scan/17_compact_ballot.cuh")
            .scan_op(ScanOp::CompactPositive)
            .elems_per_thread(16)
            .smem(SmemRule::PerWarpPlus3)
            .layout(TileLayout::Registers)
            .driver(ScanDriver::SinglePass)
            .dynamic_tiles()
            .packed_status()
            .element_passes(2),
        scan_of<scan::LookbackBlockIdx>()
            .title("Look-back with blockIdx tiles (can deadlock)")
            .summary("tile = blockIdx.x instead of a counter: waits for a block that may never "
                     "start")
            .source("kernels/algorithms/scan/18_lookback_blockidx.cuh")
            .elems_per_thread(8)
            .smem(SmemRule::TwoPerWarpPlus2)
            .layout(TileLayout::Registers)
            .driver(ScanDriver::SinglePass)
            .element_passes(2),
        scan_of<scan::LookbackFallback>()
            .title("Look-back with the decoupled fallback (SPAA 2025)")
            .summary("a block that waits too long sums the late tile itself: no block waits for "
                     "another to run")
            .source("kernels/algorithms/scan/19_lookback_fallback.cuh")
            .elems_per_thread(8)
            .smem(SmemRule::TwoPerWarpPlus2)
            .layout(TileLayout::Registers)
            .driver(ScanDriver::SinglePass)
            .element_passes(2),
        // 264 blocks: two an SM of an H100's or H200's 132, what PipelineScan picks on both in
        // this shape (kernels/cuda/pipeline_scan.cu; timed alone it may take another shape by
        // size); fixed, so that the plan does not depend on the device and the GPU and the
        // emulator run the same launch.
        scan_of<scan::pipeline::Pipeline>()
            .title("Hopper pipeline: copy engine, transaction barriers, warp roles")
            .summary("persistent blocks keep six 16 KB stages loading; a producer, an aggregator, "
                     "a look-back warp and four consumers")
            .source("kernels/algorithms/scan/20_pipeline.cuh")
            .block_rule(BlockRule::PipelineWarps)
            .tile_bytes(scan::pipeline::kStageBytes)
            .elems_per_thread(32)  // a consumer lane's 128 bytes of int; informative
            .smem(SmemRule::PipelineStages)
            .layout(TileLayout::Registers)
            .max_grid(264)
            .persistent()
            .driver(ScanDriver::SinglePass)
            .dynamic_tiles()
            .packed_status()
            .wide_status()
            .needs_sm(90, "bulk copies and transaction barriers", "scan-decoupled-lookback-vector",
                      "the single pass it rebuilds, without them")
            .element_passes(2),
        memory_of<memory::CopyScalar>()
            .title("Grid-stride copy, one element a lane")
            .summary("each lane loads and stores one element per loop turn: the yardstick")
            .source("kernels/algorithms/memory/01_copy_scalar.cuh"),
        memory_of<memory::CopyVector2>()
            .title("Copy with 8-byte vector accesses")
            .summary("each lane moves 8 bytes per instruction (int2, float2): half the "
                     "instructions")
            .source("kernels/algorithms/memory/02_copy_vector2.cuh")
            .elems_per_thread(2),
        memory_of<memory::CopyVector4>()
            .title("Copy with 16-byte vector accesses")
            .summary("each lane moves 16 bytes per instruction (int4, float4, double2): a "
                     "quarter of the instructions")
            .source("kernels/algorithms/memory/03_copy_vector4.cuh")
            .elems_per_thread(4),
        memory_of<memory::CopyStrided>()
            .title("Copy with strided lanes")
            .summary("neighbouring lanes touch elements `stride` apart: sectors per request "
                     "grow with the stride")
            .source("kernels/algorithms/memory/04_copy_strided.cuh")
            .takes_stride(),
        memory_of<memory::AosVsSoa>()
            .title("One field of an array of structures, then of a structure of arrays")
            .summary("x of {x, y, z}: 12 bytes between lanes (AoS) against 4 (SoA): the "
                     "sectors each wastes")
            .source("kernels/algorithms/memory/05_aos_vs_soa.cuh")
            .scan_op(ScanOp::FieldSums)
            .block_rule(BlockRule::PowerOfTwo32To1024)
            .element_passes(0),
        memory_of<memory::LoopDivergence>()
            .title("Loop divergence: each lane loops as its element says")
            .summary("0..31 trips a lane: the warp runs until its slowest lane finishes")
            .source("kernels/algorithms/memory/06_loop_divergence.cuh")
            .scan_op(ScanOp::LoopSums)
            .max_grid(0),
    };
    int steps[std::size(kFamilies)] = {};
    for (VariantInfo& v : rows) v.ladder_step = ++steps[static_cast<int>(v.family)];
    return rows;
}

}  // namespace ws
