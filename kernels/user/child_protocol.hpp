// What the parent (kernels/user/user_run.cpp) and the sandboxed child (child.cpp) that compiles
// and runs a student's kernel agree on: the files in the child's private work folder, its exit
// codes, and the one line the child leaves in the outcome file when it ends early. The parent
// turns exit code, signal and outcome into one sentence (outcome.hpp).
#pragma once

namespace ws::user {

// The hidden command the child is started with:
//   warpscope __kernel-child DIR DISPLAY STUDENT_DIR INCLUDE_DIR REQUEST_FLAGS BACKEND COMPILER...
// BACKEND "cpu" (the emulator: COMPILER builds a shared object) or "cuda" (NVRTC and the GPU).
inline constexpr const char* kChildCommand = "__kernel-child";
inline constexpr const char* kBackendCpu = "cpu";
inline constexpr const char* kBackendCuda = "cuda";

// Files in the work folder.
inline constexpr const char* kSourceFile = "kernel.cu";     // the student's text (parent)
inline constexpr const char* kWrapperFile = "wrapper.cpp";  // generated (child)
inline constexpr const char* kObjectFile = "kernel.so";     // the compiler's output
inline constexpr const char* kCompileLog = "compile.log";   // the compiler's messages
inline constexpr const char* kTraceFile = "trace.wstrace";  // the run (child, on success)
inline constexpr const char* kTimingFile = "timing.json";   // the GPU's times (cuda, on success)
inline constexpr const char* kOutcomeFile = "outcome.txt";  // one line when it ends early
inline constexpr const char* kChildLog = "child.log";       // the child's stdout and stderr

// The child's exit codes (a signal ends it otherwise; under bwrap a signal N arrives as exit
// code 128 + N).
enum ChildExit : int {
    kChildRan = 0,            // the trace file is written
    kChildCompileFailed = 3,  // outcome: "compile error at FILE:LINE: ..."
    kChildFailed = 4,         // outcome: one line saying why (the shared object did not load...)
    kChildOutOfMemory = 5,    // outcome: "memory": an allocation failed (std::bad_alloc)
    kChildThrew = 6,          // outcome: "threw WHAT": the kernel threw an exception
};

// The outcome line a fatal signal leaves (written by the child's signal handler):
//   "signal SIGNO INSIDE BLOCK THREAD ADDRESS SYSCALL"
// INSIDE 1 when a kernel thread was running; ADDRESS the faulting address (hex, SIGSEGV,
// SIGBUS); SYSCALL the forbidden system call's number (SIGSYS from the filter), else -1.
inline constexpr const char* kSignalWord = "signal";

}  // namespace ws::user
