#include <algorithm>
#include <vector>

#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/cuda/first_pass_recorder.cuh"
#include "kernels/cuda/gpu_scan.hpp"

#include "kernels/cuda/hardware_counters.hpp"
#include "kernels/cuda/scan_launch.cuh"
#include "kernels/run/input_data.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/trace/trace_file_format.hpp"

namespace ws::cuda {
namespace {

template <class T>
void run_scan(const VariantInfo& info, const run::RunOptions& options, trace::Trace& out) {
    const trace::Request& req = out.request;
    const std::vector<T> input = run::make_input<T>(req.pattern, req.n, req.seed);
    DeviceBuffer<T> d_in(req.n, "input"), d_out(req.n, "output");
    WS_CUDA(cudaMemcpy(d_in.get(), input.data(), req.n * sizeof(T), cudaMemcpyHostToDevice),
            "input");

    FastScan<T> scan(info, req.n, req.block, req.kind, req.stride);
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
    record_launch(go, info.id, traced.grid, traced.smem_bytes, options, out);
    // The GPU counts whole launches: only a one-block pass compares (hardware_compare.hpp).
    if (options.hardware && traced.grid == 1)
        read_hardware([&] { scan.launch_traced_unprobed(); }, out);

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

template <class T>
std::string repeat_scan(const VariantInfo& info, std::uint64_t n, unsigned block,
                        unsigned repeats) {
    constexpr unsigned kInputs = 4;
    std::vector<std::vector<T>> inputs;
    std::vector<DeviceBuffer<T>> d_in(kInputs);
    for (unsigned k = 0; k < kInputs; ++k) {
        inputs.push_back(run::make_input<T>("random", n, 100 + k));
        d_in[k].allocate(n, "input");
        WS_CUDA(cudaMemcpy(d_in[k].get(), inputs[k].data(), n * sizeof(T), cudaMemcpyHostToDevice),
                "input");
    }
    DeviceBuffer<T> d_out(n, "output");
    FastScan<T> inclusive(info, n, block, trace::ScanKind::Inclusive);
    FastScan<T> exclusive(info, n, block, trace::ScanKind::Exclusive);
    std::vector<T> result(n);
    for (unsigned r = 0; r < repeats; ++r) {
        const unsigned k = r % kInputs;
        const trace::ScanKind kind =
            r % 2 ? trace::ScanKind::Exclusive : trace::ScanKind::Inclusive;
        WS_CUDA(cudaMemset(d_out.get(), 0xCD, n * sizeof(T)), "output");
        (r % 2 ? exclusive : inclusive).run(d_in[k].get(), d_out.get());
        WS_CUDA(cudaMemcpy(result.data(), d_out.get(), n * sizeof(T), cudaMemcpyDeviceToHost),
                std::string(info.id) + " (repeated)");
        const FastScan<T>& ran = r % 2 ? exclusive : inclusive;
        const run::ScanCheck<T> check =
            run::check_scan_output(info, inputs[k], result.data(), kind, ran.kept_count());
        if (!check.ok)
            return std::string(info.id) + " n=" + std::to_string(n) +
                   " block=" + std::to_string(block) + ", run " + std::to_string(r) + " (" +
                   trace::scan_kind_name(kind) + ", input " + std::to_string(k) + "): " + check.why;
    }
    return "";
}

}  // namespace

std::string repeat_scan_for_test(const std::string& algo, std::uint64_t n, unsigned block,
                                 trace::DType type, unsigned repeats) {
    const VariantInfo* info = find_variant(algo);
    if (!info || !writes_array(info->family)) return algo + ": not a scan or a memory kernel";
    trace::Request request;
    request.algo = algo;
    request.n = n;
    request.block = block;
    request.type = type;
    if (std::string bad = run::check_request(request, run::kMaxElementsGpu); !bad.empty())
        return bad;
    if (std::string why = unavailable_reason(); !why.empty()) return "no CUDA device: " + why;
    try {
        WS_CUDA(cudaSetDevice(0), "test thread");
        return trace::visit_dtype(
            type, [&](auto zero) { return repeat_scan<decltype(zero)>(*info, n, block, repeats); });
    } catch (const CudaError& e) {
        recover_after_error();
        return e.what();
    }
    return "";
}

void run_scan_on_gpu(const VariantInfo& info, const run::RunOptions& options, trace::Trace& out) {
    trace::visit_dtype(out.request.type,
                       [&](auto zero) { run_scan<decltype(zero)>(info, options, out); });
}

}  // namespace ws::cuda
