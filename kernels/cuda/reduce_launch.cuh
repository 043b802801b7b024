// Launching the reduction variants on the GPU: a whole device-wide reduction with the unprobed
// kernels (the launches of its plan, kernels/reduce_plan.hpp, ready to be timed), and its traced
// launch again with a recording probe. Scans: scan_launch.cuh.
#pragma once
#include <string>
#include <vector>

#include "kernels/algorithms/reduce/all.cuh"
#include "kernels/algorithms/visit_variant.hpp"
#include "kernels/catalog.hpp"
#include "kernels/cuda/check.hpp"
#include "kernels/cuda/gpu_probe.cuh"
#include "kernels/cuda/launch_kernel.cuh"
#include "kernels/reduce_plan.hpp"

namespace ws::cuda {

template <class T>
struct ReduceKernelSet {
    reduce::ReduceKernels<T, probe::NoProbe> fast;
    reduce::ReduceKernels<T, GpuProbe> traced;
    bool found = false;
};

template <class T>
ReduceKernelSet<T> reduce_kernels(const std::string& id, unsigned block) {
    ReduceKernelSet<T> k;
    k.found = visit_variant<reduce::AllVariants>(id, [&](auto* variant) {
        using V = std::remove_pointer_t<decltype(variant)>;
        k.fast = reduce::kernels_of<V, T, probe::NoProbe>(block);
        k.traced = reduce::kernels_of<V, T, GpuProbe>(block);
    });
    return k;
}

// A device-wide reduction: `run()` launches every launch of the plan on `stream`
// (asynchronously) and leaves the sum (or every result: plan().output_elements) in result().
// Buffers are allocated once.
template <class T>
class FastReduction {
  public:
    FastReduction(const VariantInfo& info, std::uint64_t n, unsigned block)
        : FastReduction(info, n, block, reduce_kernels<T>(info.id, block)) {}
    // With kernels from elsewhere (a student's, compiled by NVRTC: kernels/cuda/user_kernel.cu).
    FastReduction(const VariantInfo& info, std::uint64_t n, unsigned block,
                  const ReduceKernelSet<T>& kernels)
        : info_(info), plan_(reduce_plan(info, n, block, trace::dtype_of<T>())), kernels_(kernels) {
        if (!kernels_.found || !has_kernels(kernels_.fast) || !has_kernels(kernels_.traced))
            throw CudaError(cudaErrorInvalidValue, std::string(info.id) + ": no kernel for block " +
                                                       std::to_string(block));
        output_.allocate(plan_.output_elements, "result");
        scratch_.resize(plan_.scratch.size());
        for (std::size_t i = 0; i < scratch_.size(); ++i)
            scratch_[i].allocate(plan_.scratch[i], "partial sums");
        if (plan_.done_counter) done_.allocate(1, "blocks done");
        if (plan_.lock) {  // free, and no thread has given up yet
            lock_.allocate(probe::kLockWords, "spin lock");
            WS_CUDA(cudaMemset(lock_.get(), 0, probe::kLockWords * sizeof(unsigned)), "spin lock");
        }
    }

    // Launches the whole plan over `input` (its n elements) on `stream`.
    void run(const T* input, cudaStream_t stream = 0) {
        input_ = input;
        for (const ReduceLaunch& l : plan_.launches)
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

    const T* result() const { return output_.get(); }

    // After a run has finished: "" or, when the spin lock's watchdog stopped threads waiting
    // (probe/spin_lock.cuh) in any launch since this reduction was made, the error to report.
    std::string watchdog_error() const {
        if (!plan_.lock) return "";
        unsigned gave_up = 0;
        WS_CUDA(cudaMemcpy(&gave_up, lock_.get() + probe::kLockGaveUpWord, sizeof gave_up,
                           cudaMemcpyDeviceToHost),
                "spin lock");
        if (gave_up == 0) return "";
        return std::string(info_.id) + ": " + std::to_string(gave_up) +
               " thread(s) gave up waiting for the spin lock after 2^33 clock cycles (the "
               "kernel's watchdog): the lock was never freed, as when a warp deadlocks on its "
               "own lock without independent thread scheduling";
    }
    const ReducePlan& plan() const { return plan_; }

  private:
    template <class Probe>
    bool has_kernels(const reduce::ReduceKernels<T, Probe>& k) const {
        for (const ReduceLaunch& l : plan_.launches)
            if (l.step == ReduceStep::LastBlock ? !k.last_block
                : l.step == ReduceStep::Locked  ? !k.locked
                                                : !kernel_for(l.step, k))
                return false;
        return true;
    }
    // The multi-pass or atomic entry a launch of `step` runs (null for the last-block step).
    template <class Probe>
    static reduce::ReduceKernel<T, Probe> kernel_for(ReduceStep step,
                                                     const reduce::ReduceKernels<T, Probe>& k) {
        if (step == ReduceStep::LastBlock) return nullptr;
        return step == ReduceStep::PartialsPass ? k.partials_pass : k.pass;
    }
    T* buffer(int id) const {
        if (id == kInputBuffer) return const_cast<T*>(input_);
        if (id == kOutputBuffer) return output_.get();
        if (id == kNoBuffer) return nullptr;
        return scratch_[id - 2].get();
    }

    template <class Probe>
    void launch(const ReduceLaunch& l, const reduce::ReduceKernels<T, Probe>& k, Probe probe,
                cudaStream_t stream) {
        const T* in = buffer(l.in);
        T* out = buffer(l.out);
        const unsigned n = unsigned(l.count);
        if (plan_.zero_output && l.pass == 0)
            WS_CUDA(cudaMemsetAsync(output_.get(), 0, sizeof(T), stream), info_.id);
        switch (l.step) {
            case ReduceStep::Pass:
            case ReduceStep::AtomicAdd:
            case ReduceStep::PartialsPass:
                launch_kernel(kernel_for(l.step, k), l.grid, l.block, l.smem_bytes, stream, in, out,
                              n, probe);
                break;
            case ReduceStep::LastBlock:
                WS_CUDA(cudaMemsetAsync(done_.get(), 0, sizeof(unsigned), stream), info_.id);
                launch_kernel(k.last_block, l.grid, l.block, l.smem_bytes, stream, in, out,
                              buffer(l.aux), done_.get(), n, probe);
                break;
            case ReduceStep::Locked:
                // Free again (a launch whose watchdog gave up may leave it held); the count of
                // threads that gave up is kept for watchdog_error().
                WS_CUDA(
                    cudaMemsetAsync(lock_.get() + probe::kLockWord, 0, sizeof(unsigned), stream),
                    info_.id);
                launch_kernel(k.locked, l.grid, l.block, l.smem_bytes, stream, in, out, lock_.get(),
                              n, probe);
                break;
        }
        check_launch(std::string(info_.id) + " (" + reduce_step_name(l.step) + " " +
                         std::to_string(l.pass) + ")",
                     false);
    }

    const VariantInfo& info_;
    ReducePlan plan_;
    ReduceKernelSet<T> kernels_;
    DeviceBuffer<T> output_;
    std::vector<DeviceBuffer<T>> scratch_;
    DeviceBuffer<unsigned> done_;
    DeviceBuffer<unsigned> lock_;
    const T* input_ = nullptr;
};

}  // namespace ws::cuda
