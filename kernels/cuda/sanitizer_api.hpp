// The part of NVIDIA's Compute Sanitizer API (compute-sanitizer/include/sanitizer*.h, CUDA 13)
// that the GPU recorder of plain kernels uses (sanitizer_recorder.hpp), declared here so that the
// program builds where the API's headers are not installed, and loaded at run time with dlopen
// (libsanitizer-public.so), as CUPTI is. Enum values and structure layouts were read off the
// headers of an H200's CUDA 13.0 (tests/device/sanitizer/README.md); a build where NVIDIA's headers
// are installed holds them against those (tests/device/sanitizer/check_declarations.cpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUlib_st;

namespace ws::cuda::sanitizer {

using Result = int;  // SanitizerResult
inline constexpr Result kSuccess = 0;

enum Domain : int { kDomainResource = 3, kDomainLaunch = 5 };   // Sanitizer_CallbackDomain
enum CallbackId : int { kModuleLoaded = 9, kLaunchBegin = 1 };  // per domain
enum Instruction : int {                                        // Sanitizer_InstructionId
    kBlockEnter = 1,
    kBlockExit = 2,
    kGlobalMemoryAccess = 3,
    kSharedMemoryAccess = 4,
    kBarrier = 6,
    kSyncwarp = 7,
    kShfl = 8,
};
// Sanitizer_DeviceMemoryFlags: a read, a write, both (an atomic).
inline constexpr std::uint32_t kFlagRead = 0x1, kFlagWrite = 0x2;

struct Subscriber;  // Sanitizer_Subscriber_st
using SubscriberHandle = Subscriber*;
using CallbackFunc = void (*)(void* userdata, int domain, int cbid, const void* cbdata);

// Sanitizer_ResourceModuleData.
struct ModuleData {
    CUctx_st* context;
    CUmod_st* module;
    std::size_t cubin_size;
    const char* cubin;
    CUlib_st* library;
};

// Sanitizer_LaunchData, as far as the recorder reads it (the fields before `function` fix its
// place; nothing after it is read).
struct LaunchData {
    CUctx_st* context;
    CUstream_st* stream;
    void* stream_handle;  // Sanitizer_StreamHandle
    CUmod_st* module;
    CUfunc_st* function;
    const char* function_name;
    std::uint32_t grid[3];
    std::uint32_t block[3];
};

#define WS_SANITIZER_FUNCTIONS(X)                                          \
    X(sanitizerSubscribe, Result(SubscriberHandle*, CallbackFunc, void*))  \
    X(sanitizerEnableDomain, Result(std::uint32_t, SubscriberHandle, int)) \
    X(sanitizerAddPatches, Result(const void*, CUctx_st*))                 \
    X(sanitizerPatchInstructions, Result(int, CUmod_st*, const char*))     \
    X(sanitizerPatchModule, Result(CUmod_st*))                             \
    X(sanitizerSetCallbackData, Result(CUfunc_st*, const void*))           \
    X(sanitizerGetFunctionPcAndSize,                                       \
      Result(CUmod_st*, const char*, std::uint64_t*, std::uint64_t*))      \
    X(sanitizerGetResultString, Result(Result, const char**))

template <class F>
using Fn = F*;

struct Api {
#define WS_SANITIZER_MEMBER(name, type) Fn<type> name = nullptr;
    WS_SANITIZER_FUNCTIONS(WS_SANITIZER_MEMBER)
#undef WS_SANITIZER_MEMBER
};

// The loaded API, or nullptr and `why` in one line (what is missing, where it was looked for).
const Api* api(std::string& why);

// A call's result in words ("" for success).
std::string result_text(Result r);

}  // namespace ws::cuda::sanitizer
