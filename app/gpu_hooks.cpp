// The window's GPU hooks: runs and live sweeps go to the CUDA backend when a device is usable.
// Lives in app/ so that ui/ never sees CUDA (the layering test checks it).
#include "app/gpu_hooks.hpp"

#if defined(WS_HAVE_GUI) && defined(WS_HAVE_CUDA)
#include "kernels/bench/bench.hpp"
#include "kernels/catalog.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "ui/backend_hooks.hpp"

namespace ws::app {
// Hands the window the GPU (runs and live sweeps) when a CUDA device is usable; ui/ itself
// never sees CUDA.
void register_gpu_hooks() {
    ws::cuda::DeviceInfo info;
    if (!ws::cuda::query_device(info).empty()) return;
    ws::ui::GpuBackend& g = ws::ui::gpu_backend();
    g.name = info.name;
    g.run = [](const ws::trace::Request& r, const ws::run::RunOptions& o) {
        return ws::cuda::run_on_gpu(r, o);
    };
    g.sweep = [](const ws::ui::SweepRequest& s, const ws::ui::SweepProgress& progress,
                 const std::atomic<bool>& cancel, std::string* error) {
        ws::bench::BenchConfig c;
        c.algos = s.algos;
        c.type = s.type;
        c.sizes = s.sizes;
        c.cancel = &cancel;
        // Points per size: the variants asked for and the baselines beside them.
        const double variants = double(s.algos.empty() ? ws::catalog().size() : s.algos.size());
        const double total = double(s.sizes.size()) * (variants + 7);
        double done = 0;
        c.progress = [&](const std::string& line) {
            done += 1;
            progress(done < total ? done / total : 1.0, line);
        };
        const ws::bench::BenchResult r = ws::bench::run_bench(c);
        *error = r.error;
        return r.points.empty() ? std::string() : ws::bench::bench_json(r);
    };
}
}  // namespace ws::app
#else
namespace ws::app {
void register_gpu_hooks() {}
}  // namespace ws::app
#endif
