// Every memory-family variant, in ladder order, as one type list; and ArrayVariants, the scans
// and the memory kernels together: the variants whose output is an array, run by the array
// executors (kernels/run/emulator_scan.cpp, kernels/cuda/scan_launch.cuh).
#pragma once
#include <tuple>

#include "kernels/algorithms/memory/01_copy_scalar.cuh"
#include "kernels/algorithms/memory/02_copy_vector2.cuh"
#include "kernels/algorithms/memory/03_copy_vector4.cuh"
#include "kernels/algorithms/memory/04_copy_strided.cuh"
#include "kernels/algorithms/memory/05_aos_vs_soa.cuh"
#include "kernels/algorithms/memory/06_loop_divergence.cuh"
#include "kernels/algorithms/scan/all.cuh"

namespace ws::memory {
using AllVariants =
    std::tuple<CopyScalar, CopyVector2, CopyVector4, CopyStrided, AosVsSoa, LoopDivergence>;
}  // namespace ws::memory

namespace ws {
using ArrayVariants = decltype(std::tuple_cat(std::declval<scan::AllVariants>(),
                                              std::declval<memory::AllVariants>()));
}  // namespace ws
