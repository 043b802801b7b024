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
#include "kernels/trace/dtype.hpp"

namespace ws::bench {

struct BenchPoint {
    std::string algo;  // a catalog id or a baseline's name (kernels/baselines.hpp)
    std::string type;
    std::uint64_t n = 0;
    std::uint64_t bytes = 0;  // bytes the operation must move, as declared
    double ms = 0;            // median
    double ms_min = 0, ms_max = 0;
    double gbps = 0;
    unsigned reps = 0;
    bool l2_resident = false;  // the rotated inputs still fit in L2: not a DRAM figure
    bool ok = true;            // the result matched the CPU reference (variants and CUB)
};

struct BenchConfig {
    std::vector<std::string> algos;  // catalog ids; empty: all
    trace::DType type = trace::DType::Int32;
    std::vector<std::uint64_t> sizes;
    bool baselines = true;
    std::function<void(const std::string&)> progress;  // one line per point
    const std::atomic<bool>* cancel = nullptr;
};

struct BenchResult {
    cuda::DeviceInfo device;
    std::string date;
    std::vector<BenchPoint> points;
    std::string error;  // non-empty: the run stopped (no device, a CUDA error, cancelled)
};

BenchResult run_bench(const BenchConfig& config);
std::string bench_json(const BenchResult& r);  // the file assets/measurements/*.json holds

// Points run_bench times for each size: the variants asked for, then (with baselines) every
// baseline of kernels/baselines.hpp.
std::size_t points_per_size(const BenchConfig& config);
// Baselines of kernels/baselines.hpp that bench cannot time (none, or a test fails).
std::vector<std::string> baselines_without_timer();

// The window's live sweep: run_bench with its progress told as the fraction of points done
// (0..1) and the last point's line. Returns the measurements' JSON, partial when stopped early,
// "" when nothing was measured; `error` says why it stopped ("cancelled", no device, a CUDA
// error).
using SweepProgress = std::function<void(double fraction, const std::string& line)>;
std::string sweep_json(BenchConfig config, const SweepProgress& progress, std::string* error);

}  // namespace ws::bench
