// `warpscope bench --multi-gpu` (issue 20): the all-reduce across every GPU of the machine, timed
// for NCCL (all-reduce, reduce-scatter, all-gather: one process, ncclCommInitAll) beside the
// hand-written ring and the naive gather-to-GPU-0 (ring_plan.hpp), each checked on random data.
// Plain C++: a build with CUDA and NCCL registers the runner (kernels/multi_gpu); without them
// the command says so in one line.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/multi/ring_plan.hpp"
#include "kernels/trace/dtype.hpp"

namespace ws::multi {

// The algorithms timed, as the points name them.
inline constexpr const char* kNcclAllReduce = "nccl-all-reduce";
inline constexpr const char* kNcclReduceScatter = "nccl-reduce-scatter";
inline constexpr const char* kNcclAllGather = "nccl-all-gather";
inline constexpr const char* kHandRing = "ring";    // all-reduce, ring_plan's steps, peer reads
inline constexpr const char* kHandNaive = "naive";  // all-reduce, naive_plan's steps

struct MultiGpuPoint {
    std::string algo;     // one of the names above
    std::string type;     // "int", "float", "double"
    std::uint64_t n = 0;  // elements of each GPU's array
    unsigned gpus = 0;
    double ms = 0;  // median over the runs; a run's time is its slowest GPU's
    double ms_min = 0, ms_max = 0;
    unsigned reps = 0;
    double algbw_gbps = 0, busbw_gbps = 0;  // nccl-tests' definitions (ring_plan.hpp)
    bool ok = false;                        // every GPU's result matched the CPU's
    std::string why;                        // when not ok: the first difference, or the error
    // The hand ring's steps, timed on GPU 0 in one more run (ms each); empty for the others.
    std::vector<double> step_ms;
    // NCCL's points: the algorithm and protocol the run forced through NCCL_ALGO and NCCL_PROTO
    // ("Ring/LL", "Tree/default"); "" where NCCL chose (its default tuning).
    std::string nccl_choice;
};

// "Ring/LL" from NCCL_ALGO and NCCL_PROTO as this process has them ("default" for one unset);
// "" when neither is set.
std::string nccl_choice_from_environment();

struct MultiGpuMeasurements {
    std::vector<std::string> devices;             // one name per GPU, in ring order
    std::string date, nccl_version, peer_access;  // peer_access: "every pair", or what is not
    int driver_version = 0, runtime_version = 0;
    std::string timing;  // how the times were taken, in one line
    std::vector<MultiGpuPoint> points;
    std::string error;  // non-empty: stopped early (fewer than 2 GPUs, a CUDA or NCCL error)
};

struct MultiGpuBenchRequest {
    std::vector<std::uint64_t> sizes;  // elements of each GPU's array
    trace::DType type = trace::DType::Float32;
    unsigned gpus = 0;  // 0: every GPU
};

using MultiGpuBench = MultiGpuMeasurements (*)(const MultiGpuBenchRequest&);
void register_multi_gpu_bench(MultiGpuBench bench);
// The registered runner, or nullptr in a build without CUDA and NCCL.
MultiGpuBench multi_gpu_bench();

// The collective a point measured (the hand ring and naive are all-reduces).
Collective collective_of(const std::string& algo);

std::string multi_gpu_json(const MultiGpuMeasurements& m);
// Reads what multi_gpu_json wrote (assets/measurements/multi-gpu/); "" or one line saying what
// is wrong with it.
std::string parse_multi_gpu(const std::string& text, MultiGpuMeasurements& out);
// One line a point: "nccl-all-reduce  float n=268435456  3.3300 ms  algbw 322.4 GB/s  busbw
// 322.4 GB/s  ok".
std::string multi_gpu_line(const MultiGpuPoint& p);

}  // namespace ws::multi
