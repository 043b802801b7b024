#include <cstring>
#include <optional>
#include <stdexcept>
#include <vector>

#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/cuda/pipeline_scan.hpp"
#include "kernels/cuda/test_hook.hpp"
#include "kernels/run/input_data.hpp"

namespace ws::cuda {
namespace {

std::optional<scan::pipeline::ShapeChoice> forced(const PipelineLaunch* shape) {
    if (!shape) return std::nullopt;
    return scan::pipeline::ShapeChoice{shape->stages, shape->stage_bytes, shape->consumers};
}

template <class T>
std::string repeat_pipeline(std::uint64_t n, unsigned repeats, unsigned offset,
                            PipelineLaunch* launch, const PipelineLaunch* shape) {
    PipelineScan<T> scan(n, forced(shape));  // first: refuses n past 2^32 - 1 before any input
    constexpr unsigned kInputs = 4;
    std::vector<std::vector<T>> inputs;
    std::vector<DeviceBuffer<T>> d_in(kInputs);
    for (unsigned k = 0; k < kInputs; ++k) {
        inputs.push_back(run::make_input<T>("random", n, 300 + k));
        d_in[k].allocate(n + offset + 1, "input");
        WS_CUDA(cudaMemcpy(d_in[k].get() + offset, inputs[k].data(), n * sizeof(T),
                           cudaMemcpyHostToDevice),
                "input");
    }
    // Poisoned past the end too: nothing may be written beyond n.
    constexpr unsigned kGuard = 64;
    DeviceBuffer<T> d_out(n + kGuard, "output");
    if (launch)
        *launch = {scan.grid(),         scan.blocks_per_sm(),     scan.ahead(),
                   scan.shape().stages, scan.shape().stage_bytes, scan.shape().consumers};
    std::vector<T> result(n + kGuard);
    std::vector<unsigned char> poison(kGuard * sizeof(T), 0xCD);
    for (unsigned r = 0; r < repeats; ++r) {
        const unsigned k = r % kInputs;
        const trace::ScanKind kind =
            r % 2 ? trace::ScanKind::Exclusive : trace::ScanKind::Inclusive;
        WS_CUDA(cudaMemset(d_out.get(), 0xCD, (n + kGuard) * sizeof(T)), "output");
        scan.run(d_in[k].get() + offset, d_out.get(), kind);
        WS_CUDA(cudaMemcpy(result.data(), d_out.get(), (n + kGuard) * sizeof(T),
                           cudaMemcpyDeviceToHost),
                std::string(kPipelineId) + " (repeated)");
        std::string why;
        if (std::memcmp(result.data() + n, poison.data(), poison.size()) != 0)
            why = "wrote past the end of the output";
        else if (const run::ScanCheck<T> check = run::check_scan(inputs[k], result.data(), kind);
                 !check.ok)
            why = check.why;
        if (!why.empty())
            return std::string(kPipelineId) + " n=" + std::to_string(n) + " offset " +
                   std::to_string(offset) + ", run " + std::to_string(r) + " (" +
                   trace::scan_kind_name(kind) + ", input " + std::to_string(k) + "): " + why;
    }
    return "";
}

template <class T>
std::string repeat_compact(std::uint64_t n, unsigned repeats, const std::string& pattern,
                           const PipelineLaunch* shape) {
    constexpr unsigned kInputs = 3;
    std::vector<std::vector<T>> inputs;
    std::vector<DeviceBuffer<T>> d_in(kInputs);
    for (unsigned k = 0; k < kInputs; ++k) {
        inputs.push_back(run::make_input<T>(pattern, n, 400 + k));
        d_in[k].allocate(n + 1, "input");
        WS_CUDA(cudaMemcpy(d_in[k].get(), inputs[k].data(), n * sizeof(T), cudaMemcpyHostToDevice),
                "input");
    }
    DeviceBuffer<T> d_out(n + 1, "output");
    PipelineScan<T, true> compact(n, forced(shape));
    std::vector<T> result(n + 1);
    for (unsigned r = 0; r < repeats; ++r) {
        const unsigned k = r % kInputs;
        WS_CUDA(cudaMemset(d_out.get(), 0xCD, (n + 1) * sizeof(T)), "output");
        compact.run(d_in[k].get(), d_out.get(), trace::ScanKind::Inclusive);
        const std::uint64_t kept = compact.kept_count();
        WS_CUDA(cudaMemcpy(result.data(), d_out.get(), (n + 1) * sizeof(T), cudaMemcpyDeviceToHost),
                std::string(kCompactPipelineId) + " (repeated)");
        const run::ScanCheck<T> check = run::check_compaction(inputs[k], result.data(), kept);
        if (!check.ok)
            return std::string(kCompactPipelineId) + " n=" + std::to_string(n) + " " + pattern +
                   ", run " + std::to_string(r) + " (input " + std::to_string(k) +
                   "): " + check.why;
    }
    return "";
}

}  // namespace

std::string repeat_compact_pipeline_for_test(std::uint64_t n, trace::DType type, unsigned repeats,
                                             const std::string& pattern,
                                             const PipelineLaunch* shape) {
    return guarded_for_test(type, [&](auto zero) {
        return repeat_compact<decltype(zero)>(n, repeats, pattern, shape);
    });
}

std::string repeat_pipeline_for_test(std::uint64_t n, trace::DType type, unsigned repeats,
                                     unsigned offset, PipelineLaunch* launch,
                                     const PipelineLaunch* shape) {
    return guarded_for_test(type, [&](auto zero) {
        return repeat_pipeline<decltype(zero)>(n, repeats, offset, launch, shape);
    });
}

}  // namespace ws::cuda
