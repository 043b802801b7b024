// Is there a usable CUDA device, and what is it.
#include <cstdio>

#include "kernels/cuda/check.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/cuda/gpu_lost.hpp"

namespace ws::cuda {

std::string unavailable_reason() {
    if (std::string lost = gpu_lost_reason(); !lost.empty()) return lost;
    int driver = 0, runtime = 0;
    cudaRuntimeGetVersion(&runtime);
    if (cudaDriverGetVersion(&driver) != cudaSuccess || driver == 0)
        return "no NVIDIA driver is installed (libcuda could not be loaded)";
    int count = 0;
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err == cudaErrorInsufficientDriver) {
        char buf[160];
        std::snprintf(buf, sizeof buf,
                      "the NVIDIA driver (CUDA %d.%d) is older than this build needs (CUDA %d.%d)",
                      driver / 1000, (driver % 1000) / 10, runtime / 1000, (runtime % 1000) / 10);
        return buf;
    }
    if (err == cudaErrorNoDevice || (err == cudaSuccess && count == 0))
        return "no CUDA device was found";
    if (err != cudaSuccess) return std::string("CUDA could not start: ") + cudaGetErrorString(err);
    cudaDeviceProp p{};
    if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) return "CUDA device 0 cannot be queried";
    if (p.major < 7)
        return "device 0 (" + std::string(p.name) + ") is older than Volta; warpscope needs 7.0+";
    return "";
}

std::string query_device(DeviceInfo& d) {
    if (std::string why = unavailable_reason(); !why.empty()) return why;
    try {
        WS_CUDA(cudaSetDevice(0), "device 0");
        cudaDeviceProp p{};
        WS_CUDA(cudaGetDeviceProperties(&p, 0), "device 0");
        d.name = p.name;
        d.ordinal = 0;
        d.sm_count = p.multiProcessorCount;
        d.cc_major = p.major;
        d.cc_minor = p.minor;
        d.global_mem_bytes = p.totalGlobalMem;
        d.l2_bytes = std::uint64_t(p.l2CacheSize);
        d.smem_per_block = p.sharedMemPerBlock;
        d.smem_per_block_optin = p.sharedMemPerBlockOptin;
        int v = 0;
        WS_CUDA(cudaDeviceGetAttribute(&v, cudaDevAttrClockRate, 0), "clock rate");
        d.sm_clock_khz = v;
        WS_CUDA(cudaDeviceGetAttribute(&v, cudaDevAttrMemoryClockRate, 0), "memory clock");
        d.mem_clock_khz = v;
        WS_CUDA(cudaDeviceGetAttribute(&v, cudaDevAttrGlobalMemoryBusWidth, 0), "bus width");
        d.bus_width_bits = v;
        // Double data rate: two transfers per memory clock.
        d.peak_gbps = 2.0 * double(d.mem_clock_khz) * 1e3 * (d.bus_width_bits / 8.0) / 1e9;
        cudaDriverGetVersion(&d.driver_version);
        cudaRuntimeGetVersion(&d.runtime_version);
    } catch (const CudaError& e) {
        return e.what();
    }
    return "";
}

}  // namespace ws::cuda
