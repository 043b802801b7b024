// The translation unit a plain CUDA kernel is compiled in for the emulator (plain_prelude.hpp):
// the prelude, the student's text with its __shared__ declarations rewritten (same lines), and
// generated entries that call the kernel named by the header with its parameters in their
// places, one per element type it takes, of the signatures the catalog's kernels have (so the
// plans run it as they run those: kernels/run/emulator_user.hpp).
#pragma once
#include <string>

#include "kernels/user/kernel_header.hpp"

namespace ws::user {

struct PlainWrapper {
    std::string text;
    std::string error;  // "" or one line naming the file and line
};
PlainWrapper plain_wrapper_source(const std::string& source, const std::string& display,
                                  const KernelHeader& header);

// NVRTC's translation unit for the GPU: the student's text unmodified (CUDA compiles it as it
// is), its kernels turned into __device__ functions, and the entry kPlainEntry<T, Probe> of the
// catalog's signature that calls the named one; the GPU records nothing of it yet (the picture
// is the emulator's: user_run.cpp).
inline constexpr const char* kPlainEntry = "ws_plain_kernel";
PlainWrapper plain_nvrtc_source(const std::string& source, const std::string& display,
                                const KernelHeader& header);

// "" when the kernel can take `type` (int, float or double): a kernel whose `in` parameter is a
// pointer to one fixed type takes only that one; else the one line that says so.
std::string plain_type_refusal(const std::string& source, const std::string& display,
                               const KernelHeader& header, const std::string& type);

}  // namespace ws::user
