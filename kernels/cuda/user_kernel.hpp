// A student's kernel on the GPU (issue 19): the runner the program registers for run-kernel's
// child process (kernels/user/gpu_runner.hpp). Plain C++, no CUDA headers.
#pragma once
#include "kernels/user/gpu_runner.hpp"

namespace ws::cuda {

user::GpuRunner user_kernel_runner();

}  // namespace ws::cuda
