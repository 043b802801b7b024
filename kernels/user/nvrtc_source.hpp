// What NVRTC compiles for a student's kernel on the GPU (issue 19, run-kernel --backend cuda): the
// translation unit (the vocabulary and the GPU's recording probe, then the student's text under
// `#line 1 "display"` so that errors and recorded lines are the student's), the options, and the
// name expressions of the two instantiations a run launches: unprobed (timed, checked) and with
// the recording probe. Pure text, so that it is tested without NVRTC or a GPU.
#pragma once
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/trace/dtype.hpp"

namespace ws::user {

// `include_dir`: the folder find_include_dir gives (toolchain.hpp). The tail checks that the
// kernel's parameters are the family's for `type` (kernel_header.hpp).
std::string nvrtc_translation_unit(const std::string& student_source, const std::string& display,
                                   const std::string& include_dir, Family family,
                                   trace::DType type);

// kernel<int, ws::probe::NoProbe> / kernel<int, ws::cuda::GpuProbe>.
std::string nvrtc_kernel_name(trace::DType type, bool recorded);

// The folder of stand-ins for the standard headers, under the include folder (NVRTC has none).
inline constexpr const char* kNvrtcStdDir = "kernels/user/nvrtc_std";

// C++17, the device's architecture ("sm_90"), every function a device function unless it says
// otherwise (the vocabulary's helpers carry no __device__), line numbers for the profilers, the
// include folder and its standard stand-ins, and the student's own folder for its "..." includes.
std::vector<std::string> nvrtc_options(const std::string& arch, const std::string& include_dir,
                                       const std::string& student_dir);

}  // namespace ws::user
