// `warpscope puzzles` and `warpscope run-kernel FILE --puzzle NAME` (issue 19): the exercises of
// assets/puzzles (kernels/user/puzzle.hpp), listed, and a kernel file graded against one. The
// puzzles are found under the window's data root (ui::Session::data_root: $WARPSCOPE_ROOT, else
// the source tree).
#include <cstdio>
#include <nlohmann/json.hpp>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "kernels/user/puzzle.hpp"
#include "ui/session.hpp"

namespace ws::cli {
namespace {

using nlohmann::ordered_json;

std::string first_sentence(const std::string& statement) {
    const auto end = statement.find(". ");
    return end == std::string::npos ? statement : statement.substr(0, end + 1);
}

}  // namespace

int cmd_puzzles(bool json) {
    const std::string root = ui::Session::data_root();
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
    if (!o.backend.empty() && o.backend != "cpu")
        throw UsageError{"--backend " + o.backend +
                         ": puzzles are graded on the emulator (--backend cpu)"};
    if (o.cpu_limit < 1 || o.cpu_limit > 3600)
        throw UsageError{"--cpu-limit " + std::to_string(o.cpu_limit) + ": give 1 to 3600 seconds"};
    user::PuzzleRunSettings settings;
    settings.limits.cpu_seconds = o.cpu_limit;
    if (!user::parse_sandbox_mode(o.sandbox, settings.sandbox))
        throw UsageError{"--sandbox " + o.sandbox + ": auto, bwrap or limits"};
    std::string error;
    const std::string file = user::find_puzzle(ui::Session::data_root(), o.puzzle, error);
    if (file.empty()) throw UsageError{error};
    const user::PuzzleParse parsed = user::load_puzzle(file);
    if (!parsed.ok()) throw UsageError{parsed.error};
    const user::Puzzle& p = parsed.puzzle;

    const user::PuzzleGrade g = user::grade_puzzle(p, o.file, settings);
    if (!g.error.empty()) throw UsageError{g.error};
    if (!g.run_warning.empty()) std::fprintf(stderr, "warpscope: %s\n", g.run_warning.c_str());
    const std::string verdict = user::grade_summary(g);
    if (o.json) {
        ordered_json checks = ordered_json::array();
        for (const user::CheckVerdict& v : g.verdicts) {
            ordered_json c = {{"check", v.check}, {"pass", v.pass}};
            if (!v.pass) {
                c["got"] = v.got;
                c["why"] = v.why;
            }
            checks.push_back(c);
        }
        ordered_json out = {{"puzzle", p.name},     {"title", p.title},   {"file", o.file},
                            {"solved", g.solved()}, {"failed", g.failed}, {"checks", checks}};
        if (!g.skipped.empty()) out["skipped"] = g.skipped;
        std::printf("%s\n", out.dump(2).c_str());
    } else {
        for (const user::CheckVerdict& v : g.verdicts)
            std::printf("%s\n", user::verdict_line(v).c_str());
        std::printf("puzzle %s: %s\n", p.name.c_str(), verdict.c_str());
    }
    return g.solved() ? 0 : 1;
}

}  // namespace ws::cli
