#include "kernels/cuda/cupti_api.hpp"

#include <cuda_runtime_api.h>
#include <dlfcn.h>

#include <mutex>
#include <vector>

#include "kernels/cuda/toolkit_library.hpp"

namespace ws::cuda::cupti {
namespace {

struct Loaded {
    Api api;
    std::string why;        // empty when every function was found
    std::string cupti_why;  // empty when every CUPTI function was found
};

Loaded load() {
    Loaded l;
    const ToolkitLibrary found =
        open_toolkit_library("libcupti.so.13", {"lib64", "extras/CUPTI/lib64"});
    void* lib = found.handle;
    if (!lib) {
        l.why = "CUPTI not found (libcupti.so.13, the CUDA toolkit's profiling library; tried " +
                found.tried + ")";
        l.cupti_why = l.why;
        return l;
    }
#define WS_LOAD(name)                                                       \
    l.api.name = reinterpret_cast<decltype(l.api.name)>(dlsym(lib, #name)); \
    if (!l.api.name && l.why.empty()) l.why = "CUPTI has no " #name " (an older CUPTI than 13?)";
    WS_CUPTI_FUNCTIONS(WS_LOAD)
#undef WS_LOAD
    l.cupti_why = l.why;
#define WS_DRIVER(name)                                                                       \
    {                                                                                         \
        void* fn = nullptr;                                                                   \
        cudaDriverEntryPointQueryResult found{};                                              \
        if (cudaGetDriverEntryPointByVersion(#name, &fn, 12000, cudaEnableDefault, &found) != \
                cudaSuccess ||                                                                \
            found != cudaDriverEntryPointSuccess)                                             \
            fn = nullptr;                                                                     \
        l.api.name = reinterpret_cast<decltype(l.api.name)>(fn);                              \
        if (!l.api.name && l.why.empty()) l.why = "the CUDA driver has no " #name;            \
    }
    WS_DRIVER_FUNCTIONS(WS_DRIVER)
#undef WS_DRIVER
    return l;
}

const Loaded& loaded() {
    static const Loaded once = load();
    return once;
}

}  // namespace

const Api* api(std::string& why) {
    why = loaded().why;
    return why.empty() ? &loaded().api : nullptr;
}

const Api* host_api(std::string& why) {
    why = loaded().cupti_why;
    return why.empty() ? &loaded().api : nullptr;
}

}  // namespace ws::cuda::cupti
