#include "kernels/cuda/cupti_api.hpp"

#include <cuda_runtime_api.h>
#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <vector>

namespace ws::cuda::cupti {
namespace {

// Where libcupti.so.13 is looked for: the loader's own search (LD_LIBRARY_PATH, the cache),
// then $CUDA_HOME and the toolkit's usual places.
std::vector<std::string> candidates() {
    std::vector<std::string> paths = {"libcupti.so.13"};
    for (const char* var : {"CUDA_HOME", "CUDA_PATH"})
        if (const char* home = std::getenv(var))
            paths.push_back(std::string(home) + "/lib64/libcupti.so.13");
    paths.push_back("/usr/local/cuda/lib64/libcupti.so.13");
    paths.push_back("/usr/local/cuda/extras/CUPTI/lib64/libcupti.so.13");
    return paths;
}

struct Loaded {
    Api api;
    std::string why;        // empty when every function was found
    std::string cupti_why;  // empty when every CUPTI function was found
};

Loaded load() {
    Loaded l;
    void* lib = nullptr;
    std::string tried;
    for (const std::string& path : candidates()) {
        lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (lib) break;
        tried += (tried.empty() ? "" : ", ") + path;
    }
    if (!lib) {
        l.why = "CUPTI not found (libcupti.so.13, the CUDA toolkit's profiling library; tried " +
                tried + ")";
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
