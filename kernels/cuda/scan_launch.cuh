// Launching the scan variants (and the memory family, which runs through the same plans) on the
// GPU: a whole device-wide run with the unprobed kernels (the launches of its plan,
// kernels/scan_plan.hpp, ready to be timed), and its traced launch again with a recording probe.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "kernels/algorithms/memory/all.cuh"
#include "kernels/algorithms/visit_variant.hpp"
#include "kernels/catalog.hpp"
#include "kernels/cuda/check.hpp"
#include "kernels/cuda/gpu_probe.cuh"
#include "kernels/cuda/launch_kernel.cuh"
#include "kernels/scan_plan.hpp"

namespace ws::cuda {

template <class T>
struct ScanKernelSet {
    scan::ScanKernels<T, probe::NoProbe> fast;
    scan::ScanKernels<T, GpuProbe> traced;
    bool found = false;
};

template <class T>
ScanKernelSet<T> scan_kernels(const std::string& id, unsigned block) {
    ScanKernelSet<T> k;
    k.found = visit_variant<ArrayVariants>(id, [&](auto* variant) {
        using V = std::remove_pointer_t<decltype(variant)>;
        k.fast = V::template kernels<T, probe::NoProbe>(block);
        k.traced = V::template kernels<T, GpuProbe>(block);
    });
    return k;
}

template <class T>
class FastScan {
  public:
    // `stride`: the request's, for the memory family's copy-strided (1 elsewhere).
    FastScan(const VariantInfo& info, std::uint64_t n, unsigned block, trace::ScanKind kind,
             unsigned stride = 1)
        : FastScan(info, n, block, kind, stride, scan_kernels<T>(info.id, block)) {}
    // With kernels from elsewhere (a student's, compiled by NVRTC: kernels/cuda/user_kernel.cu).
    FastScan(const VariantInfo& info, std::uint64_t n, unsigned block, trace::ScanKind kind,
             unsigned stride, const ScanKernelSet<T>& kernels)
        : info_(info),
          stride_(stride),
          plan_(scan_plan(info, n, block, trace::dtype_of<T>(), kind)),
          kernels_(kernels) {
        if (!kernels_.found)
            throw CudaError(cudaErrorInvalidValue, std::string(info.id) + ": no kernel");
        scratch_.resize(plan_.scratch.size());
        for (std::size_t i = 0; i < scratch_.size(); ++i)
            scratch_[i].allocate(plan_.scratch[i], "tile totals");
        if (plan_.status_tiles) {  // the counter after the flags: one memset zeroes both
            if (info.packed_status)
                words_.allocate(plan_.status_words + 1, "tile status");
            else
                flags_.allocate(plan_.status_tiles + 1, "tile flags");
            // Else the values are in the words (4-byte types, or a wide status).
            if (!info.packed_status || (sizeof(T) > scan::kValueInWordBytes && !info.wide_status)) {
                aggregate_.allocate(plan_.status_tiles, "tile aggregates");
                inclusive_.allocate(plan_.status_tiles, "tile prefixes");
            }
        }
    }

    // Launches every kernel of the plan on `stream` (asynchronously): `output` (n elements)
    // receives the scan of `input`.
    void run(const T* input, T* output, cudaStream_t stream = 0) {
        input_ = input;
        output_ = output;
        for (const ScanLaunch& l : plan_.launches)
            launch(l, kernels_.fast, probe::NoProbe{}, stream);
    }

    // The traced launch of the last run() again, with a recording probe, on the default stream.
    void launch_traced(const GpuProbe& probe) {
        launch(plan_.launches[plan_.traced], kernels_.traced, probe, 0);
    }
    // The same launch with the unprobed kernel (the one the hardware counters count).
    void launch_traced_unprobed() {
        launch(plan_.launches[plan_.traced], kernels_.fast, probe::NoProbe{}, 0);
    }

    const ScanPlan& plan() const { return plan_; }

    // A compaction's count, once its run has finished: the inclusive count the last tile
    // published (scan::compacted_count). 0 for the other variants.
    std::uint64_t kept_count() const {
        if (info_.scan_op != ScanOp::CompactPositive || plan_.status_tiles == 0) return 0;
        unsigned long long last = 0;
        WS_CUDA(cudaMemcpy(&last, words_.get() + (plan_.status_tiles - 1), sizeof last,
                           cudaMemcpyDeviceToHost),
                std::string(info_.id) + " (its count)");
        return scan::compacted_count(&last, 1);
    }

  private:
    T* buffer(int id) const {
        if (id == kInputBuffer) return const_cast<T*>(input_);
        if (id == kOutputBuffer) return output_;
        if (id == kNoBuffer) return nullptr;
        return scratch_[id - 2].get();
    }

    template <class Probe>
    void launch(const ScanLaunch& l, const scan::ScanKernels<T, Probe>& k, Probe probe,
                cudaStream_t stream) {
        const T* in = buffer(l.in);
        T* out = buffer(l.out);
        T* aux = buffer(l.aux);
        const unsigned n = unsigned(l.count);
        switch (l.step) {
            case ScanStep::TileScan:
                launch_kernel(k.tile, l.grid, l.block, l.smem_bytes, stream, in, out, aux, n,
                              l.kind, probe);
                break;
            case ScanStep::AddPrefix:
                scan::scan_add_tile_prefix<T>
                    <<<l.grid, l.block, 0, stream>>>(out, aux, n, plan_.tile);
                break;
            case ScanStep::TileReduce:
                launch_kernel(k.reduce, l.grid, l.block, l.smem_bytes, stream, in, out, n, probe);
                break;
            case ScanStep::SeededScan:
                launch_kernel(k.seeded, l.grid, l.block, l.smem_bytes, stream, in, out, aux, n,
                              l.kind, probe);
                break;
            case ScanStep::SinglePass: {
                const std::uint64_t tiles = plan_.status_tiles;
                scan::TileStatus<T> status{nullptr, nullptr, aggregate_.get(), inclusive_.get(),
                                           nullptr};
                if (info_.packed_status) {
                    status.words = words_.get();
                    status.counter = reinterpret_cast<unsigned*>(words_.get() + plan_.status_words);
                    WS_CUDA(cudaMemsetAsync(words_.get(), 0, words_.size() * 8, stream), info_.id);
                } else {
                    status.flags = flags_.get();
                    status.counter = flags_.get() + tiles;
                    WS_CUDA(cudaMemsetAsync(flags_.get(), 0, flags_.size() * 4, stream), info_.id);
                }
                launch_kernel(k.single_pass, l.grid, l.block, l.smem_bytes, stream, in, out, status,
                              n, l.kind, probe);
                break;
            }
            case ScanStep::Map:
                if (plan_.zeroed_outputs)  // what its atomics add into
                    WS_CUDA(cudaMemsetAsync(out, 0, plan_.zeroed_outputs * sizeof(T), stream),
                            info_.id);
                launch_kernel(k.map, l.grid, l.block, l.smem_bytes, stream, in, out, n, stride_,
                              probe);
                break;
        }
        check_launch(std::string(info_.id) + " (" + scan_step_name(l.step) + ")", false);
    }

    const VariantInfo& info_;
    unsigned stride_;
    ScanPlan plan_;
    ScanKernelSet<T> kernels_;
    std::vector<DeviceBuffer<T>> scratch_;
    DeviceBuffer<unsigned> flags_;
    DeviceBuffer<unsigned long long> words_;
    DeviceBuffer<T> aggregate_, inclusive_;
    const T* input_ = nullptr;
    T* output_ = nullptr;
};

}  // namespace ws::cuda
