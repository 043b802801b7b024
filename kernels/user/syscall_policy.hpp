// What a student's kernel may ask of the operating system (issue 33): an allow-list. The child
// that runs a kernel on the emulator (child.hpp) is limited, before any of the student's code
// runs, to computing, managing its own memory and writing to the descriptors its parent gave it.
// Every allowed call is in one table with why it is there; every other call stops the child, and
// the line the teacher reads says what the kernel tried ("the sandbox stopped the kernel: it
// tried to open a file (openat)"). Plain data: seccomp_filter.cpp turns it into the filter, and
// outcome.cpp words a stopped call from it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ws::user {

// When an allowed call is allowed.
enum class Allowed {
    Always,
    OnGivenDescriptors,   // its first argument is one of kWritableDescriptors
    ToItselfFatal,        // a signal to itself, and one that ends it (abort, a crash report)
    ReadingItsLimits,     // prlimit64 that reads and sets nothing
    NotTheSandboxSignal,  // any signal but SIGSYS, which the filter's handler keeps
    AnsweredByTheFilter,  // trapped, and answered in the child without the call being made
};

struct AllowedCall {
    long number;
    const char* name;
    Allowed when;
    const char* why;  // one phrase: why computing needs it
};
const std::vector<AllowedCall>& allowed_calls();

// The descriptors a child may write to: its output (1, 2, a log file) and its report (3).
inline constexpr int kWritableDescriptors[] = {1, 2, 3};

// The descriptors a child is handed: 0 is /dev/null, 1 and 2 its output log, 3 its report,
// 4 the compiled kernel (a shared object, or the GPU's code), 5 the kernel's source text.
inline constexpr int kReportDescriptor = 3;
inline constexpr int kObjectDescriptor = 4;
inline constexpr int kSourceDescriptor = 5;

// What a stopped call tried, completing "it tried to ...": one phrase per class of call.
struct ForbiddenClass {
    const char* id;     // "files": how tests and the README name the class
    const char* tried;  // "open a file"
};
const std::vector<ForbiddenClass>& forbidden_classes();

// A system call the table knows: its name and class (an index into forbidden_classes()).
struct KnownCall {
    long number;
    const char* name;
    int class_index;
};
const std::vector<KnownCall>& known_forbidden_calls();

// The name of a call ("openat"), or "" for a number neither table knows.
std::string syscall_name(long number);

// What the kernel tried, completing "it tried to ...": the class's phrase and the call's name,
// "open a file (openat)". `detail` is the child's reading of the call's flags (clone and clone3:
// CLONE_THREAD tells a thread from a process), 0 when there is none; `foreign_arch` a call made
// through another architecture's entry (int 0x80 on x86-64).
std::string tried_to(long number, std::uint64_t detail, bool foreign_arch);

}  // namespace ws::user
