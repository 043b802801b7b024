#include "kernels/run/emulator_backend.hpp"

#include <algorithm>
#include <functional>

#include "kernels/algorithms/reduce/all.cuh"
#include "kernels/algorithms/visit_variant.hpp"
#include "kernels/catalog.hpp"
#include "kernels/reduce_plan.hpp"
#include "kernels/run/device_vector.hpp"
#include "kernels/run/emulator_scan.hpp"
#include "kernels/run/emulator_user.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/memory_estimate.hpp"
#include "kernels/run/reduce_check.hpp"
#include "kernels/run/request_check.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/sim/sim_probe.hpp"

namespace ws::run {
namespace {

using sim::SimProbe;
using trace::Trace;

// Runs every launch of the reduction's plan; the traced one recorded.
template <class T>
void run_reduction(const reduce::ReduceKernels<T, SimProbe>& k, const VariantInfo& info,
                   const sim::Schedule& schedule, const RunOptions& options, Trace& out) {
    const trace::Request& req = out.request;
    const ReducePlan plan = reduce_plan(info, req.n, req.block, req.type);
    const std::vector<T> input = make_input<T>(req.pattern, req.n, req.seed);

    std::vector<DeviceVector<T>> buffers;  // the GPU's global memory, aligned as cudaMalloc's
    buffers.push_back(on_device(input));
    buffers.push_back(unwritten_on_device<T>(plan.output_elements));
    for (std::uint64_t size : plan.scratch) buffers.push_back(unwritten_on_device<T>(size));
    if (plan.zero_output) buffers[kOutputBuffer][0] = T(0);
    DeviceVector<unsigned> done(1, 0);
    DeviceVector<unsigned> lock(probe::kLockWords, 0);
    auto buffer = [&](int id) { return id == kNoBuffer ? nullptr : buffers[id].data(); };

    sim::SimRecorder recorder(req.blocks, req.all_blocks, options.count_totals);
    for (const ReduceLaunch& l : plan.launches) {
        const bool last_block = l.step == ReduceStep::LastBlock;
        const auto pass = l.step == ReduceStep::PartialsPass ? k.partials_pass : k.pass;
        const bool locked = l.step == ReduceStep::Locked;
        if (last_block ? !k.last_block : locked ? !k.locked : !pass) {
            out.error = "--block " + std::to_string(req.block) + ": " + info.id +
                        " has no kernel for this block size";
            return;
        }
        sim::LaunchConfig config;
        config.grid = {l.grid, 1, 1};
        config.block = {l.block, 1, 1};
        config.dynamic_smem_bytes = l.smem_bytes;
        config.static_smem_bytes = info.static_smem_bytes;
        config.schedule = schedule;
        sim::SimRecorder* rec =
            l.traced && (options.record || options.count_totals) ? &recorder : nullptr;
        const T* in = buffer(l.in);
        T* dst = buffer(l.out);
        T* aux = buffer(l.aux);
        const unsigned count = unsigned(l.count);
        std::function<void()> body = [&] { pass(in, dst, count, SimProbe(rec)); };
        if (last_block)
            body = [&] { k.last_block(in, dst, aux, done.data(), count, SimProbe(rec)); };
        if (locked) body = [&] { k.locked(in, dst, lock.data(), count, SimProbe(rec)); };
        if (auto error = sim::launch(config, body, rec)) {
            take_kernel_error(*error, out);
            break;
        }
    }

    const ReduceLaunch& traced = plan.launches[plan.traced];
    out.grid = traced.grid;
    out.passes = unsigned(plan.launches.size());
    out.smem_bytes = recorder.smem_bytes() ? recorder.smem_bytes() : traced.smem_bytes;
    out.blocks = std::move(recorder.blocks());
    if (!options.record) out.blocks.clear();
    out.totals = recorder.totals();
    if (out.error.empty()) {
        check_reduction(info, input, buffers[kOutputBuffer].data(), req.block, out);
        if (options.checked_output) {
            const DeviceVector<T>& o = buffers[kOutputBuffer];
            const std::size_t count = std::min<std::size_t>(o.size(), kCheckedReduceValues);
            options.checked_output->assign(reinterpret_cast<const char*>(o.data()),
                                           count * sizeof(T));
        }
    } else {
        const Reference ref = reduce_reference(info.reduce_op, input);
        out.expected = trace::Value::of(T(ref.sum));
        out.tolerance = double(sum_tolerance<T>(req.n, ref.abs_sum));
    }
}

}  // namespace

std::string emulator_device_name(const std::string& schedule) {
    return "CPU emulator (" + schedule + ")";
}

namespace {
Trace run_unguarded(const trace::Request& request, const RunOptions& options) {
    Trace out;
    const VariantInfo* info = prepare_trace(
        request, "emulator", emulator_device_name(request.schedule), kMaxElementsEmulator, out);
    if (!info) return out;
    const auto schedule = sim::Schedule::parse(request.schedule);
    if (writes_array(info->family)) {
        run_scan_on_emulator(*info, *schedule, options, out);
        return out;
    }
    const bool found = trace::visit_dtype(request.type, [&](auto zero) {
        using T = decltype(zero);
        return visit_variant<reduce::AllVariants>(info->id, [&](auto* variant) {
            using V = std::remove_pointer_t<decltype(variant)>;
            run_reduction<T>(reduce::kernels_of<V, T, SimProbe>(request.block), *info, *schedule,
                             options, out);
        });
    });
    if (!found) out.error = std::string(info->id) + " has no emulator kernel";
    return out;
}
}  // namespace

Trace run_foreign(const trace::Request& request, const std::string& source_file,
                  const std::string& source_text,
                  const std::function<void(const sim::Schedule&, Trace&)>& body) {
    Trace out;
    out.request = request;
    out.backend = "emulator";
    out.device = emulator_device_name(request.schedule);
    out.recorded_at = now_iso8601();
    out.threads_per_block = request.block;
    out.smem_type = request.type;
    out.source_file = source_file;
    out.source_text = source_text;
    try {
        const auto schedule = sim::Schedule::parse(request.schedule);
        if (!schedule) {
            out.error = "the schedule " + request.schedule + " cannot be read";
            return out;
        }
        body(*schedule, out);
    } catch (const std::bad_alloc&) {
        out.grid = 0;
        out.blocks.clear();
        out.error = out_of_memory(request);
    }
    return out;
}

Trace run_foreign_reduction(const trace::Request& request, const VariantInfo& info,
                            const ForeignReduction& kernels, const RunOptions& options) {
    return run_foreign(request, kernels.source_file, kernels.source_text,
                       [&](const sim::Schedule& schedule, Trace& out) {
                           trace::visit_dtype(request.type, [&](auto zero) {
                               using T = decltype(zero);
                               reduce::ReduceKernels<T, SimProbe> k;
                               if constexpr (std::is_same_v<T, int>) k.pass = kernels.int32;
                               if constexpr (std::is_same_v<T, float>) k.pass = kernels.float32;
                               if constexpr (std::is_same_v<T, double>) k.pass = kernels.float64;
                               if (!k.pass) {
                                   out.error = std::string("the kernel has no instantiation for ") +
                                               trace::dtype_name(request.type);
                                   return;
                               }
                               run_reduction<T>(k, info, schedule, options, out);
                           });
                       });
}

Trace run_on_emulator(const trace::Request& request, const RunOptions& options) {
    try {
        return run_unguarded(request, options);
    } catch (const std::bad_alloc&) {
        Trace out;  // grid 0: nothing to show
        out.request = request;
        out.device = emulator_device_name(request.schedule);
        out.error = out_of_memory(request);
        return out;
    }
}

}  // namespace ws::run
