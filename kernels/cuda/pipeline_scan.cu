#include "kernels/cuda/pipeline_scan.hpp"

#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <string>
#include <utility>

#include "kernels/algorithms/scan/20_pipeline.cuh"
#include "kernels/algorithms/scan/compact_common.cuh"
#include "kernels/cuda/cuda_backend.hpp"

namespace ws::cuda {
namespace {
template <class T, bool kCompact>
struct PipelineTraits {
    using Value = scan::pipeline::TileValue<T, kCompact>;
    using Kernel = void (*)(const T*, T*, scan::TileStatus<Value>, unsigned, trace::ScanKind,
                            probe::NoProbe);
    static constexpr unsigned kWordsPerTile = scan::pipeline::status_words_per_tile(sizeof(Value));
    static constexpr const char* kId = kCompact ? kCompactPipelineId : kPipelineId;
};

// The kernel of one shape and its numbers.
struct ShapeLaunch {
    const void* kernel = nullptr;
    unsigned shared_bytes = 0, tile_elems = 0, threads = 0;
};

template <class T, bool kCompact, unsigned kStageCount, unsigned kBytesOfStage,
          unsigned kConsumers = scan::pipeline::kConsumerWarps>
ShapeLaunch launch_of_shape() {
    using S = scan::pipeline::Shape<unsigned(sizeof(T)), kStageCount, kBytesOfStage, kConsumers>;
    typename PipelineTraits<T, kCompact>::Kernel k =
        &scan::pipeline::scan_pipeline<T, probe::NoProbe, kCompact, S>;
    return {reinterpret_cast<const void*>(k), S::kSharedBytes, S::kTileElems, S::kThreads};
}

// The kernel of the shape c: every entry of pipeline_shape.hpp's kLaunchShapes is instantiated
// here, and nothing else.
template <class T, bool kCompact, std::size_t... I>
ShapeLaunch launch_of(scan::pipeline::ShapeChoice c, std::index_sequence<I...>) {
    namespace p = scan::pipeline;
    ShapeLaunch found;
    const bool built = ((c == p::kLaunchShapes[I]
                             ? (found = launch_of_shape<T, kCompact, p::kLaunchShapes[I].stages,
                                                        p::kLaunchShapes[I].stage_bytes,
                                                        p::kLaunchShapes[I].consumers>(),
                                true)
                             : false) ||
                        ...);
    if (!built)
        throw std::invalid_argument(std::to_string(c.stages) + " stages of " +
                                    std::to_string(c.stage_bytes) + " bytes and " +
                                    std::to_string(c.consumers) + " consumer warps: not a shape " +
                                    "the pipeline is built in (pipeline_shape.hpp, kLaunchShapes)");
    return found;
}
}  // namespace

template <class T, bool kCompact>
PipelineScan<T, kCompact>::PipelineScan(std::uint64_t n,
                                        std::optional<scan::pipeline::ShapeChoice> shape)
    : n_(n) {
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
    shape_ = shape ? *shape : scan::pipeline::shape_for(n, sizeof(T), kCompact);
    const ShapeLaunch launch = launch_of<T, kCompact>(
        shape_, std::make_index_sequence<std::size(scan::pipeline::kLaunchShapes)>{});
    kernel_ = launch.kernel;
    shared_bytes_ = launch.shared_bytes;
    threads_ = launch.threads;
    WS_CUDA(cudaFuncSetAttribute(kernel_, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 int(shared_bytes_)),
            P::kId);
    int per_sm = 0, sms = 0, device = 0;
    WS_CUDA(cudaGetDevice(&device), P::kId);
    WS_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), P::kId);
    WS_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel_, int(threads_),
                                                          shared_bytes_),
            P::kId);
    blocks_per_sm_ = unsigned(std::max(per_sm, 1));
    tiles_ = (n + launch.tile_elems - 1) / launch.tile_elems;
    grid_ =
        unsigned(std::min<std::uint64_t>(tiles_, std::uint64_t(blocks_per_sm_) * unsigned(sms)));
    ahead_ = scan::pipeline::tiles_ahead(tiles_, grid_, shape_.stages);
    // Two status areas taken in turn, each the tiles' words and the tile counter: a launch uses
    // one and zeroes the other (TileStatus::next), so no memset, a launch of its own, comes
    // before any launch but the first; both are zeroed here, once.
    // An area is a whole number of 16-byte words: 8-byte types load and store their status 16
    // bytes at a time, so the second area starts on a 16-byte boundary too.
    area_words_ = (tiles_ * P::kWordsPerTile + 1 + 1) / 2 * 2;
    words_.allocate(2 * area_words_, std::string(P::kId) + " tile status");
    WS_CUDA(cudaMemset(words_.get(), 0, 2 * area_words_ * 8), P::kId);
}

template <class T, bool kCompact>
void PipelineScan<T, kCompact>::run(const T* input, T* output, trace::ScanKind kind,
                                    cudaStream_t stream) {
    using P = PipelineTraits<T, kCompact>;
    if (n_ == 0) return;
    const std::uint64_t words = tiles_ * P::kWordsPerTile;
    unsigned long long* area = words_.get() + area_ * area_words_;
    unsigned long long* next = words_.get() + (1 - area_) * area_words_;
    scan::TileStatus<typename P::Value> status{reinterpret_cast<unsigned*>(area + words), nullptr,
                                               nullptr, nullptr, area};
    status.next = next;
    status.next_words = area_words_;
    const auto kernel = reinterpret_cast<typename P::Kernel>(kernel_);
    kernel<<<grid_, threads_, shared_bytes_, stream>>>(input, output, status, unsigned(n_), kind,
                                                       probe::NoProbe{});
    check_launch(P::kId, false);
    // Only a launch that started zeroes the other area: one refused leaves the turn where it was.
    last_area_ = area_;
    area_ = 1 - area_;
}

template <class T, bool kCompact>
std::uint64_t PipelineScan<T, kCompact>::kept_count() const {
    if (!kCompact || tiles_ == 0) return 0;
    unsigned long long last = 0;
    WS_CUDA(cudaMemcpy(&last, words_.get() + last_area_ * area_words_ + (tiles_ - 1), sizeof last,
                       cudaMemcpyDeviceToHost),
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
