// run_on_gpu: the request on the GPU. The first pass is recorded in windows of blocks (a counting
// launch sizes each window's buffers, a recording launch fills them: first_pass_recorder.cuh),
// every window's blocks are analysed for the totals, and the traced blocks are kept; the other
// passes run unprobed. Scans: gpu_scan.cu.
// The body of the run (a reduction's here, a scan's in gpu_scan.cu) is device_runs.cuh's.
#include "kernels/cuda/check.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/cuda/device_runs.cuh"
#include "kernels/cuda/gpu_scan.hpp"
#include "kernels/cuda/sanitized_kernels.cuh"
#include "kernels/run/request_check.hpp"

namespace ws::cuda {

using trace::Trace;

Trace run_on_gpu(const trace::Request& request, const run::RunOptions& options) {
    Trace out;
    DeviceInfo dev;
    if (std::string why = query_device(dev); !why.empty()) {
        out.request = request;
        out.backend = "cuda";
        out.error = "no CUDA device: " + why;
        return out;
    }
    const VariantInfo* info =
        run::prepare_trace(request, "cuda", dev.name, run::kMaxElementsGpu, out);
    if (!info) return out;
    // A variant this GPU, or this build's code for it, lacks what it needs: one line, no launch.
    if (std::string why = run::gpu_refusal(*info, gpu_facts(dev), request.block, request.type);
        !why.empty()) {
        out.ok = false;
        out.error = why;
        return out;
    }
    try {
        WS_CUDA(cudaSetDevice(0), "worker thread");
        if (writes_array(info->family)) {
            run_scan_on_gpu(*info, options, out);
            return out;
        }
        trace::visit_dtype(request.type, [&](auto zero) {
            using T = decltype(zero);
            const ReduceKernelSet<T> kernels = reduce_kernels<T>(info->id, request.block);
            if (options.sanitizer_recorder)
                run_sanitized<T>(*info, kernels, out, [&](const ReduceKernelSet<T>& patched) {
                    run_reduction_with<T>(*info, patched, options, out);
                });
            else
                run_reduction_with<T>(*info, kernels, options, out);
        });
    } catch (const CudaError& e) {
        out.ok = false;
        out.error = e.what();
        recover_after_error();
    }
    return out;
}

}  // namespace ws::cuda
