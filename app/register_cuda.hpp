// The CUDA backend behind kernels/run/backend.hpp: runs on kernels/cuda, sweeps with
// kernels/bench. Built only when nvcc is found.
#pragma once

namespace ws::app {
void register_cuda_backend();
}  // namespace ws::app
