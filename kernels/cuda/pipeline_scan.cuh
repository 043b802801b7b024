// scan-pipeline (kernels/algorithms/scan/20_pipeline.cuh) device-wide: its tile status, a grid
// of as many blocks as the GPU holds at once (never more than there are tiles) and how many
// tiles each block loads ahead. Used by bench (its timing), the [gpu] tests and nothing else:
// the rung runs on the GPU only (the emulator does not model the copy engine).
#pragma once
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "kernels/algorithms/scan/20_pipeline.cuh"
#include "kernels/cuda/check.hpp"
#include "kernels/trace/scan_kind.hpp"

namespace ws::cuda {

inline constexpr const char* kPipelineId = "scan-pipeline";

template <class T>
class PipelineScan {
    using Shape = scan::pipeline::Shape<unsigned(sizeof(T))>;

  public:
    explicit PipelineScan(std::uint64_t n) : n_(n) {
        if (n > 0xffffffffull)
            throw std::invalid_argument(std::string(kPipelineId) + ": n = " + std::to_string(n) +
                                        " is more than 2^32 - 1 elements");
        auto kernel = &scan::pipeline::scan_pipeline<T>;
        WS_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     int(Shape::kSharedBytes)),
                kPipelineId);
        int per_sm = 0, sms = 0, device = 0;
        WS_CUDA(cudaGetDevice(&device), kPipelineId);
        WS_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), kPipelineId);
        WS_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                    &per_sm, kernel, scan::pipeline::kThreads, Shape::kSharedBytes),
                kPipelineId);
        blocks_per_sm_ = unsigned(std::max(per_sm, 1));
        tiles_ = scan::pipeline::tiles_of<sizeof(T)>(n);
        grid_ = unsigned(
            std::min<std::uint64_t>(tiles_, std::uint64_t(blocks_per_sm_) * unsigned(sms)));
        ahead_ = scan::pipeline::tiles_ahead(tiles_, grid_);
        words_.allocate(tiles_ * Shape::kStatusWordsPerTile + 1, "scan-pipeline tile status");
    }

    // Scans input (n elements) into output on `stream`, asynchronously.
    void run(const T* input, T* output, trace::ScanKind kind, cudaStream_t stream = 0) {
        if (n_ == 0) return;
        const std::uint64_t words = tiles_ * Shape::kStatusWordsPerTile;
        WS_CUDA(cudaMemsetAsync(words_.get(), 0, (words + 1) * 8, stream), kPipelineId);
        const scan::TileStatus<T> status{reinterpret_cast<unsigned*>(words_.get() + words), nullptr,
                                         nullptr, nullptr, words_.get()};
        scan::pipeline::scan_pipeline<T>
            <<<grid_, scan::pipeline::kThreads, Shape::kSharedBytes, stream>>>(
                input, output, status, unsigned(n_), kind, ahead_);
        check_launch(kPipelineId, false);
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
