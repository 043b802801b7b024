// kernels/cuda/sanitizer_api.hpp declares the part of the Compute Sanitizer API the recorder uses,
// so that warpscope builds where NVIDIA's headers are not installed. This file holds those
// declarations against the real headers where they are (a GPU machine: /usr/local/cuda/
// compute-sanitizer/include): every enum value, every structure field's offset and size, and
// every function's parameters (count, size, pointer or not). It compiles or it does not, from the
// repository's root (SAN being /usr/local/cuda/compute-sanitizer/include):
//   g++ -std=c++17 -fsyntax-only -I. -I/usr/local/cuda/include -I$SAN THIS_FILE
#include <sanitizer.h>

#include <cstddef>
#include <tuple>
#include <type_traits>

#include "kernels/cuda/sanitizer_api.hpp"

namespace ours = ws::cuda::sanitizer;

// Enum values.
static_assert(int(ours::kSuccess) == int(SANITIZER_SUCCESS));
static_assert(int(ours::kDomainResource) == int(SANITIZER_CB_DOMAIN_RESOURCE));
static_assert(int(ours::kDomainLaunch) == int(SANITIZER_CB_DOMAIN_LAUNCH));
static_assert(int(ours::kModuleLoaded) == int(SANITIZER_CBID_RESOURCE_MODULE_LOADED));
static_assert(int(ours::kLaunchBegin) == int(SANITIZER_CBID_LAUNCH_BEGIN));
static_assert(int(ours::kBlockEnter) == int(SANITIZER_INSTRUCTION_BLOCK_ENTER));
static_assert(int(ours::kBlockExit) == int(SANITIZER_INSTRUCTION_BLOCK_EXIT));
static_assert(int(ours::kGlobalMemoryAccess) == int(SANITIZER_INSTRUCTION_GLOBAL_MEMORY_ACCESS));
static_assert(int(ours::kSharedMemoryAccess) == int(SANITIZER_INSTRUCTION_SHARED_MEMORY_ACCESS));
static_assert(int(ours::kBarrier) == int(SANITIZER_INSTRUCTION_BARRIER));
static_assert(int(ours::kSyncwarp) == int(SANITIZER_INSTRUCTION_SYNCWARP));
static_assert(int(ours::kShfl) == int(SANITIZER_INSTRUCTION_SHFL));
static_assert(int(ours::kFlagRead) == int(SANITIZER_MEMORY_DEVICE_FLAG_READ));
static_assert(int(ours::kFlagWrite) == int(SANITIZER_MEMORY_DEVICE_FLAG_WRITE));
static_assert(sizeof(ours::Result) == sizeof(SanitizerResult));

// Structure fields: the same offset and size.
#define WS_SAME_FIELD(Ours, Theirs, ours_field, their_field)                   \
    static_assert(offsetof(Ours, ours_field) == offsetof(Theirs, their_field), \
                  #ours_field " is not where " #their_field " is");            \
    static_assert(sizeof(Ours::ours_field) == sizeof(Theirs::their_field),     \
                  #ours_field " is not as wide as " #their_field)
WS_SAME_FIELD(ours::ModuleData, Sanitizer_ResourceModuleData, context, context);
WS_SAME_FIELD(ours::ModuleData, Sanitizer_ResourceModuleData, module, module);
WS_SAME_FIELD(ours::ModuleData, Sanitizer_ResourceModuleData, cubin_size, cubinSize);
WS_SAME_FIELD(ours::ModuleData, Sanitizer_ResourceModuleData, cubin, pCubin);
WS_SAME_FIELD(ours::ModuleData, Sanitizer_ResourceModuleData, library, library);
static_assert(sizeof(ours::ModuleData) == sizeof(Sanitizer_ResourceModuleData));
WS_SAME_FIELD(ours::LaunchData, Sanitizer_LaunchData, context, context);
WS_SAME_FIELD(ours::LaunchData, Sanitizer_LaunchData, stream, stream);
WS_SAME_FIELD(ours::LaunchData, Sanitizer_LaunchData, stream_handle, hStream);
WS_SAME_FIELD(ours::LaunchData, Sanitizer_LaunchData, module, module);
WS_SAME_FIELD(ours::LaunchData, Sanitizer_LaunchData, function, function);
WS_SAME_FIELD(ours::LaunchData, Sanitizer_LaunchData, function_name, functionName);
static_assert(offsetof(ours::LaunchData, grid) == offsetof(Sanitizer_LaunchData, gridDim_x));
static_assert(offsetof(ours::LaunchData, block) == offsetof(Sanitizer_LaunchData, blockDim_x));
#undef WS_SAME_FIELD

// Functions: as many parameters, each as wide, each a pointer where theirs is one.
namespace ws::cuda::sanitizer {
template <class A, class B>
constexpr bool same_kind() {
    return sizeof(A) == sizeof(B) && std::is_pointer_v<A> == std::is_pointer_v<B>;
}
template <class Ours, class Theirs>
struct SameCall;
template <class R1, class... A1, class R2, class... A2>
struct SameCall<R1(A1...), R2(A2...)> {
    static constexpr bool value =
        sizeof...(A1) == sizeof...(A2) && same_kind<R1, R2>() && (same_kind<A1, A2>() && ...);
};
}  // namespace ws::cuda::sanitizer
namespace ws::cuda::sanitizer {
#define WS_SAME_CALL(name, type)                                                   \
    static_assert(SameCall<type, std::remove_pointer_t<decltype(&::name)>>::value, \
                  #name " is declared unlike the API's header");
WS_SANITIZER_FUNCTIONS(WS_SAME_CALL)
#undef WS_SAME_CALL
}  // namespace ws::cuda::sanitizer

int main() {
    return 0;
}
