// Registers the backends this build has beyond the CPU emulator (kernels/run/backend.hpp): the
// CUDA backend when nvcc was found. Called once at start-up by main and by the tests' runner.
#pragma once

namespace ws::app {
void register_backends();
// The GPU half of run-kernel's child (kernels/user/gpu_runner.hpp), when this build has CUDA.
// Registered before the child starts, and by the tests' runner.
void register_gpu_kernel_runner();
}  // namespace ws::app
