// Loads the Compute Sanitizer API at run time (sanitizer_api.hpp).
#include "kernels/cuda/sanitizer_api.hpp"

#include <dlfcn.h>

#include <vector>

#include "kernels/cuda/toolkit_library.hpp"

namespace ws::cuda::sanitizer {
namespace {

struct Loaded {
    Api api;
    std::string why;
};

Loaded load() {
    Loaded l;
    const ToolkitLibrary found =
        open_toolkit_library("libsanitizer-public.so", {"compute-sanitizer"});
    void* lib = found.handle;
    if (!lib) {
        l.why =
            "the Compute Sanitizer API is not installed (libsanitizer-public.so, CUDA's "
            "compute-sanitizer folder; tried " +
            found.tried + ")";
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
