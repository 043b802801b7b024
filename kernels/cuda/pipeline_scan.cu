#include "kernels/cuda/pipeline_scan.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "kernels/algorithms/scan/20_pipeline.cuh"
#include "kernels/algorithms/scan/compact_common.cuh"
#include "kernels/cuda/cuda_backend.hpp"

namespace ws::cuda {
namespace {
template <class T, bool kCompact>
struct PipelineTraits {
    using Shape = scan::pipeline::Shape<unsigned(sizeof(T))>;
    using Value = scan::pipeline::TileValue<T, kCompact>;
    static constexpr unsigned kWordsPerTile = scan::pipeline::status_words_per_tile(sizeof(Value));
    static constexpr const char* kId = kCompact ? kCompactPipelineId : kPipelineId;
};
}  // namespace

template <class T, bool kCompact>
PipelineScan<T, kCompact>::PipelineScan(std::uint64_t n) : n_(n) {
    using P = PipelineTraits<T, kCompact>;
    // Where this GPU or this build's code lacks the copy engine's instructions: one line, no
    // launch (the kernel traps there).
    DeviceInfo facts;
    if (query_device(facts).empty())
        if (const VariantInfo* v = find_variant(kPipelineId))
            if (std::string why = run::gpu_refusal(*v, gpu_facts(facts), P::kId); !why.empty())
                throw std::invalid_argument(why);
    if (n > 0xffffffffull)
        throw std::invalid_argument(std::string(P::kId) + ": n = " + std::to_string(n) +
                                    " is more than 2^32 - 1 elements");
    auto kernel = &scan::pipeline::scan_pipeline<T, probe::NoProbe, kCompact>;
    WS_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 int(P::Shape::kSharedBytes)),
            P::kId);
    int per_sm = 0, sms = 0, device = 0;
    WS_CUDA(cudaGetDevice(&device), P::kId);
    WS_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), P::kId);
    WS_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, scan::pipeline::kThreads,
                                                          P::Shape::kSharedBytes),
            P::kId);
    blocks_per_sm_ = unsigned(std::max(per_sm, 1));
    tiles_ = scan::pipeline::tiles_of<sizeof(T)>(n);
    grid_ =
        unsigned(std::min<std::uint64_t>(tiles_, std::uint64_t(blocks_per_sm_) * unsigned(sms)));
    ahead_ = scan::pipeline::tiles_ahead(tiles_, grid_);
    words_.allocate(tiles_ * P::kWordsPerTile + 1, std::string(P::kId) + " tile status");
}

template <class T, bool kCompact>
void PipelineScan<T, kCompact>::run(const T* input, T* output, trace::ScanKind kind,
                                    cudaStream_t stream) {
    using P = PipelineTraits<T, kCompact>;
    if (n_ == 0) return;
    const std::uint64_t words = tiles_ * P::kWordsPerTile;
    WS_CUDA(cudaMemsetAsync(words_.get(), 0, (words + 1) * 8, stream), P::kId);
    const scan::TileStatus<typename P::Value> status{
        reinterpret_cast<unsigned*>(words_.get() + words), nullptr, nullptr, nullptr, words_.get()};
    scan::pipeline::scan_pipeline<T, probe::NoProbe, kCompact>
        <<<grid_, scan::pipeline::kThreads, P::Shape::kSharedBytes, stream>>>(
            input, output, status, unsigned(n_), kind, probe::NoProbe{});
    check_launch(P::kId, false);
}

template <class T, bool kCompact>
std::uint64_t PipelineScan<T, kCompact>::kept_count() const {
    if (!kCompact || tiles_ == 0) return 0;
    unsigned long long last = 0;
    WS_CUDA(cudaMemcpy(&last, words_.get() + (tiles_ - 1), sizeof last, cudaMemcpyDeviceToHost),
            std::string(PipelineTraits<T, kCompact>::kId) + " (its count)");
    return scan::compacted_count(&last, 1);
}

template class PipelineScan<int, false>;
template class PipelineScan<float, false>;
template class PipelineScan<double, false>;
template class PipelineScan<int, true>;
template class PipelineScan<float, true>;
template class PipelineScan<double, true>;

}  // namespace ws::cuda
