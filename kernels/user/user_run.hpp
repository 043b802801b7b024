// Runs a student's kernel file on the emulator (issue 19, `warpscope run-kernel`): checks the
// file's header and the request, makes a private work folder, starts the sandboxed child that
// compiles and runs it (sandbox.hpp, child.hpp), and reads back its trace, or the one line
// saying how it ended (outcome.hpp). The window will load the same trace file.
#pragma once
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/trace/trace.hpp"
#include "kernels/user/outcome.hpp"
#include "kernels/user/sandbox.hpp"

namespace ws::user {

struct UserRun {
    std::string file;       // the student's kernel file, as typed
    run::RequestText text;  // the request (text.algo is ignored: the file names the kernel)
    Limits limits;
    SandboxMode sandbox = SandboxMode::Auto;
};

struct UserRunResult {
    bool ran = false;  // the child ran the kernel: `trace` holds the run (right or wrong)
    trace::Trace trace;
    VariantInfo info;        // the rules the file's header gave (a catalog row; id "the kernel")
    std::string error;       // else one line: bad input (bad_input) or how the kernel ended
    bool bad_input = false;  // the file, its header, the request or --sandbox: exit code 2
    std::string warning;     // one line for stderr (what the sandbox does not wall off), or ""
};

// The algo a student's run is recorded under: "user:reduce_mine.cu" (the file's name).
std::string user_algo(const std::string& file);

UserRunResult run_user_kernel(const UserRun& run);

}  // namespace ws::user
