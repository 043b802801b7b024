// Every scan variant, in ladder order, as one type list for the executors' dispatch tables.
#pragma once
#include <tuple>

#include "kernels/algorithms/scan/01_kogge_stone.cuh"
#include "kernels/algorithms/scan/02_kogge_stone_inplace.cuh"
#include "kernels/algorithms/scan/03_blelloch.cuh"
#include "kernels/algorithms/scan/04_blelloch_padded.cuh"
#include "kernels/algorithms/scan/05_brent_kung.cuh"
#include "kernels/algorithms/scan/06_sklansky.cuh"
#include "kernels/algorithms/scan/07_warp_shuffle.cuh"
#include "kernels/algorithms/scan/08_scan_then_fan.cuh"
#include "kernels/algorithms/scan/09_reduce_then_scan.cuh"
#include "kernels/algorithms/scan/10_decoupled_lookback.cuh"
#include "kernels/algorithms/scan/11_decoupled_lookback_vector.cuh"
#include "kernels/algorithms/scan/12_warp_smem.cuh"
#include "kernels/algorithms/scan/13_warp_smem_zeropad.cuh"
#include "kernels/algorithms/scan/14_warp_shuffle_ptx.cuh"
#include "kernels/algorithms/scan/15_reduce_then_scan_2level.cuh"
#include "kernels/algorithms/scan/16_compact_scan.cuh"
#include "kernels/algorithms/scan/17_compact_ballot.cuh"
#include "kernels/algorithms/scan/18_lookback_blockidx.cuh"
#include "kernels/algorithms/scan/19_lookback_fallback.cuh"
#include "kernels/algorithms/scan/20_pipeline.cuh"

namespace ws::scan {
using AllVariants =
    std::tuple<KoggeStone, KoggeStoneInplace, Blelloch, BlellochPadded, BrentKung, Sklansky,
               WarpShuffle, ScanThenFan, ReduceThenScan, DecoupledLookback, DecoupledLookbackVector,
               WarpSmem, WarpSmemZeroPad, WarpShufflePtx, ReduceThenScanTwoLevel, CompactScan,
               CompactBallot, LookbackBlockIdx, LookbackFallback, pipeline::Pipeline>;
}  // namespace ws::scan
