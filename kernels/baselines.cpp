#include "kernels/baselines.hpp"

namespace ws {

const std::vector<Baseline>& baselines() {
    using K = BaselineKind;
    using L = BaselineLook;
    static const std::vector<Baseline> list = {
        {"copy", K::Ceiling, L::Copy, std::nullopt, false, true,
         "cudaMemcpyAsync device to device: reads and writes n elements", nullptr},
        {"read-only", K::Ceiling, L::ReadOnly, std::nullopt, false, true,
         "a streaming kernel that reads n elements with 16-byte loads and writes nothing", nullptr},
        {"cub-reduce", K::Library, L::Cub, Family::Reduce, true, true,
         "cub::DeviceReduce::Sum over n elements", nullptr},
        {"cub-scan", K::Library, L::Cub, Family::Scan, true, true,
         "cub::DeviceScan::InclusiveSum over n elements (ExclusiveSum when bench times "
         "exclusive scans)",
         nullptr},
        {"cub-select-if", K::Library, L::Cub, Family::Scan, false, true,
         "cub::DeviceSelect::If keeping the elements > 0, in order (stream compaction): reads n "
         "elements, writes the kept ones and their count",
         nullptr},
        {"scan-pipeline-by-size", K::GpuOnly, L::Plain, Family::Scan, false, true,
         "scan-pipeline (kernels/algorithms/scan/20_pipeline.cuh) in the stage count and size "
         "chosen by n (pipeline_shape.hpp's table, measured on an H200): the scan the lab sets "
         "beside CUB at every size; the catalog's rung keeps six 16 KB stages",
         "cub-scan", "scan-pipeline"},
        {"compact-pipeline", K::GpuOnly, L::Plain, Family::Scan, false, true,
         "scan-pipeline (kernels/algorithms/scan/20_pipeline.cuh) as a stream compaction keeping "
         "the elements > 0 in order, in the stage count and size chosen by n, beside "
         "cub::DeviceSelect::If; not in the catalog, so timed here rather than stepped through",
         kCompactionLibrary, "scan-pipeline"},
        {"reduce-one-launch", K::GpuOnly, L::Plain, Family::Reduce, false, true,
         "reduce-vector-atomic (kernels/algorithms/reduce/10_vector_atomic.cuh) with no memset "
         "before it: each launch adds into one of two words and zeroes the other, the one the "
         "next launch adds into; the reduction the lab sets beside the read-only stream",
         "cub-reduce", "reduce-vector-atomic"},
        {"thrust-reduce", K::Library, L::Thrust, Family::Reduce, false, false,
         "thrust::reduce over n elements (its result copied back to the host)", nullptr},
        // The lecture's fusion lesson: the sum of squares, unfused and fused.
        {"thrust-transform-then-reduce", K::Library, L::Thrust, Family::Reduce, false, false,
         "the sum of squares as the lecture's unfused code: a temporary device_vector (cudaMalloc, "
         "n elements zeroed, cudaFree), thrust::transform into it, thrust::reduce over it: 4n "
         "elements moved",
         nullptr},
        {"thrust-transform-then-reduce-kept", K::Library, L::Thrust, Family::Reduce, false, false,
         "the same with the temporary made once and kept: transform reads and writes n, reduce "
         "reads n: 3n elements moved",
         nullptr},
        {"thrust-transform-reduce", K::Library, L::Thrust, Family::Reduce, false, false,
         "the sum of squares fused: thrust::transform_reduce reads n elements once", nullptr},
        {"plain-sequential", K::Plain, L::Plain, Family::Reduce, false, false,
         "reduce-sequential written in plain CUDA, without the recording vocabulary", nullptr},
        {"plain-warp-shuffle", K::Plain, L::Plain, Family::Reduce, false, false,
         "reduce-warp-shuffle written in plain CUDA, without the recording vocabulary", nullptr},
    };
    return list;
}

const Baseline* find_baseline(std::string_view name) {
    for (const Baseline& b : baselines())
        if (name == b.name) return &b;
    return nullptr;
}

const Baseline& reference_baseline(Family f) {
    for (const Baseline& b : baselines())
        if (b.reference && b.family == f) return b;
    return baselines().front();
}

const Baseline& reference_for(const VariantInfo& v) {
    if (v.scan_op == ScanOp::CompactPositive) return *find_baseline(kCompactionLibrary);
    if (v.family == Family::Memory) return *find_baseline(kMemoryReference);
    return reference_baseline(v.family);
}

}  // namespace ws
