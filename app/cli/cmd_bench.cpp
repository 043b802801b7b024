// `warpscope bench`: the GPU backend's sweep, printed as a table and written as JSON.
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "kernels/algorithms/memory/memory_rules.hpp"
#include "kernels/catalog.hpp"
#include "kernels/io/atomic_file.hpp"
#include "kernels/io/memory.hpp"
#include "kernels/multi/multi_gpu_bench.hpp"
#include "kernels/run/backend.hpp"
#include "kernels/run/measurements.hpp"
#include "kernels/run/request_parse.hpp"

namespace ws::cli {
namespace {
constexpr std::uint64_t kMaxBenchElements = std::uint64_t(1) << 30;

// "2^10..2^28" (every power of two between) or "1000,2^20,5000".
std::vector<std::uint64_t> parse_sizes(const std::string& text) {
    std::vector<std::uint64_t> out;
    const auto dots = text.find("..");
    if (dots != std::string::npos) {
        auto lo = parse_count(text.substr(0, dots)), hi = parse_count(text.substr(dots + 2));
        if (!lo || !hi || *lo == 0 || *lo > *hi || (*lo & (*lo - 1)) != 0)
            throw UsageError{"--sizes " + text + ": write 2^10..2^28 (powers of two)"};
        for (std::uint64_t n = *lo; n <= *hi; n *= 2) {
            out.push_back(n);
            if (n > *hi / 2) break;  // the next doubling passes hi (or wraps past 2^63)
        }
    } else {
        std::size_t start = 0;
        while (start <= text.size()) {
            const auto comma = text.find(',', start);
            auto n = parse_count(text.substr(start, comma - start));
            if (!n || *n == 0) throw UsageError{"--sizes " + text + ": not a list of counts"};
            out.push_back(*n);
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
    }
    for (auto n : out)
        if (n > kMaxBenchElements) throw UsageError{"--sizes " + text + ": at most 2^30 elements"};
    return out;
}

// "1,2,4,8": copy-strided's strides, each in memory::kMinStride..kMaxStride.
std::vector<unsigned> parse_strides(const std::string& text) {
    std::vector<unsigned> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = text.find(',', start);
        auto s = parse_count(text.substr(start, comma - start));
        if (!s || *s < memory::kMinStride || *s > memory::kMaxStride)
            throw UsageError{"--strides " + text + ": not a list of strides (" +
                             std::to_string(memory::kMinStride) + ".." +
                             std::to_string(memory::kMaxStride) + ")"};
        out.push_back(unsigned(*s));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}
}  // namespace

// `bench --multi-gpu`: NCCL's collectives and the hand rings on every GPU (issue 20).
int cmd_bench_multi_gpu(const BenchOptions& opts) {
    if (opts.algo != "all" || opts.contention || opts.no_baselines)
        throw UsageError{
            "--multi-gpu times NCCL and the hand rings: leave out --algo, "
            "--contention and --no-baselines"};
    multi::MultiGpuBenchRequest request;
    std::string error;
    auto type = run::parse_type(opts.type.empty() ? "float" : opts.type, error);
    if (!type) throw UsageError{error};
    request.type = *type;
    request.sizes = parse_sizes(opts.sizes.empty() ? "2^12..2^28" : opts.sizes);
    if (!opts.json.empty())
        if (std::string why = io::check_output_path(opts.json); !why.empty())
            throw UsageError{"--json: " + why};
    const multi::MultiGpuBench bench = multi::multi_gpu_bench();
    if (!bench) {
        std::fprintf(stderr, "warpscope: bench --multi-gpu: this warpscope was built without %s\n",
                     run::find_backend("cuda") ? "NCCL (nccl.h and libnccl from the CUDA toolkit)"
                                               : "CUDA and NCCL");
        return 2;
    }
    if (!run::usable_gpu()) {
        std::fprintf(stderr, "warpscope: bench --multi-gpu needs CUDA devices: %s\n",
                     run::unavailable_reason("cuda").c_str());
        return 2;
    }
    const multi::MultiGpuMeasurements m = bench(request);
    if (!m.devices.empty()) {
        std::string devices;
        for (const std::string& d : m.devices) devices += (devices.empty() ? "" : ", ") + d;
        std::printf("%zu GPUs (%s), NCCL %s, peer access: %s, %s\n", m.devices.size(),
                    devices.c_str(), m.nccl_version.c_str(), m.peer_access.c_str(), m.date.c_str());
    }
    bool all_ok = true;
    for (const multi::MultiGpuPoint& p : m.points) {
        std::printf("%s\n", multi::multi_gpu_line(p).c_str());
        all_ok &= p.ok;
    }
    if (!opts.json.empty())
        if (std::string e = io::write_file_atomically(opts.json, multi::multi_gpu_json(m));
            !e.empty()) {
            std::fprintf(stderr, "warpscope: %s\n", e.c_str());
            return 1;
        }
    if (!m.error.empty()) {
        std::fprintf(stderr, "warpscope: %s\n", m.error.c_str());
        return m.devices.empty() ? 2 : 1;  // nothing ran (fewer than two GPUs): as no device
    }
    return all_ok ? 0 : 1;
}

int cmd_bench(const BenchOptions& opts) {
    if (opts.multi_gpu) return cmd_bench_multi_gpu(opts);
    run::SweepRequest request;
    if (opts.algo != "all")
        for (const VariantInfo* v : select_variants(opts.algo)) request.algos.push_back(v->id);
    std::string error;
    auto type = run::parse_type(opts.type.empty() ? "int" : opts.type, error);
    if (!type) throw UsageError{error};
    request.type = *type;
    auto kind = run::parse_kind(opts.kind, error);
    if (!kind) throw UsageError{error};
    request.kind = *kind;
    request.sizes = parse_sizes(opts.sizes.empty() ? "2^10..2^28" : opts.sizes);
    request.strides = parse_strides(opts.strides);
    request.baselines = !opts.no_baselines;
    request.contention = opts.contention;
    if (opts.rounds < 1 || opts.rounds > run::kMaxBenchRounds)
        throw UsageError{"--rounds " + std::to_string(opts.rounds) + ": 1 to " +
                         std::to_string(run::kMaxBenchRounds)};
    request.rounds = opts.rounds;
    if (opts.contention && opts.algo != "all")
        throw UsageError{"--contention times atomics, not algorithms: leave out --algo"};
    if (!opts.json.empty())
        if (std::string why = io::check_output_path(opts.json); !why.empty())
            throw UsageError{"--json: " + why};
    // The host holds the input and the result of the largest size (the GPU says itself when its
    // memory is short).
    const std::uint64_t largest = *std::max_element(request.sizes.begin(), request.sizes.end());
    const std::uint64_t needs = 2 * largest * trace::dtype_size(request.type);
    if (const std::uint64_t free = io::available_memory(); free && needs > free)
        throw UsageError{"--sizes " + opts.sizes + ": the largest size needs about " +
                         io::bytes_text(needs) + " of host memory, " + io::bytes_text(free) +
                         " is free"};
    const run::Backend* gpu = run::usable_gpu();
    if (!gpu) {
        std::fprintf(stderr, "warpscope: bench needs a CUDA device: %s\n",
                     run::unavailable_reason("cuda").c_str());
        return 2;
    }
    const bool tty = isatty(fileno(stderr));
    const std::atomic<bool> never{false};
    const run::Measurements r = gpu->sweep(
        request,
        [&](double, const std::string& line, const run::Measurements&) {
            std::fprintf(stderr, tty ? "\r\033[K%s" : "%s\n", line.c_str());
        },
        never);
    if (tty) std::fprintf(stderr, "\n");
    std::printf("%s (%d SMs, L2 %.0f MiB, %.0f GB/s theoretical), %s, %s scans\n", r.device.c_str(),
                r.sm_count, double(r.l2_bytes) / (1 << 20), r.peak_gbps, r.date.c_str(),
                trace::scan_kind_name(r.scan_kind));
    std::printf("%-30s %-6s %12s %10s %9s\n", "algo", "type", "n", "ms", "GB/s");
    for (const auto& p : r.points)
        std::printf(
            "%-30s %-6s %12llu %10.4f %9.1f%s%s\n",
            (p.stride == 1 ? p.algo : p.algo + " stride " + std::to_string(p.stride)).c_str(),
            p.type.c_str(), (unsigned long long)p.n, p.ms, p.gbps, p.l2_resident ? "  L2" : "",
            p.ok ? "" : "  WRONG");
    for (const std::string& why : r.skipped) std::printf("skipped: %s\n", why.c_str());
    if (!opts.json.empty()) {
        const std::string e =
            io::write_file_atomically(opts.json, run::measurements_json(r) + "\n");
        if (!e.empty()) {
            std::fprintf(stderr, "warpscope: %s\n", e.c_str());
            return 1;
        }
    }
    if (!r.error.empty()) {
        std::fprintf(stderr, "warpscope: %s\n", r.error.c_str());
        return 1;
    }
    for (const auto& p : r.points)
        if (!p.ok) return 1;
    return 0;
}

}  // namespace ws::cli
