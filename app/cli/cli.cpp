#include "app/cli/cli.hpp"

#include <CLI/CLI.hpp>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "app/cli/argument_checks.hpp"
#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/request_options.hpp"
#include "kernels/io/memory.hpp"
#include "kernels/run/backend.hpp"
#include "kernels/user/outcome.hpp"
#include "ui/window_args.hpp"

namespace ws::cli {
namespace {

// What was printed must have reached its reader: a full disk, /dev/full or a closed stdout is an
// error (exit 1, one line on stderr), not a success with the output cut.
int finish_output(int code) {
    std::cout.flush();
    errno = 0;
    const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout;
    if (!failed) return code;
    std::fprintf(stderr, "warpscope: cannot write the output: %s\n",
                 errno ? std::strerror(errno) : "the disk is full, or the output was closed");
    return code == 0 ? 1 : code;
}

}  // namespace

int run_cli(int argc, char** argv) {
    CLI::App app{"warpscope: watch GPU reductions and scans work"};
    app.require_subcommand(1);
    // The window's options and keys, from the window's own usage (one text, ui/window_args).
    app.footer("\nWith no command (or with these options) warpscope opens the window:\n" +
               ws::ui::window_usage());
    app.fallthrough(false);

    bool list_json = false;
    auto* list = app.add_subcommand("list", "list every algorithm");
    list->add_flag("--json", list_json, "one JSON array");

    RequestOptions trace_opts;
    std::string trace_out;
    auto* trace_cmd = app.add_subcommand("trace", "run one request and save its trace");
    trace_opts.add_to(*trace_cmd, true);
    trace_cmd->add_option("-o,--output", trace_out, "trace file to write")->required();

    RequestOptions stats_opts;
    std::string stats_trace;
    bool stats_as_json = false;
    auto* stats =
        app.add_subcommand("stats", "counters per step and in total, from a run or a file");
    stats_opts.add_to(*stats, false);
    // A recorded trace brings its own request: the request's options cannot go with it.
    std::vector<const CLI::Option*> request_options;
    for (const CLI::Option* o : stats->get_options())
        if (o->get_name() != "--help") request_options.push_back(o);
    stats->add_option("--trace", stats_trace, "read a trace file instead of running");
    stats->add_flag("--json", stats_as_json, "one JSON object");
    bool stats_hardware = false;
    stats->add_flag("--hardware", stats_hardware,
                    "also the GPU's own counters (CUPTI) of the traced pass, beside ours (a "
                    "GPU, and a request whose first pass is one block)");

    std::string verify_algo = "all", verify_backend;
    auto* verify = app.add_subcommand("verify", "check every algorithm against a CPU reference");
    verify->add_option("--algo", verify_algo, kAlgoListHelp)->capture_default_str();
    verify->add_option("--backend", verify_backend, run::backend_flag_help());
    bool verify_quick = false;
    verify->add_flag("--quick", verify_quick, "small sizes only (for compute-sanitizer)");

    auto* info = app.add_subcommand("info", "the GPU this machine has, or why there is none");

    BenchOptions bench_opts;
    auto* bench = app.add_subcommand("bench", "time every algorithm on the GPU against baselines");
    bench->add_option("--algo", bench_opts.algo, kAlgoListHelp)->capture_default_str();
    bench->add_option("--type", bench_opts.type,
                      "int|float|double (default int; with --multi-gpu float)");
    bench->add_option("--sizes", bench_opts.sizes,
                      "2^10..2^28 (the default; with --multi-gpu 2^12..2^28), or 1000,2^20");
    bench
        ->add_option("--kind", bench_opts.kind,
                     "the scans' kind, CUB's too: inclusive (InclusiveSum)|exclusive "
                     "(ExclusiveSum)")
        ->capture_default_str();
    bench
        ->add_option("--strides", bench_opts.strides,
                     "copy-strided at each of these strides: 1,2,4,8 (1..64)")
        ->capture_default_str();
    bench->add_option("--json", bench_opts.json, "write every point to this file");
    bench
        ->add_option("--rounds", bench_opts.rounds,
                     "time every point of a size this many times in turn and keep each one's "
                     "median round (1..9): drift falls on all points alike")
        ->capture_default_str();
    bench->add_flag("--no-baselines", bench_opts.no_baselines,
                    "only the algorithms (for profiling one kernel)");
    bench->add_flag("--multi-gpu", bench_opts.multi_gpu,
                    "instead of the algorithms: the all-reduce across every GPU, NCCL's "
                    "all-reduce, reduce-scatter and all-gather beside the hand-written ring and "
                    "naive, algorithm and bus bandwidth as nccl-tests report them");
    bench->add_flag("--contention", bench_opts.contention,
                    "instead of the algorithms: atomicAdd against a compare-and-swap loop, into "
                    "one word, a word per warp and a word per block");

    std::string cross_algo = "all";
    auto* cross = app.add_subcommand(
        "crosscheck", "trace on the GPU and the emulator and compare them event by event");
    cross->add_option("--algo", cross_algo, kAlgoListHelp)->capture_default_str();
    std::string cross_recorder = "probe";
    cross
        ->add_option("--gpu-recorder", cross_recorder,
                     "probe: the GPU's probe against the emulator; sanitizer: the GPU's probe "
                     "against the Compute Sanitizer API on the unprobed kernels")
        ->capture_default_str()
        ->check(CLI::IsMember({"probe", "sanitizer"}));
    std::string cross_save;
    cross->add_option("--save-differing", cross_save,
                      "with --gpu-recorder sanitizer: write both traces of each case that differs "
                      "into this folder (ALGO-TYPE-N-BLOCK.probe.wstrace and .sanitizer.wstrace)");

    RaceOptions race_opts;
    race_opts.text.pattern = "random";
    auto* race = app.add_subcommand(
        "race", "find a schedule of one block that changes the result, shrink it, tell why");
    run::add_request_flags(*race, race_opts.text, true);
    race->add_option("--tries", race_opts.tries, "schedules to try")->capture_default_str();
    race->add_option("--search-seed", race_opts.search_seed,
                     "the search's seed: the same seed, the same story")
        ->capture_default_str()
        ->check(digits_only("a seed: 0, 1, 2, ..."));
    race->add_flag("--exhaustive", race_opts.exhaustive,
                   "instead: every schedule in which one thread runs ahead once (a bounded "
                   "exhaustive check)");
    race->add_flag("--json", race_opts.json, "one JSON object");

    RunKernelOptions run_kernel_opts;
    auto* run_kernel = app.add_subcommand(
        "run-kernel",
        "compile your own kernel file and run it on the emulator in a sandbox; print its stats");
    add_run_kernel_options(*run_kernel, run_kernel_opts);

    GradeOptions grade_opts;
    auto* grade = app.add_subcommand(
        "grade",
        "grade a class's submissions against a puzzle (or a course folder), several at once; "
        "CSV and Gradescope's results.json");
    add_grade_options(*grade, grade_opts);

    std::string autograder_puzzle, autograder_folder;
    auto* autograder = app.add_subcommand(
        "autograder", "write Gradescope's autograder (setup.sh, run_autograder) for a puzzle");
    autograder->add_option("--puzzle", autograder_puzzle, "the puzzle (its name or number)")
        ->required();
    autograder->add_option("FOLDER", autograder_folder, "a new (or empty) folder to write into")
        ->required();

    bool puzzles_json = false;
    auto* puzzles = app.add_subcommand(
        "puzzles", "list the puzzles of assets/puzzles (grade one with run-kernel --puzzle)");
    puzzles->add_flag("--json", puzzles_json, "one JSON array");

    LessonsOptions lessons_opts;
    auto* lessons = app.add_subcommand(
        "lessons",
        "list the lessons of assets/lessons; --check: run every slide and check its claims");
    lessons->add_option("lesson", lessons_opts.names,
                        "lessons by name or number, or a lesson file of your own");
    lessons->add_flag("--check", lessons_opts.check,
                      "run every slide's request and check its words and claims against its "
                      "trace, GPU counts and recording");
    lessons->add_flag("--facts", lessons_opts.facts, "list the {facts} a slide's words can use");
    lessons->add_flag("--words", lessons_opts.words,
                      "print every slide's heading, words and question with its facts filled in "
                      "(each slide run as the window runs it)");

    if (argc > 1 && argv[1][0] == '-' && std::strcmp(argv[1], "-h") != 0 &&
        std::strcmp(argv[1], "--help") != 0 && std::strcmp(argv[1], "--help-all") != 0) {
        std::fprintf(stderr,
                     "warpscope: %s: not an option (the window's options start with --; "
                     "try --help)\n",
                     user::printable_name(argv[1]).c_str());
        return 2;
    }
    if (argc > 1 && argv[1][0] != '-') {
        bool known = false;
        for (const auto* sub : app.get_subcommands([](CLI::App*) { return true; }))
            known |= sub->get_name() == argv[1];
        if (!known) {
            std::fprintf(stderr,
                         "warpscope: %s: not a command (list, trace, stats, race, verify, bench, "
                         "info, crosscheck, run-kernel, puzzles, grade, autograder, lessons; try "
                         "--help)\n",
                         user::printable_name(argv[1]).c_str());
            return 2;
        }
    }
    if (std::string e = dash_named_file(app, argc, argv); !e.empty()) {
        std::fprintf(stderr, "warpscope: %s\n", e.c_str());
        return 2;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::string what = e.what();
        std::fprintf(stderr, "warpscope: %s (try --help)\n", what.c_str());
        return 2;
    }

    if (*stats && !stats_trace.empty())
        for (const CLI::Option* o : request_options)
            if (o->count() > 0) {
                std::fprintf(stderr, "warpscope: %s\n",
                             run::trace_brings_its_request(stats_trace, o->get_name()).c_str());
                return 2;
            }
    auto run_command = [&]() -> int {
        if (*list) return cmd_list(list_json);
        if (*trace_cmd) return cmd_trace(trace_opts, trace_out);
        if (*stats) return cmd_stats(stats_opts, stats_trace, stats_as_json, stats_hardware);
        if (*verify) return cmd_verify(verify_algo, verify_backend, verify_quick);
        if (*info) return cmd_info();
        if (*bench) return cmd_bench(bench_opts);
        if (*cross) return cmd_crosscheck(cross_algo, cross_recorder, cross_save);
        if (*race) return cmd_race(race_opts);
        if (*run_kernel) return cmd_run_kernel(run_kernel_opts);
        if (*puzzles) return cmd_puzzles(puzzles_json);
        if (*grade) return cmd_grade(grade_opts);
        if (*autograder) return cmd_autograder(autograder_puzzle, autograder_folder);
        if (*lessons) return cmd_lessons(lessons_opts);
        return 2;
    };
    int code = 2;
    try {
        code = run_command();
    } catch (const UsageError& e) {  // it may quote a name as given: one printable line
        std::fprintf(stderr, "warpscope: %s\n", user::printable_line(e.message, 2000).c_str());
        code = 2;
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "warpscope: ran out of memory (%s free now)\n",
                     io::bytes_text(io::available_memory()).c_str());
        code = 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "warpscope: %s\n", e.what());
        code = 1;
    }
    return finish_output(code);
}

}  // namespace ws::cli
