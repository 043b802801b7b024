#include "kernels/run/emulator_scan.hpp"

#include <algorithm>
#include <functional>
#include <type_traits>

#include "kernels/algorithms/memory/all.cuh"
#include "kernels/algorithms/visit_variant.hpp"
#include "kernels/run/device_vector.hpp"
#include "kernels/run/emulator_user.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/memory_estimate.hpp"
#include "kernels/run/request_check.hpp"
#include "kernels/scan_plan.hpp"
#include "kernels/sim/sim_probe.hpp"
#include "kernels/trace/drawn_tile.hpp"
#include "kernels/trace/trace_file_format.hpp"

namespace ws::run {
namespace {

using sim::SimProbe;
using trace::Trace;

template <class T>
void execute(const scan::ScanKernels<T, SimProbe>& k, const VariantInfo& info,
             const sim::Schedule& schedule, const RunOptions& options, Trace& out) {
    const trace::Request& req = out.request;
    const ScanPlan plan = scan_plan(info, req.n, req.block, req.type, req.kind);
    const std::vector<T> input = make_input<T>(req.pattern, req.n, req.seed);

    std::vector<DeviceVector<T>> buffers;  // the GPU's global memory, aligned as cudaMalloc's
    buffers.push_back(on_device(input));
    buffers.push_back(unwritten_on_device<T>(req.n));
    std::fill_n(buffers[1].begin(), plan.zeroed_outputs, T(0));
    for (std::uint64_t size : plan.scratch) buffers.push_back(unwritten_on_device<T>(size));
    auto buffer = [&](int id) { return id == kNoBuffer ? nullptr : buffers[id].data(); };
    // Single pass: the tiles' status, zeroed before the launch.
    DeviceVector<unsigned> flags(plan.status_tiles, 0), counter(1, 0);
    DeviceVector<unsigned long long> words(plan.status_words, 0);
    DeviceVector<T> aggregate = unwritten_on_device<T>(plan.status_tiles);
    DeviceVector<T> inclusive = unwritten_on_device<T>(plan.status_tiles);
    const scan::TileStatus<T> status{counter.data(), flags.data(), aggregate.data(),
                                     inclusive.data(), words.data()};

    // A dynamically scheduled kernel's --blocks name tiles (kernels/trace/drawn_tile.hpp).
    const bool by_tile = info.dynamic_tiles && !info.persistent;
    sim::SimRecorder recorder(req.blocks, req.all_blocks, options.count_totals, by_tile);
    for (const ScanLaunch& l : plan.launches) {
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
        const trace::ScanKind kind = l.kind;
        std::function<void()> body;
        switch (l.step) {
            case ScanStep::TileScan:
                body = [&] { k.tile(in, dst, aux, count, kind, SimProbe(rec)); };
                break;
            case ScanStep::AddPrefix:
                body = [&] { scan::scan_add_tile_prefix<T>(dst, aux, count, plan.tile); };
                break;
            case ScanStep::TileReduce:
                body = [&] { k.reduce(in, dst, count, SimProbe(rec)); };
                break;
            case ScanStep::SeededScan:
                body = [&] { k.seeded(in, dst, aux, count, kind, SimProbe(rec)); };
                break;
            case ScanStep::SinglePass:
                body = [&] { k.single_pass(in, dst, status, count, kind, SimProbe(rec)); };
                break;
            case ScanStep::Map:
                body = [&] { k.map(in, dst, count, req.stride, SimProbe(rec)); };
                break;
        }
        if (auto error = sim::launch(config, body, rec)) {
            take_kernel_error(*error, out);
            break;
        }
    }

    const ScanLaunch& traced = plan.launches[plan.traced];
    out.grid = traced.grid;
    out.passes = unsigned(plan.launches.size());
    out.smem_bytes = recorder.smem_bytes() ? recorder.smem_bytes() : traced.smem_bytes;
    out.blocks = std::move(recorder.blocks());
    if (by_tile) trace::sort_by_drawn_tile(out.blocks);
    if (!options.record) out.blocks.clear();
    out.totals = recorder.totals();
    const bool compaction = info.scan_op == ScanOp::CompactPositive;
    const std::uint64_t kept = compaction ? scan::compacted_count(words.data(), words.size()) : 0;
    const ScanCheck<T> check = check_scan_output(info, input, buffers[1].data(), req.kind, kept);
    out.expected = trace::Value::of(check.expected_last);
    out.tolerance = double(check.tolerance_last);
    if (!out.error.empty()) return;
    const DeviceVector<T>& result = buffers[1];
    const ArrayResult shown = array_result(info, req.n, kept);
    out.result = trace::Value::of(compaction ? T(kept) : result[shown.index]);
    const std::size_t written = std::size_t(shown.written);
    out.output_digest = trace::file_format::fnv1a64(reinterpret_cast<const char*>(result.data()),
                                                    written * sizeof(T));
    out.ok = check.ok;
    if (!out.ok) out.error = "wrong result: " + check.why;
    if (options.checked_output && !compaction && req.n <= kMaxCheckedScan)
        options.checked_output->assign(reinterpret_cast<const char*>(result.data()),
                                       std::size_t(req.n) * sizeof(T));
}

}  // namespace

void take_kernel_error(const sim::KernelError& error, trace::Trace& out) {
    out.error = error.message;
    out.deadlock.clear();
    for (const sim::BlockWait& w : error.grid) {
        trace::BlockWaitState b;
        b.block = w.block;
        b.state = w.state == sim::BlockWait::State::Waiting ? trace::BlockWaitState::State::Waiting
                  : w.state == sim::BlockWait::State::Finished
                      ? trace::BlockWaitState::State::Finished
                      : trace::BlockWaitState::State::NotStarted;
        b.line = w.line;
        b.waits_for = w.waits_for;
        out.deadlock.push_back(b);
    }
}

void run_scan_on_emulator(const VariantInfo& info, const sim::Schedule& schedule,
                          const RunOptions& options, Trace& out) {
    const bool found = trace::visit_dtype(out.request.type, [&](auto zero) {
        using T = decltype(zero);
        return visit_variant<ArrayVariants>(info.id, [&](auto* variant) {
            using V = std::remove_pointer_t<decltype(variant)>;
            execute<T>(V::template kernels<T, SimProbe>(out.request.block), info, schedule, options,
                       out);
        });
    });
    if (!found) out.error = std::string(info.id) + " has no emulator kernel";
}

Trace run_foreign_scan(const trace::Request& request, const VariantInfo& info,
                       const ForeignScan& kernels, const RunOptions& options) {
    return run_foreign(request, kernels.source_file, kernels.source_text,
                       [&](const sim::Schedule& schedule, Trace& out) {
                           trace::visit_dtype(request.type, [&](auto zero) {
                               using T = decltype(zero);
                               scan::ScanKernels<T, SimProbe> k;
                               if constexpr (std::is_same_v<T, int>) k.tile = kernels.int32;
                               if constexpr (std::is_same_v<T, float>) k.tile = kernels.float32;
                               if constexpr (std::is_same_v<T, double>) k.tile = kernels.float64;
                               if (!k.tile) {
                                   out.error = std::string("the kernel has no instantiation for ") +
                                               trace::dtype_name(request.type);
                                   return;
                               }
                               execute<T>(k, info, schedule, options, out);
                           });
                       });
}

}  // namespace ws::run
