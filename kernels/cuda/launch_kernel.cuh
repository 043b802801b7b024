// Launching a kernel through a pointer with cudaLaunchKernel rather than <<<...>>>. The two are
// the same for a kernel nvcc compiled into the program (the chevrons call its host stub, which
// calls cudaLaunchKernel with the stub's address); only this form also takes a cudaKernel_t from
// cudaLibraryGetKernel in the pointer's place, which is how a student's kernel compiled by NVRTC
// runs through the catalog's own plans (kernels/cuda/user_kernel.cu). An error is left for
// check_launch, as a failed <<<...>>> leaves it.
#pragma once
#include <cuda_runtime.h>

#include <mutex>
#include <set>
#include <tuple>

namespace ws::cuda {

// More dynamic shared memory than this (scan-pipeline's stages) must be allowed first, on the
// very kernel the launch names; once for each kernel, device and size (a driver call per launch
// would show in bench's timings of small sizes).
inline constexpr unsigned kDefaultDynamicSmem = 48 * 1024;
inline void allow_dynamic_smem(const void* kernel, unsigned bytes) {
    int device = 0;
    (void)cudaGetDevice(&device);
    static std::mutex guard;
    static std::set<std::tuple<const void*, int, unsigned>> allowed;
    const std::lock_guard<std::mutex> lock(guard);
    if (allowed.insert({kernel, device, bytes}).second)
        (void)cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes));
}

template <class... Params, class... Args>
void launch_kernel(void (*kernel)(Params...), unsigned grid, unsigned block, unsigned smem_bytes,
                   cudaStream_t stream, Args... args) {
    static_assert(sizeof...(Params) == sizeof...(Args), "the kernel's parameters");
    if (smem_bytes > kDefaultDynamicSmem)
        allow_dynamic_smem(reinterpret_cast<const void*>(kernel), smem_bytes);
    // Each argument converted to its parameter's type: the launch copies the parameter's bytes.
    auto launch = [&](Params... values) {
        void* argv[] = {static_cast<void*>(&values)...};
        (void)cudaLaunchKernel(reinterpret_cast<const void*>(kernel), dim3(grid), dim3(block), argv,
                               smem_bytes, stream);
    };
    launch(args...);
}

}  // namespace ws::cuda
