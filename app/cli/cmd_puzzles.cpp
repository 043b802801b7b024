// `warpscope puzzles` and `warpscope run-kernel FILE --puzzle NAME` (issue 19): the exercises of
// assets/puzzles (kernels/user/puzzle.hpp), listed, and a kernel file graded against one. The
// puzzles are found under the data root (io::data_root: $WARPSCOPE_ROOT, else the source tree).
#include <cstdio>
#include <nlohmann/json.hpp>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "kernels/io/data_root.hpp"
#include "kernels/user/grade_batch.hpp"
#include "kernels/user/outcome.hpp"
#include "kernels/user/puzzle.hpp"

namespace ws::cli {
namespace {

using nlohmann::ordered_json;

std::string first_sentence(const std::string& statement) {
    const auto end = statement.find(". ");
    return end == std::string::npos ? statement : statement.substr(0, end + 1);
}

}  // namespace

int cmd_puzzles(bool json) {
    const std::string root = io::data_root();
    const std::vector<std::string> files = user::puzzle_files(root);
    if (files.empty()) {
        std::fprintf(stderr, "warpscope: no puzzles in %s/assets/puzzles (set WARPSCOPE_ROOT)\n",
                     root.c_str());
        return 1;
    }
    ordered_json list = ordered_json::array();
    int code = 0;
    for (const std::string& f : files) {
        const user::PuzzleParse p = user::load_puzzle(f);
        if (!p.ok()) {
            std::fprintf(stderr, "warpscope: %s\n", p.error.c_str());
            code = 1;
            continue;
        }
        const user::Puzzle& z = p.puzzle;
        if (json) {
            ordered_json checks = ordered_json::array();
            for (const user::PuzzleCheck& c : z.checks) checks.push_back(c.text);
            list.push_back(
                {{"number", z.number},
                 {"name", z.name},
                 {"title", z.title},
                 {"statement", z.statement},
                 {"checks", checks},
                 {"gpu_only", z.gpu_only.empty() ? ordered_json() : ordered_json(z.gpu_only)}});
        } else {
            std::printf("%2u  %-22s %s%s\n    %s\n", z.number, z.name.c_str(), z.title.c_str(),
                        z.gpu_only.empty() ? "" : " (gpu-only)",
                        first_sentence(z.statement).c_str());
        }
    }
    if (json) std::printf("%s\n", list.dump(2).c_str());
    return code;
}

user::PuzzleRunSettings puzzle_run_settings(const RunKernelOptions& o) {
    user::PuzzleRunSettings settings;
    settings.limits = run_kernel_limits(o);
    settings.backend = run_kernel_backend(o.backend);
    if (!user::parse_sandbox_mode(o.sandbox, settings.sandbox))
        throw UsageError{"--sandbox " + o.sandbox + ": auto, bwrap or limits"};
    return settings;
}

user::Puzzle named_puzzle(const std::string& name) {
    std::string error;
    const std::string file = user::find_puzzle(io::data_root(), name, error);
    if (file.empty()) throw UsageError{error};
    const user::PuzzleParse parsed = user::load_puzzle(file);
    if (!parsed.ok()) throw UsageError{parsed.error};
    return parsed.puzzle;
}

int cmd_grade_puzzle(const RunKernelOptions& o) {
    run::RequestText defaults;
    if (!o.text.n.empty() || o.text.block != defaults.block || o.text.type != defaults.type ||
        o.text.kind != defaults.kind || o.text.schedule != defaults.schedule ||
        o.text.pattern != defaults.pattern || o.text.seed != defaults.seed)
        throw UsageError{"--puzzle " + o.puzzle +
                         " brings its own requests: leave out --n, --block and the other request "
                         "flags"};
    if (!o.trace_out.empty())
        throw UsageError{"--puzzle runs several requests: leave out --trace-out"};
    const user::PuzzleRunSettings settings = puzzle_run_settings(o);
    const user::Puzzle p = named_puzzle(o.puzzle);

    // One file: its grade (a file that cannot be graded is bad input, exit 2). Several (a
    // teacher's folder): each graded in turn, one that cannot be graded says why and counts as
    // not solved, and a last line counts them.
    const bool several = o.files.size() > 1;
    ordered_json all = ordered_json::array();
    std::size_t solved = 0;
    bool marked = false;  // a check of the report is self-reported: the note closes it
    std::string warned;
    for (const std::string& kernel : o.files) {
        const user::PuzzleGrade g = user::grade_puzzle(p, kernel, settings);
        if (!g.error.empty() && !several) throw UsageError{g.error};
        if (!g.run_warning.empty() && g.run_warning != warned) {
            std::fprintf(stderr, "warpscope: %s\n", g.run_warning.c_str());
            warned = g.run_warning;
        }
        solved += g.solved();
        if (o.json) {
            ordered_json checks = ordered_json::array();
            for (const user::CheckVerdict& v : g.verdicts) {
                ordered_json c = {{"check", v.check}, {"pass", v.pass}};
                if (v.self_reported) c["self_reported"] = true;
                if (!v.pass) {
                    c["got"] = v.got;
                    c["why"] = v.why;
                }
                checks.push_back(c);
            }
            ordered_json out = {{"puzzle", p.name},     {"title", p.title},   {"file", kernel},
                                {"solved", g.solved()}, {"failed", g.failed}, {"checks", checks}};
            if (!g.skipped.empty()) out["skipped"] = g.skipped;
            if (!g.run_lines.empty()) {
                out["runs"] = g.run_lines;
                out["crosscheck_failed"] = g.crosscheck_failed;
            }
            if (!g.error.empty()) out["error"] = g.error;
            all.push_back(out);
            continue;
        }
        std::fputs(user::grade_report(p, kernel, g, several).c_str(), stdout);
        marked |= user::any_self_reported(g);
    }
    if (o.json)
        std::printf("%s\n", (several ? all : all.front()).dump(2).c_str());
    else if (several)
        std::fputs(user::batch_summary(o.files.size(), p.name, solved).c_str(), stdout);
    if (marked) std::printf("%s\n", user::self_reported_note().c_str());
    return solved == o.files.size() ? 0 : 1;
}

}  // namespace ws::cli
