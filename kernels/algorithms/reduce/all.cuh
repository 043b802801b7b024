// Every reduction variant, in ladder order, as one type list for the executors' dispatch tables.
#pragma once
#include <tuple>

#include "kernels/algorithms/reduce/01_interleaved_divergent.cuh"
#include "kernels/algorithms/reduce/02_interleaved_strided.cuh"
#include "kernels/algorithms/reduce/03_sequential.cuh"
#include "kernels/algorithms/reduce/04_first_add.cuh"
#include "kernels/algorithms/reduce/05_unroll_last_warp.cuh"
#include "kernels/algorithms/reduce/06_unroll_last_warp_legacy.cuh"
#include "kernels/algorithms/reduce/07_complete_unroll.cuh"
#include "kernels/algorithms/reduce/08_multi_element.cuh"
#include "kernels/algorithms/reduce/09_warp_shuffle.cuh"
#include "kernels/algorithms/reduce/10_vector_atomic.cuh"
#include "kernels/algorithms/reduce/11_atomic_global.cuh"
#include "kernels/algorithms/reduce/12_atomic_warp.cuh"
#include "kernels/algorithms/reduce/13_atomic_block.cuh"
#include "kernels/algorithms/reduce/14_atomic_cas.cuh"
#include "kernels/algorithms/reduce/15_single_pass.cuh"
#include "kernels/algorithms/reduce/16_minmax_avg.cuh"
#include "kernels/algorithms/reduce/17_predicate_count.cuh"
#include "kernels/algorithms/reduce/18_spinlock.cuh"
#include "kernels/algorithms/reduce/19_spinlock_warp.cuh"

namespace ws::reduce {
using AllVariants =
    std::tuple<InterleavedDivergent, InterleavedStrided, Sequential, FirstAdd, UnrollLastWarp,
               UnrollLastWarpLegacy, CompleteUnroll, MultiElement, WarpShuffle, VectorAtomic,
               AtomicGlobal, AtomicWarp, AtomicBlock, AtomicCas, SinglePass, MinMaxAvg,
               PredicateCount, Spinlock, SpinlockWarp>;
}  // namespace ws::reduce
