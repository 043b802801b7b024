// `warpscope run-kernel FILE --n N --block B [...]`: a student's own kernel, compiled with the
// machine's C++ compiler and run on the emulator in a sandboxed child process (issue 19); prints
// the same stats as `stats`, so that a teacher can grade a folder of submissions in a script.
// How the run ended, when it did not run, is one line on stderr.
#include <cstdio>

#include <nlohmann/json.hpp>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "kernels/io/atomic_file.hpp"
#include "kernels/run/backend.hpp"
#include "kernels/run/measurements.hpp"
#include "kernels/run/stats_report.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/user/gpu_report.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/nvrtc_compiler.hpp"
#include "kernels/user/user_run.hpp"

namespace ws::cli {
namespace {

// The GPU part of --json: the times (a measurement file's fields), the read-only fraction and the
// crosscheck.
nlohmann::json gpu_json(const user::GpuExtras& gpu) {
    nlohmann::json j = nlohmann::json::parse(run::measurements_json(gpu.timing));
    j["read_only_fraction"] = user::read_only_fraction(gpu.timing);
    j["crosschecked"] = gpu.crosschecked;
    j["crosscheck"] = !gpu.crosscheck.empty() || !gpu.crosschecked ? gpu.crosscheck
                      : gpu.compiler_difference.empty()            ? "equal"
                                                                   : "same accesses";
    if (!gpu.compiler_difference.empty()) j["compiler_difference"] = gpu.compiler_difference;
    // A plain kernel: the GPU's own trace (the Compute Sanitizer API), or why there is none.
    j["recorded_on_gpu"] = gpu.gpu_recorded;
    if (!gpu.recorder_missing.empty()) j["recorder_missing"] = gpu.recorder_missing;
    return j;
}

}  // namespace

void add_run_kernel_options(CLI::App& c, RunKernelOptions& o) {
    c.add_option("FILE", o.files,
                 std::string("the kernel file (with --puzzle: one or more, e.g. a folder's "
                             "submissions/*.cu); its first line: ") +
                     user::header_usage())
        ->required();
    for (const run::RequestField& f : run::request_fields()) {
        if (f.text == &run::RequestText::algo) continue;  // the file is the algorithm
        auto* option = c.add_option(f.flag, o.text.*(f.text), f.help);
        if (f.text != &run::RequestText::n) option->capture_default_str();
    }
    c.add_option("--backend", o.backend,
                 "cpu (the default: the emulator) or cuda (NVRTC and the GPU: the trace, the time "
                 "and GB/s beside the copy, a read-only stream and CUB, and a crosscheck against "
                 "the emulator's trace)");
    c.add_flag("--json", o.json, "one JSON object (the fields of stats --json)");
    c.add_option("--puzzle", o.puzzle,
                 "grade the file against a puzzle of assets/puzzles (its name or number; "
                 "`warpscope puzzles` lists them): the puzzle brings its requests");
    c.add_option("--trace-out", o.trace_out, "also keep the run's trace in this file");
    c.add_option("--cpu-limit", o.cpu_limit,
                 "seconds of CPU time the kernel may use (1..3600; time spent waiting for a "
                 "processor does not count; the compiler has its own 120 s)")
        ->capture_default_str();
    c.add_option("--wait-limit", o.wait_limit,
                 "seconds the kernel may spend neither running nor waiting for a processor "
                 "(asleep, blocked, stopped; 1..7200; default twice the CPU limit plus 30)");
    c.add_option("--gpu-recorder", o.gpu_recorder,
                 "with --backend cuda, what records a kernel in warpscope's vocabulary: probe (the "
                 "probe it is compiled with) or sanitizer (NVIDIA's Compute Sanitizer API on its "
                 "unprobed code, as a plain kernel is recorded: a second witness of the GPU's "
                 "trace)")
        ->capture_default_str();
    c.add_option("--sandbox", o.sandbox,
                 "auto (bubblewrap where it works, else limits), bwrap (refuse without it) or "
                 "limits (no bubblewrap)")
        ->capture_default_str();
}

int cmd_run_kernel(const RunKernelOptions& o) {
    if (!o.puzzle.empty()) return cmd_grade_puzzle(o);
    if (o.files.size() != 1)
        throw UsageError{"run-kernel runs one FILE (several are graded together with --puzzle)"};
    const std::string backend = run_kernel_backend(o.backend);
    user::UserRun run;
    run.file = o.files.front();
    run.text = o.text;
    run.limits = run_kernel_limits(o);
    run.backend = backend;
    if (!user::parse_sandbox_mode(o.sandbox, run.sandbox))
        throw UsageError{"--sandbox " + o.sandbox + ": auto, bwrap or limits"};
    if (o.gpu_recorder != user::kRecorderProbe && o.gpu_recorder != user::kRecorderSanitizer)
        throw UsageError{"--gpu-recorder " + user::printable_name(o.gpu_recorder) +
                         ": probe or sanitizer"};
    run.gpu_recorder = o.gpu_recorder;
    if (!o.trace_out.empty())
        if (std::string why = io::check_output_path(o.trace_out); !why.empty())
            throw UsageError{why};

    const user::UserRunResult r = user::run_user_kernel(run);
    if (r.bad_input) throw UsageError{r.error};
    if (!r.warning.empty()) std::fprintf(stderr, "warpscope: %s\n", r.warning.c_str());
    if (!r.ran) {
        std::fprintf(stderr, "warpscope: %s\n", r.error.c_str());
        return 1;
    }
    const trace::Trace& t = r.trace;
    if (t.grid == 0) {  // nothing ran: the emulator refused the request (memory)
        std::fprintf(stderr, "warpscope: %s\n", t.error.c_str());
        return 1;
    }
    if (!o.trace_out.empty())
        if (std::string err = trace::save_trace(t, o.trace_out); !err.empty()) {
            std::fprintf(stderr, "warpscope: %s\n", err.c_str());
            return 1;
        }
    if (!r.on_gpu) {
        const int code = print_stats(t, o.json, false, &r.info);
        // A plain kernel's picture that misses accesses is not a success (never a blind run).
        if (r.recording_note.empty()) return code;
        std::fprintf(stderr, "warpscope: %s\n", r.recording_note.c_str());
        return 1;
    }
    // On the GPU: the stats, then the times and the crosscheck ("gpu" in the JSON object).
    if (o.json) {
        nlohmann::json j = nlohmann::json::parse(run::stats_json(t, &r.info));
        j["gpu"] = gpu_json(r.gpu);
        std::printf("%s\n", j.dump(2).c_str());
        if (!t.ok && !t.error.empty()) std::fprintf(stderr, "warpscope: %s\n", t.error.c_str());
    } else {
        std::printf("%s\n", run::stats_table(t, &r.info).c_str());
        for (const std::string& line : user::gpu_report_lines(r.gpu))
            std::printf("%s\n", line.c_str());
        if (!t.ok && !t.error.empty()) std::fprintf(stderr, "warpscope: %s\n", t.error.c_str());
    }
    if (!r.recording_note.empty()) {
        std::fprintf(stderr, "warpscope: %s\n", r.recording_note.c_str());
        return 1;
    }
    return t.ok && !user::crosscheck_failed(r.gpu) ? 0 : 1;
}

user::Limits run_kernel_limits(const RunKernelOptions& o) {
    if (o.cpu_limit < 1 || o.cpu_limit > 3600)
        throw UsageError{"--cpu-limit " + std::to_string(o.cpu_limit) + ": give 1 to 3600 seconds"};
    if (o.wait_limit > 7200)
        throw UsageError{"--wait-limit " + std::to_string(o.wait_limit) +
                         ": give 1 to 7200 seconds"};
    user::Limits limits;
    limits.cpu_seconds = o.cpu_limit;
    limits.wait_seconds = o.wait_limit;
    return limits;
}

std::string run_kernel_backend(const std::string& requested) {
    if (requested.empty() || requested == "cpu") return "cpu";
    const run::BackendChoice choice = run::choose_backend(requested);
    if (!choice.error.empty()) throw UsageError{choice.error};
    if (std::string why = user::nvrtc_unavailable_reason(); !why.empty())
        throw UsageError{"--backend cuda: " + why};
    return requested;
}

}  // namespace ws::cli
