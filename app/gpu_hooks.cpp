// The window's GPU hooks: runs and live sweeps go to the CUDA backend when a device is usable.
// Lives in app/ so that ui/ never sees CUDA (the layering test checks it).
#include "app/gpu_hooks.hpp"

#if defined(WS_HAVE_CUDA)
#include "kernels/bench/bench.hpp"
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
        return ws::bench::sweep_json(c, progress, error);
    };
}
}  // namespace ws::app
#else
namespace ws::app {
void register_gpu_hooks() {}
}  // namespace ws::app
#endif
