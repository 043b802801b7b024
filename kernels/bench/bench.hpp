// `warpscope bench`: every variant timed on the GPU beside the baselines a reader needs to judge
// it (a device-to-device copy, a read-only streaming kernel, CUB's reduce and scan, Thrust's
// reduce, and two variants written without the vocabulary), as GB/s over the bytes each declares.
// Scans run device-wide and inclusive; their bytes are what their plan moves (bytes_moved:
// about 4n for scan-then-fan, 3n for reduce-then-scan, 2n for the look-back; CUB's 2n).
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/run/backend.hpp"
#include "kernels/trace/dtype.hpp"

namespace ws::bench {

using BenchPoint = run::MeasuredPoint;

struct BenchConfig : run::SweepRequest {
    run::SweepProgress progress;  // after each point
    const std::atomic<bool>* cancel = nullptr;
};

// The points measured, partial (with `error` saying why) when it stopped early.
run::Measurements run_bench(const BenchConfig& config);

// Points run_bench times for each size: the variants asked for, then (with baselines) every
// baseline of kernels/baselines.hpp.
std::size_t points_per_size(const BenchConfig& config);
// What a sweep of `config` skips on device 0, one line each: what this GPU or this build's code
// for it cannot run (kernels/run/gpu_support.hpp); points_per_size leaves them out.
std::vector<std::string> skipped_here(const BenchConfig& config);
// Baselines of kernels/baselines.hpp that bench cannot time (none, or a test fails).
std::vector<std::string> baselines_without_timer();

}  // namespace ws::bench
