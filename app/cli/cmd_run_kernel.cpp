// `warpscope run-kernel FILE --n N --block B [...]`: a student's own kernel, compiled with the
// machine's C++ compiler and run on the emulator in a sandboxed child process (issue 19); prints
// the same stats as `stats`, so that a teacher can grade a folder of submissions in a script.
// How the run ended, when it did not run, is one line on stderr.
#include <cstdio>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "kernels/io/atomic_file.hpp"
#include "kernels/run/backend.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/user_run.hpp"

namespace ws::cli {

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
    c.add_option("--backend", o.backend, run::backend_flag_help() + "; your own kernels: cpu");
    c.add_flag("--json", o.json, "one JSON object (the fields of stats --json)");
    c.add_option("--puzzle", o.puzzle,
                 "grade the file against a puzzle of assets/puzzles (its name or number; "
                 "`warpscope puzzles` lists them): the puzzle brings its requests");
    c.add_option("--trace-out", o.trace_out, "also keep the run's trace in this file");
    c.add_option("--cpu-limit", o.cpu_limit,
                 "seconds of CPU time the compiler and the kernel may each use (1..3600)")
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
    if (!o.backend.empty() && o.backend != "cpu") {
        const run::BackendChoice choice = run::choose_backend(o.backend);
        if (!choice.error.empty()) throw UsageError{choice.error};
        throw UsageError{"--backend " + o.backend +
                         ": your own kernels run on the emulator only for now (the GPU path, "
                         "compiled with NVRTC, is not built yet); use --backend cpu"};
    }
    if (o.cpu_limit < 1 || o.cpu_limit > 3600)
        throw UsageError{"--cpu-limit " + std::to_string(o.cpu_limit) + ": give 1 to 3600 seconds"};
    user::UserRun run;
    run.file = o.files.front();
    run.text = o.text;
    run.limits.cpu_seconds = o.cpu_limit;
    if (!user::parse_sandbox_mode(o.sandbox, run.sandbox))
        throw UsageError{"--sandbox " + o.sandbox + ": auto, bwrap or limits"};
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
    return print_stats(t, o.json, false, &r.info);
}

}  // namespace ws::cli
