#include <algorithm>
#include <vector>

#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/cuda/device_runs.cuh"
#include "kernels/cuda/gpu_scan.hpp"
#include "kernels/cuda/sanitized_kernels.cuh"
#include "kernels/cuda/test_hook.hpp"
#include "kernels/run/request_check.hpp"

namespace ws::cuda {
namespace {

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
    return guarded_for_test(
        type, [&](auto zero) { return repeat_scan<decltype(zero)>(*info, n, block, repeats); });
}

void run_scan_on_gpu(const VariantInfo& info, const run::RunOptions& options, trace::Trace& out) {
    trace::visit_dtype(out.request.type, [&](auto zero) {
        using T = decltype(zero);
        const ScanKernelSet<T> kernels = scan_kernels<T>(info.id, out.request.block);
        if (options.sanitizer_recorder)
            run_sanitized<T>(info, kernels, out, [&](const ScanKernelSet<T>& patched) {
                run_scan_with<T>(info, patched, options, out);
            });
        else
            run_scan_with<T>(info, kernels, options, out);
    });
}

}  // namespace ws::cuda
