// The one place that knows whether this build has CUDA.
#include "app/backends.hpp"

#if defined(WS_HAVE_CUDA)
#include "app/register_cuda.hpp"
#include "kernels/cuda/user_kernel.hpp"
#endif
#if defined(WS_HAVE_NCCL)
#include "kernels/multi_gpu/multi_gpu_runner.hpp"
#endif

namespace ws::app {

void register_backends() {
#if defined(WS_HAVE_CUDA)
    register_cuda_backend();
#endif
#if defined(WS_HAVE_NCCL)
    multi::register_multi_gpu_bench(multi::multi_gpu_runner());
#endif
}

void register_gpu_kernel_runner() {
#if defined(WS_HAVE_CUDA)
    user::register_gpu_runner(cuda::user_kernel_runner());
#endif
}

}  // namespace ws::app
