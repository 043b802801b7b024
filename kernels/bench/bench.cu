#include "kernels/bench/bench.hpp"

#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <algorithm>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <nlohmann/json.hpp>

#include "kernels/bench/plain_kernels.cuh"
#include "kernels/cuda/check.hpp"
#include "kernels/cuda/reduce_launch.cuh"
#include "kernels/cuda/scan_launch.cuh"
#include "kernels/run/input_data.hpp"
#include "kernels/run/request_check.hpp"

namespace ws::bench {
namespace {

using cuda::DeviceBuffer;

// Times `launch(input_index)` with CUDA events: 3 warm-up runs, then enough runs for ~50 ms
// (10..500), each timed alone; median, min and max.
template <class Launch>
void time_point(Launch&& launch, unsigned inputs, BenchPoint& p) {
    cudaEvent_t start, stop;
    WS_CUDA(cudaEventCreate(&start), "timer");
    WS_CUDA(cudaEventCreate(&stop), "timer");
    for (unsigned i = 0; i < 3; ++i) launch(i % inputs);
    WS_CUDA(cudaDeviceSynchronize(), p.algo + " warm-up");
    WS_CUDA(cudaEventRecord(start), "timer");
    launch(0);
    WS_CUDA(cudaEventRecord(stop), "timer");
    WS_CUDA(cudaEventSynchronize(stop), p.algo);
    float first = 0;
    cudaEventElapsedTime(&first, start, stop);
    const unsigned reps = std::clamp(unsigned(50.0f / std::max(first, 1e-3f)), 10u, 500u);
    std::vector<float> ms(reps);
    for (unsigned r = 0; r < reps; ++r) {
        WS_CUDA(cudaEventRecord(start), "timer");
        launch((r + 1) % inputs);
        WS_CUDA(cudaEventRecord(stop), "timer");
        WS_CUDA(cudaEventSynchronize(stop), p.algo);
        cudaEventElapsedTime(&ms[r], start, stop);
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    std::sort(ms.begin(), ms.end());
    p.reps = reps;
    p.ms = reps % 2 ? ms[reps / 2] : 0.5 * (ms[reps / 2 - 1] + ms[reps / 2]);
    p.ms_min = ms.front();
    p.ms_max = ms.back();
    p.gbps = double(p.bytes) / (p.ms * 1e-3) / 1e9;
}

template <class T>
bool result_ok(const T* device_value, const run::Reference& ref, std::uint64_t n) {
    T v{};
    WS_CUDA(cudaMemcpy(&v, device_value, sizeof(T), cudaMemcpyDeviceToHost), "bench result");
    return run::matches_reference(v, ref, n, nullptr);
}

template <class T>
void bench_type(const BenchConfig& cfg, BenchResult& out) {
    const char* type = trace::dtype_name(cfg.type);
    std::vector<const VariantInfo*> variants;
    for (const auto& v : catalog())
        if (cfg.algos.empty() ||
            std::find(cfg.algos.begin(), cfg.algos.end(), v.id) != cfg.algos.end())
            variants.push_back(&v);
    const unsigned block = 256;
    for (std::uint64_t n : cfg.sizes) {
        if (cfg.cancel && cfg.cancel->load()) {
            out.error = "cancelled";
            return;
        }
        const std::uint64_t bytes = n * sizeof(T);
        // Rotate through enough copies of the input that they do not fit in L2 together.
        const unsigned inputs = unsigned(std::clamp<std::uint64_t>(
            (4 * out.device.l2_bytes + bytes - 1) / bytes, 1,
            std::max<std::uint64_t>(
                1, std::min<std::uint64_t>(64, (std::uint64_t(8) << 30) / bytes))));
        const bool l2_resident = std::uint64_t(inputs) * bytes < 2 * out.device.l2_bytes;
        const std::vector<T> host = run::make_input<T>("random", n, 7);
        const run::Reference ref = run::reference_sum(host);
        DeviceBuffer<T> data(n * inputs, "bench inputs");
        for (unsigned k = 0; k < inputs; ++k)
            WS_CUDA(cudaMemcpy(data.get() + k * n, host.data(), bytes, cudaMemcpyHostToDevice),
                    "bench inputs");
        auto input = [&](unsigned k) { return data.get() + std::uint64_t(k) * n; };
        auto emit = [&](BenchPoint p) {
            p.type = type;
            p.n = n;
            p.l2_resident = l2_resident;
            if (cfg.progress) {
                char line[200];
                std::snprintf(line, sizeof line, "%-30s %-6s n=%-10llu %9.4f ms %8.1f GB/s%s%s",
                              p.algo.c_str(), type, (unsigned long long)n, p.ms, p.gbps,
                              l2_resident ? "  (L2)" : "", p.ok ? "" : "  WRONG RESULT");
                cfg.progress(line);
            }
            out.points.push_back(p);
        };

        DeviceBuffer<T> scanned;  // the scans' output
        for (const VariantInfo* v : variants) {
            BenchPoint p;
            p.algo = v->id;
            p.bytes = bytes_moved(*v, n, block, cfg.type);
            if (v->family == Family::Scan) {
                if (scanned.size() < n) scanned.allocate(n, "scan output");
                cuda::FastScan<T> fast(*v, n, block, trace::ScanKind::Inclusive);
                time_point([&](unsigned k) { fast.run(input(k), scanned.get()); }, inputs, p);
                p.ok = result_ok(scanned.get() + (n - 1), ref, n);  // the last element: the sum
            } else {
                cuda::FastReduction<T> fast(*v, n, block);
                time_point([&](unsigned k) { fast.run(input(k)); }, inputs, p);
                p.ok = result_ok(fast.result(), ref, n);
            }
            emit(p);
        }
        if (!cfg.baselines) continue;

        DeviceBuffer<T> out_buf(std::max<std::uint64_t>(n, 1), "bench output");
        {
            BenchPoint p;
            p.algo = "copy";
            p.bytes = 2 * bytes;
            time_point(
                [&](unsigned k) {
                    WS_CUDA(
                        cudaMemcpyAsync(out_buf.get(), input(k), bytes, cudaMemcpyDeviceToDevice),
                        "copy");
                },
                inputs, p);
            emit(p);
        }
        {
            BenchPoint p;
            p.algo = "read-only";
            p.bytes = bytes;
            const unsigned grid = unsigned(std::max<std::uint64_t>(
                1, std::min<std::uint64_t>((bytes / 16 + 255) / 256, out.device.sm_count * 8ull)));
            time_point(
                [&](unsigned k) {
                    read_only_stream<<<grid, 256>>>(input(k), out_buf.get(), n);
                    cuda::check_launch("read-only", false);
                },
                inputs, p);
            emit(p);
        }
        {
            BenchPoint p;
            p.algo = "cub-reduce";
            p.bytes = bytes;
            std::size_t temp = 0;
            WS_CUDA(cub::DeviceReduce::Sum(nullptr, temp, input(0), out_buf.get(), int(n)), "cub");
            DeviceBuffer<unsigned char> scratch(std::max<std::size_t>(temp, 1), "cub scratch");
            time_point(
                [&](unsigned k) {
                    WS_CUDA(cub::DeviceReduce::Sum(scratch.get(), temp, input(k), out_buf.get(),
                                                   int(n)),
                            "cub::DeviceReduce::Sum");
                },
                inputs, p);
            p.ok = result_ok(out_buf.get(), ref, n);
            emit(p);
        }
        {
            BenchPoint p;
            p.algo = "cub-scan";
            p.bytes = 2 * bytes;
            std::size_t temp = 0;
            WS_CUDA(cub::DeviceScan::InclusiveSum(nullptr, temp, input(0), out_buf.get(), int(n)),
                    "cub");
            DeviceBuffer<unsigned char> scratch(std::max<std::size_t>(temp, 1), "cub scratch");
            time_point(
                [&](unsigned k) {
                    WS_CUDA(cub::DeviceScan::InclusiveSum(scratch.get(), temp, input(k),
                                                          out_buf.get(), int(n)),
                            "cub::DeviceScan::InclusiveSum");
                },
                inputs, p);
            p.ok = result_ok(out_buf.get() + (n - 1), ref, n);
            emit(p);
        }
        {
            BenchPoint p;
            p.algo = "thrust-reduce";
            p.bytes = bytes;
            T sum{};
            time_point(
                [&](unsigned k) {
                    thrust::device_ptr<const T> first(input(k));
                    sum = thrust::reduce(thrust::device, first, first + n, T(0));
                },
                inputs, p);
            p.ok = run::matches_reference(sum, ref, n, nullptr);
            emit(p);
        }
        for (int which = 0; which < 2; ++which) {
            const VariantInfo* v =
                find_variant(which ? "reduce-warp-shuffle" : "reduce-sequential");
            BenchPoint p;
            p.algo = which ? "plain-warp-shuffle" : "plain-sequential";
            p.bytes = bytes_moved(*v, n, block, cfg.type);
            DeviceBuffer<T> a(grid_for(*v, n, block), "plain"),
                b(grid_for(*v, grid_for(*v, n, block), block), "plain");
            const unsigned smem = smem_bytes_for(*v, block, cfg.type);
            const T* last = nullptr;
            time_point(
                [&](unsigned k) {
                    std::uint64_t m = n;
                    const T* in = input(k);
                    T* bufs[2] = {a.get(), b.get()};
                    int w = 0;
                    do {
                        const unsigned grid = grid_for(*v, m, block);
                        if (which)
                            reduce_warp_shuffle_plain<<<grid, block, smem>>>(in, bufs[w],
                                                                             unsigned(m));
                        else
                            reduce_sequential_plain<<<grid, block, smem>>>(in, bufs[w],
                                                                           unsigned(m));
                        cuda::check_launch(p.algo, false);
                        in = last = bufs[w];
                        w ^= 1;
                        m = grid;
                    } while (m > 1);
                },
                inputs, p);
            p.ok = result_ok(last, ref, n);
            emit(p);
        }
    }
}

}  // namespace

BenchResult run_bench(const BenchConfig& cfg) {
    BenchResult out;
    if (std::string why = cuda::query_device(out.device); !why.empty()) {
        out.error = "no CUDA device: " + why;
        return out;
    }
    out.date = run::now_iso8601();
    try {
        WS_CUDA(cudaSetDevice(0), "bench thread");
        switch (cfg.type) {
            case trace::DType::Int32:
                bench_type<int>(cfg, out);
                break;
            case trace::DType::Float32:
                bench_type<float>(cfg, out);
                break;
            case trace::DType::Float64:
                bench_type<double>(cfg, out);
                break;
        }
    } catch (const cuda::CudaError& e) {
        out.error = e.what();
    }
    return out;
}

std::size_t points_per_size(const BenchConfig& cfg) {
    std::size_t variants = 0;
    for (const auto& v : catalog())
        variants += cfg.algos.empty() ||
                    std::find(cfg.algos.begin(), cfg.algos.end(), v.id) != cfg.algos.end();
    return variants + (cfg.baselines ? kBaselinePoints : 0);
}

std::string sweep_json(BenchConfig cfg, const SweepProgress& progress, std::string* error) {
    const double total = double(cfg.sizes.size() * points_per_size(cfg));
    double done = 0;
    cfg.progress = [&](const std::string& line) {
        done += 1;
        if (progress) progress(total > 0 ? std::min(done / total, 1.0) : 1.0, line);
    };
    const BenchResult r = run_bench(cfg);
    if (error) *error = r.error;
    return r.points.empty() ? std::string() : bench_json(r);
}

std::string bench_json(const BenchResult& r) {
    nlohmann::ordered_json j;
    j["device"] = r.device.name;
    j["date"] = r.date;
    j["driver_version"] = r.device.driver_version;
    j["runtime_version"] = r.device.runtime_version;
    j["sm_count"] = r.device.sm_count;
    j["l2_bytes"] = r.device.l2_bytes;
    j["peak_gbps"] = r.device.peak_gbps;
    j["block"] = 256;
    j["timing"] = "CUDA events; 3 warm-up runs; median of 10..500 runs; inputs rotated past L2";
    auto& pts = j["points"] = nlohmann::ordered_json::array();
    for (const auto& p : r.points)
        pts.push_back({{"algo", p.algo},
                       {"type", p.type},
                       {"n", p.n},
                       {"bytes", p.bytes},
                       {"ms", p.ms},
                       {"ms_min", p.ms_min},
                       {"ms_max", p.ms_max},
                       {"gbps", p.gbps},
                       {"reps", p.reps},
                       {"l2_resident", p.l2_resident},
                       {"ok", p.ok}});
    if (!r.error.empty()) j["error"] = r.error;
    return j.dump(1);
}

}  // namespace ws::bench
