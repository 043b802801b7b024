#include "kernels/bench/bench.hpp"

#include <algorithm>
#include <functional>
#include <vector>

#include "kernels/baselines.hpp"
#include "kernels/bench/baseline_timers.cuh"
#include "kernels/bench/contention.cuh"
#include "kernels/bench/timing.cuh"
#include "kernels/cuda/check.hpp"
#include "kernels/cuda/reduce_launch.cuh"
#include "kernels/cuda/scan_launch.cuh"
#include "kernels/launch_plan.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/request_check.hpp"

namespace ws::bench {
namespace {

constexpr unsigned kBlock = 256;

std::vector<const VariantInfo*> variants_of(const BenchConfig& cfg) {
    std::vector<const VariantInfo*> out;
    for (const auto& v : catalog())
        if (cfg.algos.empty() ||
            std::find(cfg.algos.begin(), cfg.algos.end(), v.id) != cfg.algos.end())
            out.push_back(&v);
    return out;
}

// What a sweep times on this GPU, and what it skips (one line each, kernels/run/gpu_support.hpp).
struct Timed {
    std::vector<const VariantInfo*> variants;
    std::vector<const Baseline*> baselines;
    std::vector<std::string> skipped;
};
Timed timed_here(const BenchConfig& cfg, const run::GpuFacts& gpu) {
    Timed t;
    for (const VariantInfo* v : variants_of(cfg)) {
        if (std::string why = run::gpu_refusal(*v, gpu); !why.empty())
            t.skipped.push_back(why);
        else
            t.variants.push_back(v);
    }
    if (cfg.baselines)
        for (const Baseline& b : baselines()) {
            const VariantInfo* on = b.runs_kernel_of ? find_variant(b.runs_kernel_of) : nullptr;
            if (std::string why = on ? run::gpu_refusal(*on, gpu, b.name) : ""; !why.empty())
                t.skipped.push_back(why);
            else
                t.baselines.push_back(&b);
        }
    return t;
}
// Points a size has: each variant (at each stride it takes) and each baseline timed.
std::size_t points_of(const BenchConfig& cfg, const Timed& timed) {
    if (cfg.contention) return std::size(kContentionPoints);
    std::size_t points = 0;
    for (const VariantInfo* v : timed.variants) points += v->takes_stride ? cfg.strides.size() : 1;
    return points + timed.baselines.size();
}
// Device 0's facts; none (every variant counted) where it cannot be queried.
run::GpuFacts device_facts() {
    cuda::DeviceInfo d;
    return cuda::query_device(d).empty() ? cuda::gpu_facts(d) : run::GpuFacts{};
}

// A variant device-wide through its plan: scans (of the size point's kind) into the output,
// reductions to their one value.
template <class T>
void time_variant(SizePoint<T>& s, const VariantInfo& v, BenchPoint& p) {
    // kBlock threads, or the one size a variant takes (scan-pipeline: 224; the file's header
    // records kBlock).
    const unsigned block = usable_block(v.block_rule, kBlock);
    p.bytes = bytes_moved(v, s.n, block, trace::dtype_of<T>());
    if (v.family == Family::Memory) {  // checked in full against the CPU, as verify does
        cuda::FastScan<T> fast(v, s.n, block, trace::ScanKind::Inclusive, p.stride);
        time_point([&](unsigned k) { fast.run(s.input(k), s.out.get()); }, s.inputs, p);
        p.ok = memory_ok(v, s.host, s.out.get());
    } else if (v.scan_op == ScanOp::CompactPositive) {  // reads n, writes the kept: as CUB's select
        p.bytes = s.bytes + s.kept * sizeof(T);
        cuda::FastScan<T> fast(v, s.n, block, trace::ScanKind::Inclusive);
        time_point([&](unsigned k) { fast.run(s.input(k), s.out.get()); }, s.inputs, p);
        // The last run read input inputs - 1 or earlier: every copy holds the same array.
        p.ok = compaction_ok(s.host, s.out.get(), fast.kept_count());
    } else if (v.family == Family::Scan) {
        cuda::FastScan<T> fast(v, s.n, block, s.kind);
        time_point([&](unsigned k) { fast.run(s.input(k), s.out.get()); }, s.inputs, p);
        p.ok = result_ok(s.out.get() + (s.n - 1), s.scan_last, s.n);
    } else {
        cuda::FastReduction<T> fast(v, s.n, block);
        time_point([&](unsigned k) { fast.run(s.input(k)); }, s.inputs, p);
        // The sum (or count) is checked; the four values' min, max and average are verify's.
        p.ok = result_ok(fast.result() + result_index(v.reduce_op), s.reference(v.reduce_op), s.n);
    }
}

template <class T>
void bench_type(const BenchConfig& cfg, const cuda::DeviceInfo& device, run::Measurements& out) {
    const char* type = trace::dtype_name(cfg.type);
    // The variants and baselines this GPU cannot run: skipped, each said once.
    const Timed timed = timed_here(cfg, cuda::gpu_facts(device));
    const std::vector<const VariantInfo*>& variants = timed.variants;
    // (Handed to the progress with the points: the lab says them.)
    out.skipped = timed.skipped;
    const double total = double(cfg.sizes.size() * points_of(cfg, timed));
    for (std::uint64_t n : cfg.sizes) {
        if (cfg.cancel && cfg.cancel->load()) {
            out.error = "cancelled";
            return;
        }
        SizePoint<T> s;
        prepare_size_point(s, n, cfg.kind, device);
        auto emit = [&](BenchPoint p) {
            p.type = type;
            p.n = n;
            p.l2_resident = s.l2_resident;
            out.points.push_back(p);
            if (cfg.progress) {
                char line[200];
                std::snprintf(
                    line, sizeof line, "%-30s %-6s n=%-10llu %9.4f ms %8.1f GB/s%s%s",
                    (p.stride == 1 ? p.algo : p.algo + " stride " + std::to_string(p.stride))
                        .c_str(),
                    type, (unsigned long long)n, p.ms, p.gbps, s.l2_resident ? "  (L2)" : "",
                    p.ok ? "" : "  WRONG RESULT");
                cfg.progress(std::min(double(out.points.size()) / total, 1.0), line, out);
            }
        };
        if (cfg.contention) {
            for (const ContentionPoint& c : kContentionPoints) {
                if (!contention_point_runs(c, n)) {
                    if (cfg.progress)
                        cfg.progress(double(out.points.size()) / total,
                                     std::string(c.name) + " n=" + std::to_string(n) +
                                         ": skipped above 2^16 elements (every thread retries "
                                         "against every other: minutes a run)",
                                     out);
                    continue;
                }
                BenchPoint p;
                p.algo = c.name;
                time_contention(s, c, kBlock, p);
                emit(p);
            }
            continue;
        }
        // One round: every point of the size once, in order; each handed to `take` with its
        // place. False when a baseline cannot be timed.
        auto round = [&](const std::function<void(std::size_t, BenchPoint)>& take) {
            std::size_t place = 0;
            for (const VariantInfo* v : variants)
                for (unsigned stride : v->takes_stride ? cfg.strides : std::vector<unsigned>{1}) {
                    BenchPoint p;
                    p.algo = v->id;
                    p.stride = stride;
                    time_variant(s, *v, p);
                    take(place++, p);
                }
            for (const Baseline* baseline : timed.baselines) {
                BenchPoint p;
                p.algo = baseline->name;
                const BaselineTimer<T> time = baseline_timer<T>(baseline->name);
                if (!time) {
                    out.error = p.algo + ": a baseline with no timing function";
                    return false;
                }
                time(s, p);
                take(place++, p);
            }
            return true;
        };
        if (cfg.rounds <= 1) {
            if (!round([&](std::size_t, BenchPoint p) { emit(p); })) return;
            continue;
        }
        std::vector<std::vector<BenchPoint>> taken;  // by place, a point per round
        for (unsigned r = 0; r < cfg.rounds; ++r) {
            const bool timed_all = round([&](std::size_t place, BenchPoint p) {
                if (taken.size() <= place) taken.resize(place + 1);
                taken[place].push_back(p);
            });
            if (!timed_all) return;
        }
        for (const std::vector<BenchPoint>& rounds : taken) emit(run::median_round(rounds));
    }
}

}  // namespace

std::vector<std::string> baselines_without_timer() {
    std::vector<std::string> out;
    for (const Baseline& b : baselines())
        if (!baseline_timer<int>(b.name) || !baseline_timer<float>(b.name) ||
            !baseline_timer<double>(b.name))
            out.push_back(b.name);
    return out;
}

run::Measurements run_bench(const BenchConfig& cfg) {
    run::Measurements out;
    cuda::DeviceInfo device;
    if (std::string why = cuda::query_device(device); !why.empty()) {
        out.error = "no CUDA device: " + why;
        return out;
    }
    out = measurements_header(device, kBlock, cfg.kind);
    if (cfg.rounds > 1)
        out.timing += "; " + std::to_string(cfg.rounds) +
                      " rounds of every point of a size in turn, each point's median round kept";
    try {
        WS_CUDA(cudaSetDevice(0), "bench thread");
        trace::visit_dtype(cfg.type,
                           [&](auto zero) { bench_type<decltype(zero)>(cfg, device, out); });
    } catch (const cuda::CudaError& e) {
        out.error = e.what();
    }
    return out;
}

std::size_t points_per_size(const BenchConfig& cfg) {
    return points_of(cfg, timed_here(cfg, device_facts()));
}

std::vector<std::string> skipped_here(const BenchConfig& cfg) {
    return cfg.contention ? std::vector<std::string>{} : timed_here(cfg, device_facts()).skipped;
}

}  // namespace ws::bench
