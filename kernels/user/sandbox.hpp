// Starting the child that compiles and runs a student's kernel, walled in (issue 19):
//   - always: its own process group, killed whole at the wall-clock limit; RLIMIT_CPU, RLIMIT_AS,
//     RLIMIT_FSIZE, no core files; death with the parent; no standard input; its output in a
//     log file; no open descriptor but those. (The child adds a system-call filter itself:
//     child_guard.hpp.)
//   - with bubblewrap (`bwrap`, the Debian package bubblewrap) where it can make namespaces
//     here: the whole file system read-only but the private work folder, a private /tmp, no
//     network, its own process, IPC and host-name namespaces, a new session.
// Without a usable bwrap it says so, once, in one line naming what is not isolated.
#pragma once
#include <string>
#include <vector>

#include "kernels/user/outcome.hpp"

namespace ws::user {

enum class SandboxMode { Auto, Bwrap, Limits };
// "auto", "bwrap", "limits"; nullopt-like false for anything else.
bool parse_sandbox_mode(const std::string& text, SandboxMode& mode);

struct Sandbox {
    std::string bwrap;    // the bwrap to run the child under; "" for limits only
    std::string warning;  // one line for stderr when the file system and network are not walled
    std::string error;    // --sandbox bwrap asked for what this machine cannot give
};
// Finds bwrap on PATH and checks, by running it once, that it can make its namespaces here.
Sandbox choose_sandbox(SandboxMode mode);

// Runs `argv` (argv[0] a full path) in `workdir` under the sandbox and limits; waits at most
// limits.wall_seconds(). The outcome file is read by the caller.
ChildEnd run_sandboxed(const std::vector<std::string>& argv, const std::string& workdir,
                       const Sandbox& sandbox, const Limits& limits);

}  // namespace ws::user
