// Compiling a student's kernel for the GPU with NVRTC, the CUDA toolkit's run-time compiler
// (issue 19). libnvrtc.so.13 is opened when first needed (dlopen, as CUPTI is), so the program
// starts and the emulator path works on a machine without it; compiling needs no GPU, so the
// tests compile every puzzle's kernels for sm_90 on a machine without one.
#pragma once
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/trace/dtype.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/nvrtc_source.hpp"

namespace ws::user {

// "" when NVRTC can be opened; else one line saying why not.
std::string nvrtc_unavailable_reason();
// "13.0", or "" when NVRTC cannot be opened.
std::string nvrtc_version();

struct GpuBuild {
    bool ok = false;
    bool compile_error = false;  // NVRTC refused the source (else NVRTC itself failed)
    std::string error;           // one line ("compile error at FILE:LINE: ..."), when not ok
    std::string log;             // everything NVRTC said (warnings too)
    std::vector<char> cubin;     // the device code, for cudaLibraryLoadData
    std::string fast_name, traced_name;  // the two instantiations' lowered (mangled) names
    double compile_ms = 0;
};

// Compiles `student_source` (the file's text; `display` names it in errors and in the trace)
// for `arch` ("sm_90") with the instantiations for `type` unprobed and recorded, against the
// headers handed over and no others (nvrtc_source.hpp).
// A plain CUDA kernel's header (`plain`, header->plain.plain) compiles its text as CUDA has it,
// through plain_nvrtc_source, with the toolkit's own headers folder (cooperative groups) on the
// include path: `cuda_include` ("" when none was found).
GpuBuild compile_for_gpu(const std::string& student_source, const std::string& display,
                         Family family, trace::DType type, const std::string& arch,
                         const std::vector<NvrtcHeader>& headers,
                         const KernelHeader* plain = nullptr, const std::string& cuda_include = "");

// The CUDA toolkit's headers folder (cooperative_groups.h) for a plain kernel on the GPU:
// $CUDA_HOME/include, else /usr/local/cuda/include; "" when neither has it.
std::string cuda_include_dir();

}  // namespace ws::user
