// Registers the backends this build has beyond the CPU emulator (kernels/run/backend.hpp): the
// CUDA backend when nvcc was found. Called once at start-up by main and by the tests' runner.
#pragma once

namespace ws::app {
void register_backends();
}  // namespace ws::app
