// Runs a student's kernel file (issue 19, `warpscope run-kernel`): checks the file's header and
// the request, makes a private work folder, starts the sandboxed child that compiles and runs it
// (sandbox.hpp, child.hpp) on the emulator or the GPU, and reads back its trace, or the one line
// saying how it ended (outcome.hpp). On the GPU the emulator then runs the same request, and the
// two traces are compared.
#pragma once
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/run/measurements.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/trace/trace.hpp"
#include "kernels/user/child_protocol.hpp"
#include "kernels/user/outcome.hpp"
#include "kernels/user/sandbox.hpp"

namespace ws::user {

struct UserRun {
    std::string file;       // the student's kernel file, as typed
    run::RequestText text;  // the request (text.algo is ignored: the file names the kernel)
    Limits limits;
    SandboxMode sandbox = SandboxMode::Auto;
    // "cpu": g++ and the emulator; "cuda": NVRTC and the GPU, then the emulator on the same
    // request for the crosscheck.
    std::string backend = "cpu";
    // On the GPU: kRecorderProbe or kRecorderSanitizer (a vocabulary kernel's choice).
    std::string gpu_recorder = kRecorderProbe;
    // A plain kernel on the GPU: count its bank conflicts again in a second child, one the
    // Sanitizer API is not in (a grade's witness, run/counter_witness.hpp).
    bool witness = false;
};

// On the GPU, besides the trace.
struct GpuExtras {
    // The kernel's whole plan timed at the request's n ("the kernel"), beside the copy, the
    // read-only stream and the family's library, in the same process.
    run::Measurements timing;
    bool crosschecked = false;  // the emulator ran the same request
    // "" when the emulator's trace equals the GPU's (as `crosscheck` compares them); else the
    // first difference, or why there was no emulator run to compare with.
    std::string crosscheck;
    // A plain kernel recorded by the GPU whose trace differs from the emulator's only as the
    // optimizing compiler made it (the same accesses with the same values, barrier by barrier;
    // run/sanitizer_comparison.hpp): the first difference, event by event; "" when equal.
    std::string compiler_difference;
    // The GPU's own counters over the traced pass, a grade's witness (run/counter_witness.hpp),
    // or why there are none. Kept out of the trace: the window's hardware panel compares one
    // block's counts, not a whole launch's.
    std::vector<trace::HardwareCount> witness;
    std::string witness_error;
    // A plain kernel: whether the GPU recorded it (the Compute Sanitizer API), else why not.
    bool gpu_recorded = false;
    std::string recorder_missing;
};

// What a plain kernel's GPU run says where the crosscheck would be when the GPU could not record
// it (no Compute Sanitizer API): its picture is the emulator's run of the same request. The
// reason follows, after a colon.
inline constexpr const char* kPlainPictureLine =
    "not compared: the GPU recorded nothing of this plain CUDA kernel, so the picture is the "
    "emulator's run of the same request (the result and the times are the GPU's)";

struct UserRunResult {
    bool ran = false;  // the child ran the kernel: `trace` holds the run (right or wrong)
    trace::Trace trace;
    VariantInfo info;        // the rules the file's header gave (a catalog row; id "the kernel")
    std::string error;       // else one line: bad input (bad_input) or how the kernel ended
    bool bad_input = false;  // the file, its header, the request or --sandbox: exit code 2
    std::string warning;     // one line for stderr (what the sandbox does not wall off), or ""
    // A plain kernel's run that left accesses out of its picture (recorded none, or stores to
    // memory it cannot draw): one line; the run is not a success then (never a blind picture).
    std::string recording_note;
    // On the emulator: whether the result (trace.ok) is the parent's own check of the output the
    // child sent (parent_check.hpp); else it is the child's word.
    bool checked_by_parent = false;
    bool on_gpu = false;  // ran with backend "cuda": `gpu` holds its times and crosscheck
    GpuExtras gpu;
};

// The GB/s of "the kernel" over the read-only stream's in `timing`; 0 when either is missing.
double read_only_fraction(const run::Measurements& timing);

// The algo a student's run is recorded under: "user:reduce_mine.cu" (the file's name).
std::string user_algo(const std::string& file);

UserRunResult run_user_kernel(const UserRun& run);

}  // namespace ws::user
