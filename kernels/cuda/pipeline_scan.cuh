// scan-pipeline and compact-pipeline (kernels/algorithms/scan/20_pipeline.cuh) device-wide: the
// tile status, a grid of as many blocks as the GPU holds at once (never more than there are
// tiles) and how many tiles each block loads ahead. Used by bench (its timing), the [gpu] tests
// and nothing else: the rung runs on the GPU only (the emulator does not model the copy engine).
#pragma once
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "kernels/algorithms/scan/20_pipeline.cuh"
#include "kernels/algorithms/scan/compact_common.cuh"
#include "kernels/cuda/check.hpp"
#include "kernels/trace/scan_kind.hpp"

namespace ws::cuda {

inline constexpr const char* kPipelineId = "scan-pipeline";
inline constexpr const char* kCompactPipelineId = "compact-pipeline";

// kCompact: keeps the elements > 0 in order (kept_count() after the run) instead of scanning.
template <class T, bool kCompact = false>
class PipelineScan {
    using Shape = scan::pipeline::Shape<unsigned(sizeof(T))>;
    using Value = scan::pipeline::TileValue<T, kCompact>;
    static constexpr unsigned kWordsPerTile = sizeof(Value) <= scan::kValueInWordBytes ? 1 : 2;
    static constexpr const char* kId = kCompact ? kCompactPipelineId : kPipelineId;

  public:
    explicit PipelineScan(std::uint64_t n) : n_(n) {
        if (n > 0xffffffffull)
            throw std::invalid_argument(std::string(kId) + ": n = " + std::to_string(n) +
                                        " is more than 2^32 - 1 elements");
        auto kernel = &scan::pipeline::scan_pipeline<T, kCompact>;
        WS_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     int(Shape::kSharedBytes)),
                kId);
        int per_sm = 0, sms = 0, device = 0;
        WS_CUDA(cudaGetDevice(&device), kId);
        WS_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), kId);
        WS_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                    &per_sm, kernel, scan::pipeline::kThreads, Shape::kSharedBytes),
                kId);
        blocks_per_sm_ = unsigned(std::max(per_sm, 1));
        tiles_ = scan::pipeline::tiles_of<sizeof(T)>(n);
        grid_ = unsigned(
            std::min<std::uint64_t>(tiles_, std::uint64_t(blocks_per_sm_) * unsigned(sms)));
        ahead_ = scan::pipeline::tiles_ahead(tiles_, grid_);
        words_.allocate(tiles_ * kWordsPerTile + 1, "scan-pipeline tile status");
    }

    // Scans input (n elements) into output on `stream`, asynchronously.
    void run(const T* input, T* output, trace::ScanKind kind, cudaStream_t stream = 0) {
        if (n_ == 0) return;
        const std::uint64_t words = tiles_ * kWordsPerTile;
        WS_CUDA(cudaMemsetAsync(words_.get(), 0, (words + 1) * 8, stream), kId);
        const scan::TileStatus<Value> status{reinterpret_cast<unsigned*>(words_.get() + words),
                                             nullptr, nullptr, nullptr, words_.get()};
        scan::pipeline::scan_pipeline<T, kCompact>
            <<<grid_, scan::pipeline::kThreads, Shape::kSharedBytes, stream>>>(
                input, output, status, unsigned(n_), kind, ahead_);
        check_launch(kId, false);
    }

    // A compaction's count once its run has finished (the last tile's inclusive count).
    std::uint64_t kept_count() const {
        if constexpr (!kCompact) {
            return 0;
        } else {
            if (tiles_ == 0) return 0;
            unsigned long long last = 0;
            WS_CUDA(
                cudaMemcpy(&last, words_.get() + (tiles_ - 1), sizeof last, cudaMemcpyDeviceToHost),
                std::string(kId) + " (its count)");
            return scan::compacted_count(&last, 1);
        }
    }

    unsigned grid() const { return grid_; }
    unsigned blocks_per_sm() const { return blocks_per_sm_; }
    unsigned ahead() const { return ahead_; }

  private:
    std::uint64_t n_, tiles_ = 0;
    unsigned grid_ = 0, blocks_per_sm_ = 0, ahead_ = 0;
    DeviceBuffer<unsigned long long> words_;
};

}  // namespace ws::cuda
