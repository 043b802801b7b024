// run_on_gpu: the request on the GPU. The first pass is recorded in windows of blocks (a counting
// launch sizes each window's buffers, a recording launch fills them: first_pass_recorder.cuh),
// every window's blocks are analysed for the totals, and the traced blocks are kept; the other
// passes run unprobed. Scans: gpu_scan.cu.
#include <algorithm>
#include <cstring>
#include <vector>

#include "kernels/cuda/check.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/cuda/first_pass_recorder.cuh"
#include "kernels/cuda/gpu_scan.hpp"
#include "kernels/cuda/hardware_counters.hpp"
#include "kernels/cuda/reduce_launch.cuh"
#include "kernels/run/input_data.hpp"
#include "kernels/run/reduce_check.hpp"
#include "kernels/run/request_check.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/trace/analysis.hpp"

namespace ws::cuda {
namespace {

using trace::Trace;

template <class T>
void run_reduction(const VariantInfo& info, const run::RunOptions& options, Trace& out) {
    const trace::Request& req = out.request;
    const std::vector<T> input = run::make_input<T>(req.pattern, req.n, req.seed);

    DeviceBuffer<T> d_in(req.n, "input");
    WS_CUDA(cudaMemcpy(d_in.get(), input.data(), req.n * sizeof(T), cudaMemcpyHostToDevice),
            "input");
    FastReduction<T> reduction(info, req.n, req.block);
    reduction.run(d_in.get());
    WS_CUDA(cudaDeviceSynchronize(), std::string(info.id) + " (all launches)");
    std::vector<T> result(reduction.plan().output_elements);
    WS_CUDA(cudaMemcpy(result.data(), reduction.result(), result.size() * sizeof(T),
                       cudaMemcpyDeviceToHost),
            "result");
    if (std::string why = reduction.watchdog_error(); !why.empty()) {
        out.error = why;
        return;
    }

    const ReducePlan& plan = reduction.plan();
    const ReduceLaunch& traced = plan.launches[plan.traced];
    out.grid = traced.grid;
    out.smem_bytes = traced.smem_bytes;
    out.passes = unsigned(plan.launches.size());
    // Launched again over the same input (a single-pass plan's output and counter are reset
    // by the launch): its recording, not its result, is kept.
    auto go = [&](const GpuProbe& probe) { reduction.launch_traced(probe); };
    record_launch(go, info.id, traced.grid, traced.smem_bytes, options, out);
    // The GPU counts whole launches: only a one-block pass compares (hardware_compare.hpp).
    if (options.hardware && traced.grid == 1)
        read_hardware([&] { reduction.launch_traced_unprobed(); }, out);
    // The recording launches wait on the lock too.
    if (std::string why = reduction.watchdog_error(); !why.empty()) {
        out.error = why;
        return;
    }

    run::check_reduction(info, input, result.data(), req.block, out);
}

}  // namespace

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
    try {
        WS_CUDA(cudaSetDevice(0), "worker thread");
        if (writes_array(info->family)) {
            run_scan_on_gpu(*info, options, out);
            return out;
        }
        trace::visit_dtype(request.type,
                           [&](auto zero) { run_reduction<decltype(zero)>(*info, options, out); });
    } catch (const CudaError& e) {
        out.ok = false;
        out.error = e.what();
        recover_after_error();
    }
    return out;
}

}  // namespace ws::cuda
