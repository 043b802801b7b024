// The GPU half of a student's kernel run (kernels/user/gpu_runner.hpp): the device code NVRTC
// made is loaded as a library (cudaLibraryLoadData), and its two instantiations stand in the
// kernel sets of the catalog's plans, launched through cudaLaunchKernel (launch_kernel.cuh), so
// that the run, its recording, its check and its trace are the built-in variants' own
// (device_runs.cuh). Then the whole plan is timed as bench times a variant, beside a copy, a
// read-only stream and the family's library (CUB), on the same inputs and in the same process.
#include "kernels/baselines.hpp"
#include "kernels/bench/baseline_timers.cuh"
#include "kernels/bench/timing.cuh"
#include "kernels/cuda/check.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/cuda/device_runs.cuh"
#include "kernels/cuda/sanitizer_recorder.hpp"
#include "kernels/cuda/user_kernel.hpp"
#include "kernels/launch_plan.hpp"
#include "kernels/run/request_check.hpp"

#include <chrono>
#include <memory>

namespace ws::cuda {
namespace {

using user::GpuKernelCode;
using user::GpuKernelResult;

// The loaded library, unloaded when it goes.
class Library {
  public:
    explicit Library(const std::vector<char>& cubin) {
        WS_CUDA(cudaLibraryLoadData(&lib_, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0),
                "loading the kernel's device code");
    }
    ~Library() {
        if (lib_) cudaLibraryUnload(lib_);
    }
    Library(const Library&) = delete;
    Library& operator=(const Library&) = delete;
    // The kernel named `lowered`, as the pointer type the plans hold (launch_kernel.cuh).
    template <class Pointer>
    Pointer kernel(const std::string& lowered) const {
        cudaKernel_t k = nullptr;
        WS_CUDA(cudaLibraryGetKernel(&k, lib_, lowered.c_str()), "the kernel " + lowered);
        return reinterpret_cast<Pointer>(k);
    }

  private:
    cudaLibrary_t lib_ = nullptr;
};

// The traced kernel from `patched` (a plain kernel recorded by the Sanitizer API) or `lib`.
template <class Pointer>
Pointer traced_kernel(const Library& lib, const SanitizerRecording* patched,
                      const std::string& name) {
    return patched ? reinterpret_cast<Pointer>(patched->kernel()) : lib.kernel<Pointer>(name);
}

template <class T>
ReduceKernelSet<T> reduction_kernels(const Library& lib, const GpuKernelCode& code,
                                     const SanitizerRecording* patched) {
    ReduceKernelSet<T> k;
    k.fast.pass = lib.kernel<reduce::ReduceKernel<T, probe::NoProbe>>(code.fast_name);
    k.traced.pass =
        traced_kernel<reduce::ReduceKernel<T, GpuProbe>>(lib, patched, code.traced_name);
    k.found = true;
    return k;
}

template <class T>
ScanKernelSet<T> scan_kernels(const Library& lib, const GpuKernelCode& code,
                              const SanitizerRecording* patched) {
    ScanKernelSet<T> k;
    k.fast.tile = lib.kernel<scan::TileScanKernel<T, probe::NoProbe>>(code.fast_name);
    k.traced.tile =
        traced_kernel<scan::TileScanKernel<T, GpuProbe>>(lib, patched, code.traced_name);
    k.found = true;
    return k;
}

// The whole plan timed at the request's n (bench's random inputs, rotated past L2), then the
// baselines a reader judges it by.
template <class T, class KernelSet>
void time_kernel(const VariantInfo& info, const KernelSet& kernels, const trace::Request& req,
                 const DeviceInfo& device, run::Measurements& m) {
    bench::SizePoint<T> s;
    bench::prepare_size_point(s, req.n, req.kind, device);
    bench::BenchPoint p;
    p.algo = user::kTimedKernel;
    p.bytes = bytes_moved(info, req.n, req.block, trace::dtype_of<T>());
    if constexpr (std::is_same_v<KernelSet, ScanKernelSet<T>>) {
        FastScan<T> fast(info, req.n, req.block, s.kind, 1, kernels);
        bench::time_point([&](unsigned k) { fast.run(s.input(k), s.out.get()); }, s.inputs, p);
        p.ok = bench::result_ok(s.out.get() + (s.n - 1), s.scan_last, s.n);
    } else {
        FastReduction<T> fast(info, req.n, req.block, kernels);
        bench::time_point([&](unsigned k) { fast.run(s.input(k)); }, s.inputs, p);
        p.ok = bench::result_ok(fast.result(), s.ref, s.n);
    }
    std::vector<bench::BenchPoint> points = {p};
    for (const char* name : {"copy", "read-only", reference_baseline(info.family).name}) {
        bench::BenchPoint b;
        b.algo = name;
        bench::baseline_timer<T>(name)(s, b);
        points.push_back(b);
    }
    for (bench::BenchPoint& point : points) {
        point.type = trace::dtype_name(trace::dtype_of<T>());
        point.n = req.n;
        point.l2_resident = s.l2_resident;
        m.points.push_back(point);
    }
}

// Runs `record` (the traced pass: its counting and recording launches and copies) and adds its
// wall-clock time to `m` as the point kRecordedKernel, once the timed points are there.
template <class Record>
double recording_ms(Record&& record) {
    WS_CUDA(cudaDeviceSynchronize(), "before the recording");
    const auto t0 = std::chrono::steady_clock::now();
    record();
    WS_CUDA(cudaDeviceSynchronize(), "after the recording");
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

void add_recording_point(double ms, const trace::Request& req, run::Measurements& m) {
    run::MeasuredPoint p;
    p.algo = user::kRecordedKernel;
    p.type = trace::dtype_name(req.type);
    p.n = req.n;
    p.ms = p.ms_min = p.ms_max = ms;
    p.reps = 1;
    m.points.push_back(p);
}

// The witness alone (GpuKernelCode::witness_only): the plan run once over the request's input, then
// its traced pass, unprobed, counted by CUPTI into out.hardware.
template <class T, class KernelSet>
void witness_only(const VariantInfo& info, const KernelSet& kernels, trace::Trace& out) {
    const trace::Request& req = out.request;
    const std::vector<T> input = run::make_input<T>(req.pattern, req.n, req.seed);
    DeviceBuffer<T> d_in(req.n, "input");
    WS_CUDA(cudaMemcpy(d_in.get(), input.data(), req.n * sizeof(T), cudaMemcpyHostToDevice),
            "input");
    if constexpr (std::is_same_v<KernelSet, ScanKernelSet<T>>) {
        DeviceBuffer<T> d_out(req.n, "output");
        FastScan<T> scan(info, req.n, req.block, req.kind, req.stride, kernels);
        scan.run(d_in.get(), d_out.get());
        out.grid = scan.plan().launches[scan.plan().traced].grid;
        read_witness([&] { scan.launch_traced_unprobed(); }, out);
    } else {
        FastReduction<T> reduction(info, req.n, req.block, kernels);
        reduction.run(d_in.get());
        out.grid = reduction.plan().launches[reduction.plan().traced].grid;
        read_witness([&] { reduction.launch_traced_unprobed(); }, out);
    }
    WS_CUDA(cudaDeviceSynchronize(), "the witness's launches");
}

std::string device_arch(std::string& arch) {
    DeviceInfo dev;
    if (std::string why = query_device(dev); !why.empty()) return "no CUDA device: " + why;
    arch = "sm_" + std::to_string(dev.cc_major) + std::to_string(dev.cc_minor);
    return "";
}

GpuKernelResult run_kernel(const trace::Request& request, const VariantInfo& info,
                           const GpuKernelCode& code) {
    GpuKernelResult r;
    trace::Trace& out = r.trace;
    out.request = request;
    out.backend = "cuda";
    out.recorded_at = run::now_iso8601();
    out.threads_per_block = request.block;
    out.smem_type = request.type;
    out.source_file = code.source_file;
    out.source_text = code.source_text;
    // A plain kernel is recorded through the Sanitizer API, which must be there before CUDA is.
    if (code.sanitizer) {
        r.recorder_missing = code.lines.empty() ? "its GPU code has no lines: " + code.lines_error
                                                : start_sanitizer_recorder();
    }
    DeviceInfo dev;
    if (std::string why = query_device(dev); !why.empty()) {
        out.error = "no CUDA device: " + why;
        return r;
    }
    out.device = dev.name;  // the request was checked against the file's rules by the child
    r.timing = bench::measurements_header(dev, request.block, request.kind);
    try {
        // A kernel that never ends is waited for asleep, so the parent's wall-clock limit, not
        // the CPU-time limit, is what ends it.
        cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync);
        WS_CUDA(cudaSetDevice(0), "the kernel's process");
        const Library lib(code.cubin);
        if (code.witness_only) {
            trace::visit_dtype(request.type, [&](auto zero) {
                using T = decltype(zero);
                if (info.family == Family::Scan)
                    witness_only<T>(info, scan_kernels<T>(lib, code, nullptr), out);
                else
                    witness_only<T>(info, reduction_kernels<T>(lib, code, nullptr), out);
            });
            return r;
        }
        std::unique_ptr<SanitizerRecording> patched;
        if (code.sanitizer && r.recorder_missing.empty()) {
            try {
                const PlainLaunchShape shape{info.family == Family::Scan, request.n,
                                             trace::dtype_size(request.type)};
                // A vocabulary kernel's witness: its unprobed instance, whose probe argument
                // (NoProbe, one byte) it never reads.
                patched = std::make_unique<SanitizerRecording>(
                    code.cubin, code.lines, code.plain ? code.traced_name : code.fast_name, shape);
            } catch (const CudaError& e) {
                r.recorder_missing = e.what();
            }
        }
        // The GPU's own bank conflicts over the traced pass, a grade's witness
        // (run/counter_witness.hpp), counted on the unpatched module's kernel.
        run::RunOptions options;
        options.witness = true;
        trace::visit_dtype(request.type, [&](auto zero) {
            using T = decltype(zero);
            if (info.family == Family::Scan) {
                const ScanKernelSet<T> k = scan_kernels<T>(lib, code, patched.get());
                const double ms = recording_ms([&] { run_scan_with<T>(info, k, options, out); });
                if (patched) r.recording_note = patched->finish(out);
                if (out.grid) time_kernel<T>(info, k, request, dev, r.timing);
                if (out.grid) add_recording_point(ms, request, r.timing);
            } else {
                const ReduceKernelSet<T> k = reduction_kernels<T>(lib, code, patched.get());
                const double ms =
                    recording_ms([&] { run_reduction_with<T>(info, k, options, out); });
                if (patched) r.recording_note = patched->finish(out);
                if (out.grid) time_kernel<T>(info, k, request, dev, r.timing);
                if (out.grid) add_recording_point(ms, request, r.timing);
            }
        });
    } catch (const CudaError& e) {
        out.ok = false;
        out.error = e.what();
        r.timing.error = e.what();
    }
    return r;
}

}  // namespace

user::GpuRunner user_kernel_runner() {
    user::GpuRunner g;
    g.device_arch = &device_arch;
    g.run = &run_kernel;
    return g;
}

}  // namespace ws::cuda
