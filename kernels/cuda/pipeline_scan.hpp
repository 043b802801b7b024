// scan-pipeline and compact-pipeline (kernels/algorithms/scan/20_pipeline.cuh) device-wide: the
// shape (by default the one pipeline_shape.hpp's table chooses for n: its stage count and size),
// the tile status, a grid of as many blocks as the GPU holds at once (never more than there are
// tiles) and how many tiles each block loads ahead. Used by bench for compact-pipeline and
// scan-pipeline-by-size (GPU only) and by the [gpu] tests; the catalog's scan-pipeline runs
// through its plan (FastScan) in the catalog's shape.
// The members are defined once, in pipeline_scan.cu (int, float and double): the kernel's
// shared-memory limit is raised in the constructor and the kernel launched in run(), and with
// the template's members inline in several files the linker may keep a constructor from one
// file and a run() from another, each with that file's own copy of the kernel.
#pragma once
#include <cstdint>
#include <optional>

#include "kernels/algorithms/scan/pipeline_shape.hpp"
#include "kernels/cuda/check.hpp"
#include "kernels/trace/scan_kind.hpp"

namespace ws::cuda {

inline constexpr const char* kPipelineId = "scan-pipeline";
inline constexpr const char* kCompactPipelineId = "compact-pipeline";

// kCompact: keeps the elements > 0 in order (kept_count() after the run) instead of scanning.
template <class T, bool kCompact = false>
class PipelineScan {
  public:
    // Throws std::invalid_argument past 2^32 - 1 elements, CudaError on a CUDA failure.
    // `shape`: one of pipeline_shape.hpp's kLaunchShapes; by default the one its table chooses
    // for n.
    explicit PipelineScan(std::uint64_t n,
                          std::optional<scan::pipeline::ShapeChoice> shape = std::nullopt);
    // Scans (or compacts) input, n elements, into output on `stream`, asynchronously: one launch,
    // with no memset before it. Runs on one stream at a time (each launch readies the next's
    // status).
    void run(const T* input, T* output, trace::ScanKind kind, cudaStream_t stream = 0);
    // A compaction's count once its run has finished (the last tile's inclusive count); 0 for
    // a scan.
    std::uint64_t kept_count() const;

    unsigned grid() const { return grid_; }
    unsigned blocks_per_sm() const { return blocks_per_sm_; }
    unsigned ahead() const { return ahead_; }
    scan::pipeline::ShapeChoice shape() const { return shape_; }

  private:
    std::uint64_t n_, tiles_ = 0;
    unsigned grid_ = 0, blocks_per_sm_ = 0, ahead_ = 0, shared_bytes_ = 0, threads_ = 0;
    scan::pipeline::ShapeChoice shape_;
    const void* kernel_ = nullptr;
    // Two status areas of area_words_ each: run() uses area_ and zeroes the other.
    DeviceBuffer<unsigned long long> words_;
    std::uint64_t area_words_ = 0;
    unsigned area_ = 0, last_area_ = 0;
};

}  // namespace ws::cuda
