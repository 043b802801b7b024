// Gradescope's results.json and the autograder's scripts (gradescope.hpp).
#include "kernels/user/gradescope.hpp"

#include <nlohmann/json.hpp>

#include "kernels/user/grade_batch.hpp"

namespace ws::user {
namespace {

// A test's output: its check's line and, on a self-reported check, what the mark means (each
// test is read on its own).
std::string test_output(const CheckVerdict& v) {
    return v.self_reported ? verdict_line(v) + "\n" + self_reported_note() : verdict_line(v);
}

}  // namespace

std::string gradescope_results(const Puzzle& p, const PuzzleGrade& g, double seconds) {
    using nlohmann::ordered_json;
    const bool graded = g.error.empty() && g.skipped.empty();
    const std::string verdict = g.error.empty() ? grade_summary(g) : g.error;
    ordered_json tests = ordered_json::array();
    unsigned score = 0;
    for (std::size_t i = 0; i < p.checks.size(); ++i) {
        const bool has = graded && i < g.verdicts.size();
        const bool pass = has && g.verdicts[i].pass;
        score += pass ? 1 : 0;
        tests.push_back({{"name", p.checks[i].text},
                         {"score", pass ? 1 : 0},
                         {"max_score", 1},
                         {"output", has ? test_output(g.verdicts[i]) : verdict},
                         {"visibility", "visible"}});
    }
    std::string output = "puzzle " + p.name + ": " + verdict;
    for (const std::string& line : g.run_lines) output += "\n" + line;
    const ordered_json results = {{"score", score},
                                  {"output", output},
                                  {"stdout_visibility", "hidden"},
                                  {"execution_time", seconds < 0 ? 0 : long(seconds + 0.5)},
                                  {"tests", tests}};
    return results.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

std::string autograder_setup_script() {
    return R"(#!/bin/sh
# Gradescope runs this once, building the autograder's image: it installs the Debian packages
# warpscope builds with (.ci/debian-packages.txt) and builds the command line alone (no window,
# no CUDA, no tests) from the repository copied into the autograder's zip as warpscope/.
set -eu
source="${WARPSCOPE_SOURCE:-/autograder/source/warpscope}"
cd "$source"
.ci/install-debian-packages
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DWS_ENABLE_CUDA=OFF \
  -DWS_ENABLE_GUI=OFF -DWS_ENABLE_TESTS=OFF
cmake --build build --target warpscope
)";
}

std::string autograder_run_script(const Puzzle& p) {
    return R"(#!/bin/sh
# Gradescope runs this for each submission: the student's kernel (the one .cu file handed in)
# graded against the puzzle )" +
           p.name + R"(, a test per check, into results.json.
# WARPSCOPE, WARPSCOPE_SUBMISSION and WARPSCOPE_RESULTS move the program and the two folders.
set -u
warpscope="${WARPSCOPE:-/autograder/source/warpscope/build/warpscope}"
submission="${WARPSCOPE_SUBMISSION:-/autograder/submission}"
results="${WARPSCOPE_RESULTS:-/autograder/results}"
mkdir -p "$results"
"$warpscope" grade --puzzle )" +
           p.name + R"( --jobs 1 --gradescope "$results/results.json" "$submission"
code=$?
# 0 solved, 1 not yet: results.json holds the grade either way.
[ "$code" -le 1 ] && exit 0
exit "$code"
)";
}

}  // namespace ws::user
