// The CUDA backend: device 0, its facts, runs of one request and bandwidth sweeps.
#include "app/register_cuda.hpp"

#include <cstdio>
#include <memory>

#include "kernels/bench/bench.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/run/backend.hpp"
#include "kernels/run/memory_estimate.hpp"
#include "kernels/run/request_parse.hpp"

namespace ws::app {
namespace {

// printf into a string, for the info lines.
template <class... Args>
std::string format(const char* f, Args... args) {
    char buf[200];
    std::snprintf(buf, sizeof buf, f, args...);
    return buf;
}

class CudaBackend final : public run::Backend {
  public:
    std::string name() const override { return "cuda"; }
    std::string device() const override {
        cuda::DeviceInfo d;
        return cuda::query_device(d).empty() ? d.name : "no CUDA device";
    }
    std::string unavailable_reason() const override { return cuda::unavailable_reason(); }
    std::vector<run::InfoLine> info() const override {
        cuda::DeviceInfo d;
        if (std::string why = cuda::query_device(d); !why.empty()) return {{"device", why}};
        return {
            {"device", format("%s (ordinal %d, compute capability %d.%d)", d.name.c_str(),
                              d.ordinal, d.cc_major, d.cc_minor)},
            {"SMs", std::to_string(d.sm_count)},
            {"memory", format("%.1f GiB, %d-bit bus at %d MHz: %.0f GB/s theoretical",
                              double(d.global_mem_bytes) / (1u << 30), d.bus_width_bits,
                              d.mem_clock_khz / 1000, d.peak_gbps)},
            {"L2", format("%.1f MiB", double(d.l2_bytes) / (1u << 20))},
            {"shared/block",
             format("%llu KiB (%llu KiB opt-in)", (unsigned long long)(d.smem_per_block / 1024),
                    (unsigned long long)(d.smem_per_block_optin / 1024))},
            {"shared/SM", format("%llu KiB", (unsigned long long)(d.smem_per_sm / 1024))},
            {"code", d.code + " (this build: " + cuda::built_for() + ")"},
            {"SM clock", format("%d MHz", d.sm_clock_khz / 1000)},
            {"driver",
             format("%d.%d, runtime %d.%d", d.driver_version / 1000, (d.driver_version % 1000) / 10,
                    d.runtime_version / 1000, (d.runtime_version % 1000) / 10)},
        };
    }
    std::uint64_t max_elements() const override { return run::kMaxElementsGpu; }
    bool runs_concurrently() const override { return false; }
    std::string variant_refusal(const VariantInfo& v) const override {
        cuda::DeviceInfo d;
        if (!cuda::query_device(d).empty()) return "";  // run() says what is wrong with the GPU
        return run::gpu_refusal(v, cuda::gpu_facts(d));
    }
    std::string start_sanitizer_recorder() const override {
        return cuda::start_catalog_sanitizer_recorder();
    }
    trace::Trace run(const trace::Request& request, const run::RunOptions& options) const override {
        try {  // (run_on_gpu refuses a variant this GPU cannot run, in one line)
            return cuda::run_on_gpu(request, options);
        } catch (const std::bad_alloc&) {  // the host's memory: the trace copied back, say
            trace::Trace out;
            out.request = request;
            out.device = device();
            out.error = run::out_of_memory(request);
            return out;
        }
    }
    bool can_sweep() const override { return true; }
    run::Measurements sweep(const run::SweepRequest& request, const run::SweepProgress& progress,
                            const std::atomic<bool>& cancel) const override {
        bench::BenchConfig config;
        static_cast<run::SweepRequest&>(config) = request;
        config.progress = progress;
        config.cancel = &cancel;
        return bench::run_bench(config);
    }
};

}  // namespace

void register_cuda_backend() {
    run::register_backend(std::make_unique<CudaBackend>());
}

}  // namespace ws::app
