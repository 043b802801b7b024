// The guards the child puts up around a student's kernel before it loads it (child.cpp):
//   - a system-call filter (seccomp, no privileges needed): no sockets, no new processes or
//     threads, no opening files for writing, no renaming, removing or changing files, no
//     signals to other processes, no raising its own limits. A forbidden call stops the child
//     with SIGSYS, and the handler says which call it was.
//   - handlers for fatal signals that write where the kernel was (block, thread, address) into
//     the outcome file before the signal ends the child, on an alternate stack (a fiber's stack
//     may be the one that overflowed).
//   - a terminate handler: an exception out of the kernel (std::bad_alloc above all: the memory
//     limit) ends the child with an exit code that says so.
#pragma once
#include <string>

namespace ws::user {

// Installs the signal and terminate handlers; `outcome_fd` is where they write.
void install_child_handlers(int outcome_fd);

// Installs the system-call filter for this process and what it starts (nothing may start).
// "" on success, else why not (an old kernel: the caller warns and goes on).
std::string install_syscall_filter();

// The forbidden call's name and what it tried ("socket", "reach the network"); nullptr for a
// number the filter does not forbid.
struct ForbiddenCall {
    const char* name;
    const char* what;  // after "it tried to": "reach the network", "write files", ...
};
const ForbiddenCall* forbidden_call(long number);

}  // namespace ws::user
