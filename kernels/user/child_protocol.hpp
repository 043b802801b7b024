// What the parent (kernels/user/user_run.cpp) and its children (child.cpp) agree on (issues 19,
// 33): the hidden command they are started with, the files of the private work folder, and the
// descriptors each child is handed (syscall_policy.hpp: 3 its report, 4 the compiled kernel,
// 5 the kernel's source). Children report facts (child_report.hpp); the parent writes every line.
#pragma once

namespace ws::user {

// The hidden command, then the child's job:
//   warpscope __kernel-child run DISPLAY REQUEST_FLAGS MEMORY_BYTES
//       the emulator runs the shared object on descriptor 4 (compiled by the parent's compiler)
//   warpscope __kernel-child gpu DISPLAY REQUEST_FLAGS FAST_NAME TRACED_NAME
//       the GPU runs the code on descriptor 4 (NVRTC's, from the nvrtc child)
//   warpscope __kernel-child nvrtc DISPLAY TYPE ARCH INCLUDE_DIR
//       NVRTC compiles the source for ARCH against the headers of INCLUDE_DIR
inline constexpr const char* kChildCommand = "__kernel-child";
inline constexpr const char* kJobRun = "run";
inline constexpr const char* kJobGpu = "gpu";
inline constexpr const char* kJobNvrtc = "nvrtc";
// And one for the build: warpscope __kernel-child pch INCLUDE_DIR precompiles the prelude.
inline constexpr const char* kJobPrelude = "pch";

// Which recorder a vocabulary kernel's GPU run uses (run-kernel --gpu-recorder): the probe it is
// compiled with, or the Compute Sanitizer API on its unprobed (NoProbe) instance, a second
// witness of the same run. A plain kernel has only the second.
inline constexpr const char* kRecorderProbe = "probe";
inline constexpr const char* kRecorderSanitizer = "sanitizer";
// No recorder: the kernel's plan run once and its traced pass counted by CUPTI, a grade's witness
// (run/counter_witness.hpp) for a plain kernel, whose recording process CUPTI cannot count in.
inline constexpr const char* kRecorderWitness = "witness";

// run-kernel's backends.
inline constexpr const char* kBackendCpu = "cpu";
inline constexpr const char* kBackendCuda = "cuda";

// Files in the work folder (the parent makes each before a child runs, and hands it over open).
inline constexpr const char* kSourceFile = "kernel.cu";     // the student's text
inline constexpr const char* kWrapperFile = "wrapper.cpp";  // the compiler's translation unit
inline constexpr const char* kObjectFile = "kernel.so";     // the compiler's output
inline constexpr const char* kCubinFile = "kernel.cubin";   // NVRTC's output, for the GPU child
inline constexpr const char* kCompileLog = "compile.log";   // the compiler's messages
inline constexpr const char* kReportFile = "report";        // a child's facts
inline constexpr const char* kChildLog = "child.log";       // a child's own output (not shown)

// The name the loader is given for the compiled kernel: never opened (the filter answers the
// loader's open with descriptor 4).
inline constexpr const char* kLoadPath = "/proc/self/fd/4";

}  // namespace ws::user
