// Loads the Compute Sanitizer API at run time (sanitizer_api.hpp).
#include "kernels/cuda/sanitizer_api.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <vector>

namespace ws::cuda::sanitizer {
namespace {

// Where libsanitizer-public.so is looked for: the loader's own search, then $CUDA_HOME's and the
// toolkit's compute-sanitizer folder.
std::vector<std::string> candidates() {
    std::vector<std::string> paths = {"libsanitizer-public.so"};
    for (const char* var : {"CUDA_HOME", "CUDA_PATH"})
        if (const char* home = std::getenv(var))
            paths.push_back(std::string(home) + "/compute-sanitizer/libsanitizer-public.so");
    paths.push_back("/usr/local/cuda/compute-sanitizer/libsanitizer-public.so");
    paths.push_back("/opt/cuda/compute-sanitizer/libsanitizer-public.so");
    return paths;
}

struct Loaded {
    Api api;
    std::string why;
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
        l.why =
            "the Compute Sanitizer API is not installed (libsanitizer-public.so, CUDA's "
            "compute-sanitizer folder; tried " +
            tried + ")";
        return l;
    }
#define WS_LOAD(name, type)                                     \
    l.api.name = reinterpret_cast<Fn<type>>(dlsym(lib, #name)); \
    if (!l.api.name && l.why.empty())                           \
        l.why = "the Compute Sanitizer API has no " #name " (older than CUDA 12?)";
    WS_SANITIZER_FUNCTIONS(WS_LOAD)
#undef WS_LOAD
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

std::string result_text(Result r) {
    if (r == kSuccess) return "";
    const char* text = nullptr;
    if (const Api* a = loaded().why.empty() ? &loaded().api : nullptr)
        a->sanitizerGetResultString(r, &text);
    return std::string(text ? text : "error") + " (" + std::to_string(r) + ")";
}

}  // namespace ws::cuda::sanitizer
