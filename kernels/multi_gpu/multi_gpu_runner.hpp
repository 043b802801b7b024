// The multi-GPU bench's GPU side (issue 20), registered by the program when it is built with CUDA
// and NCCL (app/backends.cpp). Plain C++.
#pragma once
#include "kernels/multi/multi_gpu_bench.hpp"

namespace ws::multi {
MultiGpuBench multi_gpu_runner();
}  // namespace ws::multi
