// The registered GPU half of running a student's kernel (gpu_runner.hpp).
#include "kernels/user/gpu_runner.hpp"

namespace ws::user {
namespace {
GpuRunner g_runner;
}  // namespace

void register_gpu_runner(const GpuRunner& runner) {
    g_runner = runner;
}

const GpuRunner* gpu_runner() {
    return g_runner.run && g_runner.device_arch ? &g_runner : nullptr;
}

}  // namespace ws::user
