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
#include <type_traits>
#include <utility>

namespace ws::cuda {

// A recorded launch as an observer sees it just before it starts (the GPU recorder of plain
// kernels, sanitizer_recorder.hpp, hands its device callbacks the kernel's buffers and the
// recorder's): the kernel, its pointer arguments in order, and the probe's buffers.
class GpuProbe;
struct GpuTraceBuffers;
inline const GpuTraceBuffers* traced_buffers_of(const GpuProbe& probe);  // gpu_probe.cuh
struct TracedLaunch {
    static constexpr unsigned kMaxPointers = 8;
    const void* kernel = nullptr;
    const void* pointers[kMaxPointers] = {};
    unsigned pointer_count = 0;
    const GpuTraceBuffers* buffers = nullptr;  // a launch with a GpuProbe
    unsigned grid = 0, block = 0;
};
using LaunchObserver = void (*)(const TracedLaunch&);
inline LaunchObserver& launch_observer() {
    static LaunchObserver observer = nullptr;
    return observer;
}
// An argument that carries buffers inside it (scan::TileStatus): recorded_buffers().
template <class V, class = void>
struct carries_buffers : std::false_type {};
template <class V>
struct carries_buffers<V, std::void_t<decltype(std::declval<const V&>().recorded_buffers())>>
    : std::true_type {};

template <class V>
void note_argument(TracedLaunch& t, const V& value) {
    if constexpr (std::is_pointer_v<V>) {
        if (t.pointer_count < TracedLaunch::kMaxPointers) t.pointers[t.pointer_count++] = value;
    } else if constexpr (carries_buffers<V>::value) {
        for (const void* p : value.recorded_buffers())
            if (t.pointer_count < TracedLaunch::kMaxPointers) t.pointers[t.pointer_count++] = p;
    } else if constexpr (std::is_same_v<V, GpuProbe>) {
        t.buffers = traced_buffers_of(value);
    }
}

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
        if (LaunchObserver observer = launch_observer()) {
            TracedLaunch t;
            t.kernel = reinterpret_cast<const void*>(kernel);
            t.grid = grid;
            t.block = block;
            (note_argument(t, values), ...);
            if (t.buffers) observer(t);
        }
        void* argv[] = {static_cast<void*>(&values)...};
        (void)cudaLaunchKernel(reinterpret_cast<const void*>(kernel), dim3(grid), dim3(block), argv,
                               smem_bytes, stream);
    };
    launch(args...);
}

}  // namespace ws::cuda
