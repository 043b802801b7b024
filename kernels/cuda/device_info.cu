// Is there a usable CUDA device, and what is it.
#include <cstdio>

#include "kernels/cuda/check.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/cuda/gpu_lost.hpp"

// The architectures this build holds code for, as CMake was given them, with commas
// ("90-real,90-virtual": CMakeLists.txt).
#ifndef WS_CUDA_ARCHITECTURES
#define WS_CUDA_ARCHITECTURES "unknown"
#endif

namespace ws::cuda {

namespace {
// A kernel that does nothing: its attributes say which of this build's code the driver gives
// device 0 (every kernel of the build is compiled for the same architectures).
__global__ void code_probe() {}

// "sm_90 machine code" / "compute_75 PTX"; the PTX architecture the code was compiled for in
// `code_sm`; or an error: no code of this build runs on the device.
std::string code_for_device(const cudaDeviceProp& p, int& code_sm, std::string& what) {
    cudaFuncAttributes a{};
    const cudaError_t e = cudaFuncGetAttributes(&a, code_probe);
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        return "this build has no code for device 0 (" + std::string(p.name) + ", sm_" +
               std::to_string(p.major) + std::to_string(p.minor) + "): it was built for " +
               built_for() + "; build it on this machine (the default), or with the all-gpus " +
               "preset";
    }
    code_sm = a.ptxVersion;
    what = a.binaryVersion == a.ptxVersion && a.ptxVersion == p.major * 10 + p.minor
               ? "sm_" + std::to_string(a.binaryVersion) + " machine code"
               : "compute_" + std::to_string(a.ptxVersion) + " code, compiled for sm_" +
                     std::to_string(a.binaryVersion);
    return "";
}
}  // namespace

std::string built_for() {
    std::string list = WS_CUDA_ARCHITECTURES, out;
    for (std::size_t at = 0; at <= list.size();) {
        std::size_t end = list.find(',', at);
        if (end == std::string::npos) end = list.size();
        std::string a = list.substr(at, end - at);
        at = end + 1;
        if (a.empty()) continue;
        const std::size_t dash = a.find('-');
        const std::string number = a.substr(0, dash);
        const std::string kind = dash == std::string::npos ? "" : a.substr(dash + 1);
        if (!out.empty()) out += ", ";
        out += kind == "virtual" ? "compute_" + number + " PTX"
               : kind == "real"  ? "sm_" + number
                                 : "sm_" + number + " and compute_" + number + " PTX";
    }
    return out;
}

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
    if (p.major * 10 + p.minor < 75)
        return "device 0 (" + std::string(p.name) + ") is older than Turing; warpscope needs " +
               "compute capability 7.5 or newer (CUDA 13 builds for nothing older)";
    int code_sm = 0;
    std::string what;
    return code_for_device(p, code_sm, what);
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
        d.smem_per_sm = p.sharedMemPerMultiprocessor;
        if (std::string e = code_for_device(p, d.code_sm, d.code); !e.empty()) return e;
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
