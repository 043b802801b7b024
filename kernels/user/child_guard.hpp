// The guards the child that runs a student's kernel on the emulator puts up before any of the
// student's code can run (issue 33; child.cpp):
//   - the system-call filter (seccomp, no privileges needed) made from the allow-list
//     (syscall_policy.hpp): a call not on it stops the child with SIGSYS, and the handler reports
//     which call it was, with the flags that tell a thread from a process. Two calls are answered
//     by the handler without being made: the loader's one open of the compiled kernel (given the
//     descriptor the parent handed over; nothing is opened) and fstat as the C library makes it.
//   - handlers for fatal signals that report where the kernel was (block, thread, address), on an
//     alternate stack (a fiber's stack may be the one that overflowed);
//   - a terminate handler (an exception out of the kernel, std::bad_alloc above all) and an exit
//     hook (exit() called by the kernel), each reporting the fact.
// Everything is reported as facts on the report descriptor (child_report.hpp); the parent words
// them.
#pragma once
#include <string>

#include "kernels/user/child_report.hpp"

namespace ws::user {

// Installs the signal and terminate handlers and the exit hook; `report_fd` is where they write.
void install_child_handlers(int report_fd);

// What the child is doing now, for the handlers' facts.
void set_child_phase(ChildPhase phase);

// The child's work is reported: exit() from now on is its own, not the kernel's.
void mark_child_done();

// Installs the filter for this process. While loading, the loader's open of `load_path` is
// answered with `load_fd` (once). "" on success, else why not (the caller refuses to go on).
std::string install_syscall_filter(int load_fd, const char* load_path);

}  // namespace ws::user
