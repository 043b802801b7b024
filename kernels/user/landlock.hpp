// Landlock (Linux 5.13 and later, no privileges needed): a process limits itself, and all it
// starts, to the files beneath the folders it names (issue 33). The compiler of a student's
// kernel runs under it where bubblewrap cannot make a sandbox: it reads the toolchain, the
// vocabulary and the work folder, writes the work folder, and nothing else; an `#include
// "/etc/shadow"` or `.incbin` of a home file fails to open. Newer kernels also stop it
// connecting or binding TCP ports (ABI 4) and signalling processes outside it (ABI 6).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ws::user {

// The Landlock ABI this kernel offers (1, 2, ...), or 0 when it has none.
int landlock_abi();

struct LandlockRule {
    std::string path;
    bool directory = true;  // rights beneath a folder, or on one file (landlock_plan looks)
    bool writable = false;  // read (and run) only, or read, write, make and remove too
};

// Everything the child needs, made before fork: applying it allocates nothing.
struct LandlockPlan {
    int abi = 0;  // 0: not applied
    std::vector<LandlockRule> rules;
    std::uint64_t handled_fs = 0, handled_net = 0, scoped = 0;
};
// The rules of paths that exist, each marked a folder or a file; an empty plan without Landlock.
LandlockPlan landlock_plan(std::vector<LandlockRule> rules);

// Applies `plan` to the calling process (after fork, before exec: async-signal-safe, raw system
// calls only). Sets no_new_privs. 0, or the errno of the call that failed. A rule whose path does
// not exist is left out.
int apply_landlock(const LandlockPlan& plan);

}  // namespace ws::user
