// The catalog's own kernels as the Compute Sanitizer API records them (issue 56: a third,
// independent witness of the GPU's trace): the kernel set of a variant with its traced launch's
// kernel replaced by the variant's unprobed (NoProbe) instance, loaded again from the program's
// code and patched (SanitizerRecording::of_program_kernel). That kernel ignores the probe argument
// the traced launch passes it (NoProbe is one byte it never reads); the API's callbacks write the
// probe's events into the same recorder's buffers. RunOptions::sanitizer_recorder asks for it.
#pragma once
#include "kernels/cuda/reduce_launch.cuh"
#include "kernels/cuda/sanitizer_recorder.hpp"
#include "kernels/cuda/scan_launch.cuh"
#include "kernels/reduce_plan.hpp"
#include "kernels/run/sanitizer_comparison.hpp"
#include "kernels/scan_plan.hpp"

namespace ws::cuda {

namespace detail {
// `traced` now launches `fast`'s code, patched, kept alive by `recording`.
template <class Traced, class Fast>
void patch_in(Traced& traced, Fast fast, const VariantInfo& info, SanitizerRecording*& recording) {
    if (!fast)
        throw CudaError(cudaErrorInvalidValue,
                        std::string(info.id) + ": no unprobed kernel for its traced launch");
    PlainLaunchShape shape;
    shape.sized_by_allocation = true;
    recording = &SanitizerRecording::of_program_kernel(reinterpret_cast<const void*>(fast), shape);
    traced = reinterpret_cast<Traced>(recording->kernel());
}
}  // namespace detail

// A reduction's: the kernel of its plan's traced step.
template <class T>
SanitizerRecording& patch_traced_kernel(const VariantInfo& info, const trace::Request& req,
                                        ReduceKernelSet<T>& k) {
    const ReducePlan plan = reduce_plan(info, req.n, req.block, trace::dtype_of<T>());
    SanitizerRecording* r = nullptr;
    switch (plan.launches[plan.traced].step) {
        case ReduceStep::Pass:
        case ReduceStep::AtomicAdd:
            detail::patch_in(k.traced.pass, k.fast.pass, info, r);
            break;
        case ReduceStep::PartialsPass:
            detail::patch_in(k.traced.partials_pass, k.fast.partials_pass, info, r);
            break;
        case ReduceStep::LastBlock:
            detail::patch_in(k.traced.last_block, k.fast.last_block, info, r);
            break;
        case ReduceStep::Locked:
            detail::patch_in(k.traced.locked, k.fast.locked, info, r);
            break;
    }
    return *r;
}

// A scan's (and the memory family's).
template <class T>
SanitizerRecording& patch_traced_kernel(const VariantInfo& info, const trace::Request& req,
                                        ScanKernelSet<T>& k) {
    const ScanPlan plan = scan_plan(info, req.n, req.block, trace::dtype_of<T>(), req.kind);
    SanitizerRecording* r = nullptr;
    switch (plan.launches[plan.traced].step) {
        case ScanStep::TileScan:
            detail::patch_in(k.traced.tile, k.fast.tile, info, r);
            break;
        case ScanStep::TileReduce:
            detail::patch_in(k.traced.reduce, k.fast.reduce, info, r);
            break;
        case ScanStep::SeededScan:
            detail::patch_in(k.traced.seeded, k.fast.seeded, info, r);
            break;
        case ScanStep::SinglePass:
            detail::patch_in(k.traced.single_pass, k.fast.single_pass, info, r);
            break;
        case ScanStep::Map:
            detail::patch_in(k.traced.map, k.fast.map, info, r);
            break;
        case ScanStep::AddPrefix:
            throw CudaError(cudaErrorInvalidValue,
                            std::string(info.id) + ": its traced launch is the fan, not recorded");
    }
    return *r;
}

// The run with its traced launch recorded so (run_reduction_with / run_scan_with, then the
// recording's snapshots replayed); a note for stores the picture cannot show goes to out.note.
template <class T, class KernelSet, class Run>
void run_sanitized(const VariantInfo& info, KernelSet k, trace::Trace& out, Run&& run) {
    if (info.dynamic_tiles) throw CudaError(cudaErrorNotSupported, run::kRecordsByTile);
    const SanitizerRecording& recording = patch_traced_kernel<T>(info, out.request, k);
    run(k);
    const std::string note = recording.finish(out);
    if (!note.empty() && out.error.empty()) out.error = note;
}

}  // namespace ws::cuda
