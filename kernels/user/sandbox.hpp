// Where a student's kernel is compiled and run, and what each child there can see (issues 19 and
// 33). Every child is started by spawn.hpp's walls (a new session, an empty environment, limits,
// no privileges); on top of them:
//   - with bubblewrap (`bwrap`, the Debian package bubblewrap), where it can make namespaces:
//     the child sees only /usr read-only (the compiler, the libraries, the standard headers),
//     the loader's cache, the program and the folders of the libraries it loads, the vocabulary
//     headers (the compiler's child), and the work folder; a private /tmp, /dev and /proc; no
//     network, its own user, process, IPC and host-name namespaces; --clearenv,
//     --die-with-parent, --new-session, --cap-drop ALL.
//   - without it (`--sandbox limits`, or where bwrap cannot make namespaces): the same files
//     through Landlock where the kernel has it (landlock.hpp), and one line says what is not
//     walled off.
// The kernel's own child adds the allow-list filter (child_guard.hpp) in both modes.
#pragma once
#include <string>
#include <vector>

#include "kernels/user/spawn.hpp"

namespace ws::user {

enum class SandboxMode { Auto, Bwrap, Limits };
// "auto", "bwrap", "limits"; false for anything else.
bool parse_sandbox_mode(const std::string& text, SandboxMode& mode);

// Where the README says what the sandbox stops: the tail of every warning line.
inline constexpr const char* kSandboxReadme = "README: \"What the sandbox stops\"";

struct Sandbox {
    std::string bwrap;    // the bwrap to run the children under; "" for limits only
    int landlock = 0;     // the Landlock ABI the limits mode uses (0: none here)
    std::string warning;  // one line for stderr: what is not walled off here, or ""
    std::string error;    // --sandbox bwrap asked for what this machine cannot give
};
// Finds bwrap on PATH and checks, by running it once, that it can make its namespaces here.
Sandbox choose_sandbox(SandboxMode mode);

// What one child needs to see.
struct ChildView {
    std::string work;               // the work folder (read and write), "" for none
    std::vector<std::string> read;  // more files or folders, read-only (the vocabulary)
    std::vector<std::string> env;   // its environment, NAME=value
    bool devices_and_proc = true;   // bwrap: a private /dev and /proc
};

// The spec that starts `argv` walled in under `sandbox` (bubblewrap's command line around it, or
// Landlock's rules) with `view`. `landlock`: apply Landlock in limits mode (not for the GPU's
// child: the driver opens what it needs as it goes).
SpawnSpec sandboxed_spec(const Sandbox& sandbox, const ChildView& view,
                         const std::vector<std::string>& argv, const Limits& limits,
                         bool landlock = true);

// The folders that hold the libraries this program has loaded (from /proc/self/maps), outside
// /usr; the program's own file.
std::vector<std::string> loaded_library_folders();

}  // namespace ws::user
