// The GPU half of running a student's kernel (issue 19, run-kernel --backend cuda), as the child
// process (child.hpp) sees it: plain C++, no CUDA headers. A build with CUDA registers it at
// start-up (app/backends.cpp; kernels/cuda/user_kernel.cu implements it); without one the child
// says so in one line.
#pragma once
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/run/measurements.hpp"
#include "kernels/trace/trace.hpp"
#include "kernels/user/cubin_lines.hpp"

namespace ws::user {

// What NVRTC made of the student's file (nvrtc_compiler.hpp): the device code and the lowered
// names of kernel<T, NoProbe> (timed, checked) and kernel<T, GpuProbe> (recorded).
struct GpuKernelCode {
    std::vector<char> cubin;
    std::string fast_name, traced_name;
    std::string source_file, source_text;  // what the trace shows as its code
    // A plain kernel (no vocabulary): the GPU records it through the Compute Sanitizer API
    // (kernels/cuda/sanitizer_recorder.hpp), its instructions' lines read from the cubin.
    bool plain = false;
    // Recorded through the Compute Sanitizer API: a plain kernel, or a vocabulary kernel's
    // unprobed instance (fast_name) when run-kernel --gpu-recorder sanitizer asks for it.
    bool sanitizer = false;
    // Not recorded or timed: the plan run once, its traced pass counted by CUPTI (the witness of
    // a plain kernel's grade, from a process the Sanitizer API is not in).
    bool witness_only = false;
    std::vector<FunctionLines> lines;
    std::string lines_error;  // why there are none
};

// The name of the student's kernel among the timed points (the others are the baselines').
inline constexpr const char* kTimedKernel = "the kernel";
// The recording's own time (issue 56: what a trace costs): the traced pass's counting and
// recording launches and their copies, once, on the wall clock. Its GB/s is left 0: it is no
// bandwidth, and no ratio of the kernel's is taken against it.
inline constexpr const char* kRecordedKernel = "the kernel, recorded";

struct GpuKernelResult {
    trace::Trace trace;        // as the emulator's run of the same request makes it
    run::Measurements timing;  // the kernel's whole plan and the baselines, at the request's n
    // A plain kernel: "" when the GPU recorded it (the Sanitizer API), else why not, in one line.
    std::string recorder_missing;
    std::string recording_note;  // stores the picture cannot show, or ""
};

struct GpuRunner {
    // "" and the architecture of device 0 for NVRTC ("sm_90"), or why there is no usable GPU.
    std::string (*device_arch)(std::string& arch) = nullptr;
    // Loads the code, runs the request (`info`: the file header's rules), records, checks, times.
    // Never throws: Trace::error says what went wrong (grid 0 when nothing ran).
    GpuKernelResult (*run)(const trace::Request& request, const VariantInfo& info,
                           const GpuKernelCode& code) = nullptr;
};

void register_gpu_runner(const GpuRunner& runner);
// The registered runner, or nullptr in a build without CUDA.
const GpuRunner* gpu_runner();

}  // namespace ws::user
