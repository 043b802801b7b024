// Faults on purpose, for the [gpu] tests of error handling: an invalid launch (caught at once)
// and an illegal address (a sticky error that poisons the context until it is reset).
#include "kernels/cuda/check.hpp"
#include "kernels/cuda/cuda_backend.hpp"

namespace ws::cuda {
namespace {
__global__ void write_through_null(int* p) { p[threadIdx.x] = 1; }
}  // namespace

void recover_after_error() {
    // A kernel fault leaves the context unusable; a fresh one serves the next request.
    if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess)
        cudaDeviceReset();
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
