// Faults on purpose, for the [gpu] tests of error handling: an invalid launch (caught at once)
// and an illegal address (a sticky error that poisons the context until it is reset).
#include "kernels/cuda/check.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/cuda/gpu_lost.hpp"

namespace ws::cuda {
namespace {
__global__ void write_through_null(int* p) {
    p[threadIdx.x] = 1;
}
}  // namespace

void recover_after_error() {
    cudaGetLastError();  // clears an error that is not sticky
    const cudaError_t sticky = cudaDeviceSynchronize();
    if (sticky == cudaSuccess) return;
    // A kernel fault poisons the context, and on the drivers we met (580, CUDA 13.0) not even
    // cudaDeviceReset gives the process a usable device back: the GPU is lost for this session.
    mark_gpu_lost(std::string("the GPU failed earlier in this session (") +
                  cudaGetErrorString(sticky) + "); restart warpscope to use it again");
}

std::string provoke_error_for_test(bool sticky) {
    try {
        WS_CUDA(cudaSetDevice(0), "fault test");
        if (sticky) {
            write_through_null<<<1, 32>>>(nullptr);
        } else {
            write_through_null<<<1, 2048>>>(nullptr);  // more threads than a block may have
        }
        check_launch("write_through_null", true);
    } catch (const CudaError& e) {
        recover_after_error();
        return e.what();
    }
    return "";
}

}  // namespace ws::cuda
