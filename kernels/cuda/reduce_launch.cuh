// Launching the reduction variants on the GPU: the kernel table for a variant id, and a whole
// device-wide reduction (every pass) with the unprobed kernels, ready to be timed.
#pragma once
#include <string>
#include <tuple>

#include "kernels/algorithms/reduce/all.cuh"
#include "kernels/catalog.hpp"
#include "kernels/cuda/check.hpp"
#include "kernels/cuda/gpu_probe.cuh"

namespace ws::cuda {

template <class T>
struct ReduceKernels {
    reduce::ReduceKernel<T, probe::NoProbe> fast = nullptr;
    reduce::ReduceKernel<T, GpuProbe> traced = nullptr;
};

namespace detail {
template <class T, class... Variants>
ReduceKernels<T> find_kernels(std::tuple<Variants...>*, const std::string& id, unsigned block) {
    ReduceKernels<T> k;
    auto try_one = [&](auto* tag) {
        using V = std::remove_pointer_t<decltype(tag)>;
        if (id != V::id) return false;
        k.fast = V::template kernel<T, probe::NoProbe>(block);
        k.traced = V::template kernel<T, GpuProbe>(block);
        return true;
    };
    (try_one(static_cast<Variants*>(nullptr)) || ...);
    return k;
}
}  // namespace detail

template <class T>
ReduceKernels<T> reduce_kernels(const std::string& id, unsigned block) {
    return detail::find_kernels<T>(static_cast<reduce::AllVariants*>(nullptr), id, block);
}

// A device-wide reduction with the unprobed kernels: `run()` launches every pass on `stream`
// (asynchronously) and leaves the sum in result(). Scratch buffers are allocated once.
template <class T>
class FastReduction {
  public:
    FastReduction(const VariantInfo& info, std::uint64_t n, unsigned block)
        : info_(info), n_(n), block_(block) {
        kernel_ = reduce_kernels<T>(info.id, block).fast;
        if (!kernel_) throw CudaError(cudaErrorInvalidValue, std::string(info.id) + ": no kernel");
        const unsigned grid = grid_for(info, n, block);
        a_.allocate(grid, "partial sums");
        b_.allocate(grid_for(info, grid, block), "partial sums");
        smem_ = smem_bytes_for(info, block, type_of());
    }

    // Launches every pass reading `input` (n elements).
    void run(const T* input, cudaStream_t stream = 0) {
        std::uint64_t n = n_;
        const T* in = input;
        T* buffers[2] = {a_.get(), b_.get()};  // passes write to a, b, a, b, ...
        int w = 0;
        do {
            const unsigned grid = grid_for(info_, n, block_);
            kernel_<<<grid, block_, smem_, stream>>>(in, buffers[w], unsigned(n), probe::NoProbe{});
            check_launch(info_.id, false);
            in = result_ = buffers[w];
            w ^= 1;
            n = grid;
        } while (n > 1);
    }
    const T* result() const { return result_; }

  private:
    static trace::DType type_of() {
        if constexpr (std::is_same_v<T, int>) return trace::DType::Int32;
        if constexpr (std::is_same_v<T, float>) return trace::DType::Float32;
        return trace::DType::Float64;
    }
    const VariantInfo& info_;
    std::uint64_t n_;
    unsigned block_;
    unsigned smem_ = 0;
    reduce::ReduceKernel<T, probe::NoProbe> kernel_ = nullptr;
    DeviceBuffer<T> a_, b_;
    const T* result_ = nullptr;
};

}  // namespace ws::cuda
