// One function per command. Each returns the exit code; bad input throws UsageError.
#pragma once
#include <string>
#include <vector>

#include "app/cli/request_options.hpp"
#include "kernels/catalog.hpp"
#include "kernels/user/child_end.hpp"
#include "kernels/user/child_protocol.hpp"
#include "kernels/user/puzzle.hpp"

namespace ws::cli {

struct BenchOptions {
    // type and sizes: "" for the default (int and 2^10..2^28; --multi-gpu: float, 2^12..2^28)
    std::string algo = "all", type, sizes, kind = "inclusive", json, strides = "1";
    bool no_baselines = false;
    bool contention = false;
    bool multi_gpu = false;  // NCCL and the hand rings across every GPU (issue 20)
    unsigned rounds = 1;     // run::SweepRequest::rounds
};

struct RaceOptions {
    run::RequestText text;
    unsigned tries = 200;
    std::uint64_t search_seed = 1;
    bool exhaustive = false;
    bool json = false;
};

int cmd_list(bool json);
int cmd_race(const RaceOptions& opts);
int cmd_trace(const RequestOptions& opts, const std::string& output);
int cmd_stats(const RequestOptions& opts, const std::string& trace_file, bool json, bool hardware);
// A run's stats as `stats` prints them (the JSON or the table on stdout; with `hardware` the
// GPU's counters beside ours; the run's error in one line on stderr); 0 when the run was right.
// `foreign`: a student's kernel's rules (run-kernel), which the catalog does not have.
int print_stats(const trace::Trace& t, bool json, bool hardware = false,
                const VariantInfo* foreign = nullptr);
int cmd_verify(const std::string& algo, const std::string& backend, bool quick);
int cmd_info();
int cmd_bench(const BenchOptions& opts);
// recorder: "probe" (the GPU's probe against the emulator) or "sanitizer" (the GPU's probe
// against the Compute Sanitizer API on the unprobed kernels: cmd_crosscheck_sanitizer.cpp).
// save_dir: where the sanitizer's comparison writes both traces of a case that differs ("" none).
int cmd_crosscheck(const std::string& algo, const std::string& recorder,
                   const std::string& save_dir);
int cmd_crosscheck_sanitizer(const std::string& algo, const std::string& save_dir);

// `warpscope lessons [NAME|FILE ...] [--check] [--facts]` (app/cli/cmd_lessons.cpp).
struct LessonsOptions {
    std::vector<std::string> names;  // lessons by name or number, or lesson files
    bool check = false;              // check every slide's claims against its trace
    bool facts = false;              // list the facts a slide can use
    bool words = false;              // print every slide's words as its screen fills them
};
int cmd_lessons(const LessonsOptions& o);

// `warpscope run-kernel FILE ...`: a student's kernel, compiled and run in a sandboxed child
// (kernels/user/user_run.hpp), its stats printed as `stats` prints them.
struct RunKernelOptions {
    std::vector<std::string> files;  // one; several only with --puzzle (a folder to grade)
    run::RequestText text;
    std::string backend, trace_out, sandbox = "auto";
    std::string gpu_recorder = user::kRecorderProbe;  // --gpu-recorder
    std::string puzzle;  // --puzzle NAME: grade the file against a puzzle instead
    unsigned cpu_limit = 60;
    unsigned wait_limit = 0;  // 0: twice the CPU limit plus 30 s
    bool json = false;
};
void add_run_kernel_options(CLI::App& command, RunKernelOptions& opts);
// The limits run-kernel's flags ask for (the sandbox's wording of them); a UsageError when out of
// range.
user::Limits run_kernel_limits(const RunKernelOptions& opts);
int cmd_run_kernel(const RunKernelOptions& opts);

// `warpscope run-kernel FILE --puzzle NAME [--json]`: the file graded against a puzzle of
// assets/puzzles (kernels/user/puzzle.hpp): a line per check, then the verdict; 0 when solved.
int cmd_grade_puzzle(const RunKernelOptions& opts);
// run-kernel's --backend: "cpu" (also for ""), or "cuda" when this build, a GPU and NVRTC can run
// it; else a UsageError naming what is missing.
std::string run_kernel_backend(const std::string& requested);
// The settings a puzzle is graded with (limits, backend, sandbox) from run-kernel's flags, and
// the puzzle --puzzle names (its name or number), loaded; a UsageError when either is bad.
user::PuzzleRunSettings puzzle_run_settings(const RunKernelOptions& opts);
user::Puzzle named_puzzle(const std::string& name);

// `warpscope grade --puzzle NAME SUBMISSION... | --course DIR` (app/cli/cmd_grade.cpp): many
// submissions graded at once, the report in submission order; CSV and Gradescope's results.json.
struct GradeOptions {
    RunKernelOptions run;         // files: the submissions; puzzle, backend, limits and sandbox
    std::string course;           // --course DIR: DIR/PUZZLE/STUDENT instead of --puzzle and files
    std::string csv, gradescope;  // files to write (never over an existing one)
    std::string check;            // --check TEXT: grade that check of the puzzle alone
    unsigned jobs = 0;            // 0: user::default_jobs()
};
void add_grade_options(CLI::App& command, GradeOptions& opts);
int cmd_grade(const GradeOptions& opts);
// `warpscope autograder --puzzle NAME FOLDER`: Gradescope's setup.sh and run_autograder.
int cmd_autograder(const std::string& puzzle, const std::string& folder);

// `warpscope puzzles [--json]`: every puzzle: number, name, title, the statement's first line.
int cmd_puzzles(bool json);

}  // namespace ws::cli
