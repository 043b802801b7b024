// NVRTC opened at run time and driven (nvrtc_compiler.hpp). The few entry points are declared
// here with NVRTC's C signatures (nvrtc.h), so that this file builds where the toolkit is absent.
#include "kernels/user/nvrtc_compiler.hpp"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>

#include "kernels/user/plain_wrapper.hpp"
#include "kernels/user/toolchain.hpp"

namespace ws::user {
namespace {

using Program = struct NvrtcProgramOpaque*;  // nvrtcProgram
using Result = int;                          // nvrtcResult: 0 is NVRTC_SUCCESS

struct Api {
    const char* (*nvrtcGetErrorString)(Result) = nullptr;
    Result (*nvrtcVersion)(int*, int*) = nullptr;
    Result (*nvrtcCreateProgram)(Program*, const char*, const char*, int, const char* const*,
                                 const char* const*) = nullptr;
    Result (*nvrtcDestroyProgram)(Program*) = nullptr;
    Result (*nvrtcAddNameExpression)(Program, const char*) = nullptr;
    Result (*nvrtcCompileProgram)(Program, int, const char* const*) = nullptr;
    Result (*nvrtcGetProgramLogSize)(Program, std::size_t*) = nullptr;
    Result (*nvrtcGetProgramLog)(Program, char*) = nullptr;
    Result (*nvrtcGetCUBINSize)(Program, std::size_t*) = nullptr;
    Result (*nvrtcGetCUBIN)(Program, char*) = nullptr;
    Result (*nvrtcGetLoweredName)(Program, const char*, const char**) = nullptr;
};

struct Loaded {
    Api api;
    std::string why;  // "" when every entry point was found
};

// The loader's own search first (LD_LIBRARY_PATH, the cache), then $CUDA_HOME and the toolkit.
std::vector<std::string> candidates() {
    std::vector<std::string> paths = {"libnvrtc.so.13"};
    for (const char* var : {"CUDA_HOME", "CUDA_PATH"})
        if (const char* home = std::getenv(var); home && *home)
            paths.push_back(std::string(home) + "/lib64/libnvrtc.so.13");
    paths.push_back("/usr/local/cuda/lib64/libnvrtc.so.13");
    paths.push_back("/usr/local/cuda-13.0/lib64/libnvrtc.so.13");
    return paths;
}

Loaded load() {
    Loaded l;
    void* lib = nullptr;
    std::string tried;
    for (const std::string& path : candidates()) {
        lib = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (lib) break;
        tried += (tried.empty() ? "" : ", ") + path;
    }
    if (!lib) {
        l.why = "NVRTC not found (libnvrtc.so.13, the CUDA toolkit's run-time compiler; tried " +
                tried + ")";
        return l;
    }
#define WS_NVRTC(name)                                                        \
    l.api.name = reinterpret_cast<decltype(l.api.name)>(::dlsym(lib, #name)); \
    if (!l.api.name && l.why.empty()) l.why = "NVRTC has no " #name " (older than CUDA 12?)";
    WS_NVRTC(nvrtcGetErrorString)
    WS_NVRTC(nvrtcVersion)
    WS_NVRTC(nvrtcCreateProgram)
    WS_NVRTC(nvrtcDestroyProgram)
    WS_NVRTC(nvrtcAddNameExpression)
    WS_NVRTC(nvrtcCompileProgram)
    WS_NVRTC(nvrtcGetProgramLogSize)
    WS_NVRTC(nvrtcGetProgramLog)
    WS_NVRTC(nvrtcGetCUBINSize)
    WS_NVRTC(nvrtcGetCUBIN)
    WS_NVRTC(nvrtcGetLoweredName)
#undef WS_NVRTC
    return l;
}

const Api* api(std::string& why) {
    static const Loaded loaded = load();
    why = loaded.why;
    return why.empty() ? &loaded.api : nullptr;
}

// Owns one program.
class ProgramHandle {
  public:
    ProgramHandle(const Api& a) : a_(a) {}
    ~ProgramHandle() {
        if (p_) a_.nvrtcDestroyProgram(&p_);
    }
    ProgramHandle(const ProgramHandle&) = delete;
    ProgramHandle& operator=(const ProgramHandle&) = delete;
    Program* out() { return &p_; }
    Program get() const { return p_; }

  private:
    const Api& a_;
    Program p_ = nullptr;
};

}  // namespace

std::string nvrtc_unavailable_reason() {
    std::string why;
    api(why);
    return why;
}

std::string nvrtc_version() {
    std::string why;
    const Api* a = api(why);
    int major = 0, minor = 0;
    if (!a || a->nvrtcVersion(&major, &minor) != 0) return "";
    return std::to_string(major) + "." + std::to_string(minor);
}

std::string cuda_include_dir() {
    std::vector<std::string> candidates;
    if (const char* home = std::getenv("CUDA_HOME"); home && *home)
        candidates.push_back(std::string(home) + "/include");
    candidates.push_back("/usr/local/cuda/include");
    // Its own path, not one through a link (/usr/local/cuda -> cuda-13.0): the sandbox shows
    // the folder itself.
    char real[4096];
    for (const std::string& dir : candidates)
        if (::access((dir + "/cooperative_groups.h").c_str(), R_OK) == 0)
            return ::realpath(dir.c_str(), real) ? std::string(real) : dir;
    return "";
}

GpuBuild compile_for_gpu(const std::string& student_source, const std::string& display,
                         Family family, trace::DType type, const std::string& arch,
                         const std::vector<NvrtcHeader>& headers, const KernelHeader* plain,
                         const std::string& cuda_include) {
    GpuBuild b;
    std::string why;
    const Api* a = api(why);
    if (!a) {
        b.error = why;
        return b;
    }
    auto failed = [&](const char* call, Result r) {
        b.error = std::string("NVRTC failed (") + call + ": " + a->nvrtcGetErrorString(r) + ")";
        return b;
    };
    const bool is_plain = plain && plain->plain.plain;
    std::string source;
    std::string names[2];
    if (is_plain) {
        const PlainWrapper w = plain_nvrtc_source(student_source, display, *plain);
        if (!w.error.empty()) {
            b.compile_error = true;
            b.error = "compile error at " + w.error;
            return b;
        }
        source = w.text;
        const std::string t = trace::dtype_name(type);
        names[0] = std::string(kPlainEntry) + "<" + t + ", ws::probe::NoProbe>";
        names[1] = std::string(kPlainEntry) + "<" + t + ", ws::cuda::GpuProbe>";
    } else {
        source = nvrtc_translation_unit(student_source, display, family, type);
        names[0] = nvrtc_kernel_name(type, false);
        names[1] = nvrtc_kernel_name(type, true);
    }
    std::vector<const char*> texts, include_names;
    for (const NvrtcHeader& h : headers) {
        texts.push_back(h.text.c_str());
        include_names.push_back(h.name.c_str());
    }
    ProgramHandle program(*a);
    if (Result r = a->nvrtcCreateProgram(program.out(), source.c_str(), "warpscope-kernel.cu",
                                         int(headers.size()), texts.data(), include_names.data()))
        return failed("nvrtcCreateProgram", r);
    for (const std::string& name : names)
        if (Result r = a->nvrtcAddNameExpression(program.get(), name.c_str()))
            return failed("nvrtcAddNameExpression", r);
    std::vector<std::string> options = nvrtc_options(arch);
    if (is_plain && !cuda_include.empty()) {
        // cooperative_groups.h, and the CUDA C++ library it includes (include/cccl since 13.0).
        options.push_back("--include-path=" + cuda_include);
        if (::access((cuda_include + "/cccl").c_str(), R_OK) == 0)
            options.push_back("--include-path=" + cuda_include + "/cccl");
    }
    std::vector<const char*> argv;
    for (const std::string& o : options) argv.push_back(o.c_str());
    const auto start = std::chrono::steady_clock::now();
    const Result compiled = a->nvrtcCompileProgram(program.get(), int(argv.size()), argv.data());
    b.compile_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::size_t log_size = 0;
    if (a->nvrtcGetProgramLogSize(program.get(), &log_size) == 0 && log_size > 1) {
        b.log.resize(log_size);
        if (a->nvrtcGetProgramLog(program.get(), b.log.data()) != 0) b.log.clear();
        while (!b.log.empty() && (b.log.back() == '\0' || b.log.back() == '\n')) b.log.pop_back();
    }
    if (compiled != 0) {
        b.compile_error = true;
        b.error = compile_error_line(b.log, display, family);
        return b;
    }
    std::size_t size = 0;
    if (Result r = a->nvrtcGetCUBINSize(program.get(), &size))
        return failed("nvrtcGetCUBINSize", r);
    b.cubin.resize(size);
    if (Result r = a->nvrtcGetCUBIN(program.get(), b.cubin.data()))
        return failed("nvrtcGetCUBIN", r);
    std::string* lowered[2] = {&b.fast_name, &b.traced_name};
    for (int i = 0; i < 2; ++i) {
        const char* low = nullptr;
        if (Result r = a->nvrtcGetLoweredName(program.get(), names[i].c_str(), &low))
            return failed("nvrtcGetLoweredName", r);
        *lowered[i] = low;
    }
    b.ok = true;
    return b;
}

}  // namespace ws::user
