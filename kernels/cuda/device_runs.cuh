// The body of a run on the GPU, whatever compiled its kernels (nvcc for the catalog's, NVRTC for a
// student's): the whole reduction or scan run unprobed and its result checked against the CPU
// reference, then its traced launch recorded (first_pass_recorder.cuh) for the blocks asked for
// and the totals. `out` comes filled with the request and where it ran. Throws CudaError.
#pragma once
#include <string>
#include <vector>

#include "kernels/cuda/check.hpp"
#include "kernels/cuda/first_pass_recorder.cuh"
#include "kernels/cuda/hardware_counters.hpp"
#include "kernels/cuda/reduce_launch.cuh"
#include "kernels/cuda/scan_launch.cuh"
#include "kernels/run/input_data.hpp"
#include "kernels/run/reduce_check.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/trace/trace_file_format.hpp"

namespace ws::cuda {

template <class T>
void run_reduction_with(const VariantInfo& info, const ReduceKernelSet<T>& kernels,
                        const run::RunOptions& options, trace::Trace& out) {
    const trace::Request& req = out.request;
    const std::vector<T> input = run::make_input<T>(req.pattern, req.n, req.seed);

    DeviceBuffer<T> d_in(req.n, "input");
    WS_CUDA(cudaMemcpy(d_in.get(), input.data(), req.n * sizeof(T), cudaMemcpyHostToDevice),
            "input");
    FastReduction<T> reduction(info, req.n, req.block, kernels);
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
    else if (options.witness)
        read_witness([&] { reduction.launch_traced_unprobed(); }, out);
    // The recording launches wait on the lock too.
    if (std::string why = reduction.watchdog_error(); !why.empty()) {
        out.error = why;
        return;
    }

    run::check_reduction(info, input, result.data(), req.block, out);
}

template <class T>
void run_scan_with(const VariantInfo& info, const ScanKernelSet<T>& kernels,
                   const run::RunOptions& options, trace::Trace& out) {
    const trace::Request& req = out.request;
    const std::vector<T> input = run::make_input<T>(req.pattern, req.n, req.seed);
    DeviceBuffer<T> d_in(req.n, "input"), d_out(req.n, "output");
    WS_CUDA(cudaMemcpy(d_in.get(), input.data(), req.n * sizeof(T), cudaMemcpyHostToDevice),
            "input");

    FastScan<T> scan(info, req.n, req.block, req.kind, req.stride, kernels);
    scan.run(d_in.get(), d_out.get());
    WS_CUDA(cudaDeviceSynchronize(), std::string(info.id) + " (all launches)");
    // A compaction writes only the elements it kept: only those are copied back (the rest of the
    // output was never written, and reading it would be reading uninitialised memory).
    const bool compaction = info.scan_op == ScanOp::CompactPositive;
    const std::uint64_t kept = scan.kept_count();
    const run::ArrayResult shown = run::array_result(info, req.n, kept);
    const std::uint64_t written = shown.written;
    std::vector<T> result(req.n);
    WS_CUDA(cudaMemcpy(result.data(), d_out.get(), written * sizeof(T), cudaMemcpyDeviceToHost),
            "result");

    const ScanPlan& plan = scan.plan();
    const ScanLaunch& traced = plan.launches[plan.traced];
    out.grid = traced.grid;
    out.smem_bytes = traced.smem_bytes;
    out.passes = unsigned(plan.launches.size());
    // Launched again with the buffers of the run above: it rewrites the same output.
    auto go = [&](const GpuProbe& probe) { scan.launch_traced(probe); };
    record_launch(go, info.id, traced.grid, traced.smem_bytes, options, out, tile_schedule(info));
    // The GPU counts whole launches: only a one-block pass compares (hardware_compare.hpp).
    if (options.hardware && traced.grid == 1)
        read_hardware([&] { scan.launch_traced_unprobed(); }, out);
    else if (options.witness)
        read_witness([&] { scan.launch_traced_unprobed(); }, out);

    const run::ScanCheck<T> check =
        run::check_scan_output(info, input, result.data(), req.kind, kept);
    out.expected = trace::Value::of(check.expected_last);
    out.tolerance = double(check.tolerance_last);
    out.result = trace::Value::of(compaction ? T(kept) : result[shown.index]);
    out.output_digest = trace::file_format::fnv1a64(reinterpret_cast<const char*>(result.data()),
                                                    written * sizeof(T));
    out.ok = check.ok;
    if (!out.ok) out.error = "wrong result: " + check.why;
}

}  // namespace ws::cuda
