// Starting a child walled in, and waiting for it (issue 33). The walls, put up between fork and
// exec with system calls only (the window forks from a process with threads):
//   - a new session: no controlling terminal, so /dev/tty is nobody's and nothing can be typed
//     into the teacher's shell; death with the parent;
//   - standard input /dev/null, standard output and error one log file, the descriptors it is
//     given as 3, 4, ... and no other;
//   - an empty environment but for what the spec names;
//   - limits on CPU time, address space and file size, no core files;
//   - no new privileges and, run as root, no capabilities (bounding set, ambient set and
//     securebits too), so that root's child is no more than anyone's;
//   - Landlock's file rules where the spec has them (landlock.hpp).
// The wait measures what the child's processes do: time spent running or waiting for a processor
// counts against the CPU limit only, and the parent ends a child that has been asleep, blocked
// or stopped for longer than Limits::waiting_allowed().
#pragma once
#include <sys/types.h>

#include <string>
#include <vector>

#include "kernels/user/child_end.hpp"
#include "kernels/user/landlock.hpp"

namespace ws::user {

struct SpawnSpec {
    std::vector<std::string> argv;  // argv[0]: the program's full path
    std::vector<std::string> env;   // the whole environment, NAME=value
    std::string dir;                // its working folder
    int output_fd = -1;             // becomes 1 and 2 (-1: /dev/null)
    std::vector<int> fds;           // become 3, 4, ...
    Limits limits;
    // Drop privileges here (no_new_privs, capabilities). Off when bubblewrap does it (it needs
    // its own to make the namespaces).
    bool drop_privileges = true;
    LandlockPlan landlock;  // abi 0: none
};

// "" where this build can start walled-in children; else the one line why not (the web page,
// web/user_walls.cpp, has no child processes): a student's kernel is then refused before anything
// else is looked for.
std::string children_missing();

// Starts the child; -1 and `error` when it cannot.
pid_t spawn_walled(const SpawnSpec& spec, std::string& error);

// Waits for `pid` (read `report` after it has ended into ChildEnd::facts, "" for none).
ChildEnd wait_walled(pid_t pid, const Limits& limits, const std::string& report);

// Spawn and wait.
ChildEnd run_walled(const SpawnSpec& spec, const std::string& report);

}  // namespace ws::user
