#include "kernels/run/emulator_backend.hpp"

#include <cstring>

#include "kernels/algorithms/reduce/all.cuh"
#include "kernels/catalog.hpp"
#include "kernels/run/emulator_scan.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/request_check.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/sim/sim_probe.hpp"

namespace ws::run {
namespace {

using sim::SimProbe;
using trace::Trace;

template <class T>
void run_reduction(reduce::ReduceKernel<T, SimProbe> kernel, const VariantInfo& info,
                   const sim::Schedule& schedule, const RunOptions& options, Trace& out) {
    const trace::Request& req = out.request;
    const std::vector<T> input = make_input<T>(req.pattern, req.n, req.seed);
    const Reference ref = reference_sum(input);

    sim::SimRecorder recorder(req.blocks, req.all_blocks, options.count_totals);
    std::vector<T> a = input, b;
    std::uint64_t n = req.n;
    unsigned pass = 0;
    do {
        const unsigned grid = grid_for(info, n, req.block);
        b.assign(grid, T(0));
        std::memset(static_cast<void*>(b.data()), 0xCD, b.size() * sizeof(T));  // unwritten shows
        sim::LaunchConfig config;
        config.grid = {grid, 1, 1};
        config.block = {req.block, 1, 1};
        config.dynamic_smem_bytes = smem_bytes_for(info, req.block, req.type);
        config.schedule = schedule;
        const bool first = pass == 0;
        sim::SimRecorder* rec =
            first && (options.record || options.count_totals) ? &recorder : nullptr;
        const T* in_ptr = a.data();
        T* out_ptr = b.data();
        const unsigned count = unsigned(n);
        auto error = sim::launch(
            config, [&] { kernel(in_ptr, out_ptr, count, SimProbe(rec)); }, rec);
        if (error) {
            out.error = error->message;
            break;
        }
        if (first) out.grid = grid;
        ++pass;
        n = grid;
        a.swap(b);
    } while (n > 1);

    out.passes = pass;
    out.smem_bytes =
        recorder.smem_bytes() ? recorder.smem_bytes() : smem_bytes_for(info, req.block, req.type);
    out.blocks = std::move(recorder.blocks());
    if (!options.record) out.blocks.clear();
    out.totals = recorder.totals();
    out.expected = trace::Value::of(T(ref.sum));
    out.tolerance = double(sum_tolerance<T>(req.n, ref.abs_sum));
    if (out.error.empty()) {
        out.result = trace::Value::of(a[0]);
        std::string why;
        out.ok = matches_reference(a[0], ref, req.n, &why);
        if (!out.ok) out.error = "wrong result: " + why;
    }
}

template <class T, class Variant>
bool dispatch_variant(const VariantInfo& info, const sim::Schedule& schedule,
                      const RunOptions& options, Trace& out) {
    if (info.id != std::string_view(Variant::id)) return false;
    auto kernel = Variant::template kernel<T, SimProbe>(out.request.block);
    if (!kernel) {
        out.error = "--block " + std::to_string(out.request.block) + ": " + info.id +
                    " has no kernel for this block size";
        return true;
    }
    run_reduction<T>(kernel, info, schedule, options, out);
    return true;
}

template <class T, class... Variants>
bool dispatch(std::tuple<Variants...>*, const VariantInfo& info, const sim::Schedule& schedule,
              const RunOptions& options, Trace& out) {
    return (dispatch_variant<T, Variants>(info, schedule, options, out) || ...);
}

template <class T>
bool dispatch_type(const VariantInfo& info, const sim::Schedule& schedule,
                   const RunOptions& options, Trace& out) {
    return dispatch<T>(static_cast<reduce::AllVariants*>(nullptr), info, schedule, options, out);
}

}  // namespace

std::string emulator_device_name(const std::string& schedule) {
    return "CPU emulator (" + schedule + ")";
}

Trace run_on_emulator(const trace::Request& request, const RunOptions& options) {
    Trace out;
    const VariantInfo* info = prepare_trace(
        request, "emulator", emulator_device_name(request.schedule), kMaxElementsEmulator, out);
    if (!info) return out;
    const auto schedule = sim::Schedule::parse(request.schedule);
    if (info->family == Family::Scan) {
        run_scan_on_emulator(*info, *schedule, options, out);
        return out;
    }
    bool found = false;
    switch (request.type) {
        case trace::DType::Int32:
            found = dispatch_type<int>(*info, *schedule, options, out);
            break;
        case trace::DType::Float32:
            found = dispatch_type<float>(*info, *schedule, options, out);
            break;
        case trace::DType::Float64:
            found = dispatch_type<double>(*info, *schedule, options, out);
            break;
    }
    if (!found) out.error = std::string(info->id) + " has no emulator kernel";
    return out;
}

}  // namespace ws::run
