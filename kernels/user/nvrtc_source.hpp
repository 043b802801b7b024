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

// The headers NVRTC is handed (issue 33): it reads no file of its own, so an include names one of
// these or nothing. Each has the name it is included by: "kernels/probe/vocabulary.cuh", and the
// stand-ins for the standard headers NVRTC lacks by their own names ("cstddef").
struct NvrtcHeader {
    std::string name, text;
};
// Every header under `include_dir` (find_include_dir, toolchain.hpp) that a kernel may include:
// the vocabulary, the recording probes, the trace's types and the standard stand-ins. "" error
// and the list, or the one line saying which could not be read.
std::vector<NvrtcHeader> nvrtc_headers(const std::string& include_dir, std::string& error);

// The tail checks that the kernel's parameters are the family's for `type` (kernel_header.hpp).
std::string nvrtc_translation_unit(const std::string& student_source, const std::string& display,
                                   Family family, trace::DType type);

// kernel<int, ws::probe::NoProbe> / kernel<int, ws::cuda::GpuProbe>.
std::string nvrtc_kernel_name(trace::DType type, bool recorded);

// The folder of stand-ins for the standard headers, under the include folder (NVRTC has none).
inline constexpr const char* kNvrtcStdDir = "kernels/user/nvrtc_std";

// C++17, the device's architecture ("sm_90"), every function a device function unless it says
// otherwise (the vocabulary's helpers carry no __device__), line numbers for the profilers. No
// include folder: the headers are handed over (nvrtc_headers).
std::vector<std::string> nvrtc_options(const std::string& arch);

}  // namespace ws::user
