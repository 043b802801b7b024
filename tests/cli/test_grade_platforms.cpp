// The platforms a course grades on (issue 57): Gradescope (the autograder folder `warpscope
// autograder` writes, its run_autograder run on a right, a wrong, a non-compiling and a hostile
// submission, each results.json held against Gradescope's schema by a validator written here) and
// GitHub Classroom (assets/classroom/autograding.json: each test's command run on a right and a
// wrong submission, passing by its exit code).
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "kernels/user/puzzle.hpp"
#include "tests/cli/puzzle_files.hpp"
#include "tests/cli/run_command.hpp"
#include "tests/test_paths.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// "" when `r` is a results.json Gradescope accepts (its autograder specification: a `tests`
// array of objects with name, score, max_score, output and visibility; the optional top-level
// score, output, stdout_visibility and execution_time with their types); else the first problem.
std::string gradescope_problem(const json& r) {
    static const std::set<std::string> visibilities = {"hidden", "after_due_date",
                                                       "after_published", "visible"};
    auto visible = [&](const json& v) { return v.is_string() && visibilities.count(v); };
    if (!r.is_object()) return "not an object";
    if (!r.contains("tests") || !r["tests"].is_array()) return "no tests array";
    if (r.contains("score") && !r["score"].is_number()) return "score is not a number";
    if (r.contains("output") && !r["output"].is_string()) return "output is not a string";
    if (r.contains("execution_time") && !r["execution_time"].is_number())
        return "execution_time is not a number";
    if (r.contains("stdout_visibility") && !visible(r["stdout_visibility"]))
        return "stdout_visibility is not one of Gradescope's";
    for (const json& t : r["tests"]) {
        if (!t.is_object()) return "a test is not an object";
        for (const char* key : {"name", "score", "max_score", "output", "visibility"})
            if (!t.contains(key)) return std::string("a test has no ") + key;
        if (!t["name"].is_string() || !t["output"].is_string()) return "a test's words";
        if (!t["score"].is_number() || !t["max_score"].is_number()) return "a test's numbers";
        if (t["score"].get<double>() < 0 || t["score"].get<double>() > t["max_score"].get<double>())
            return "a test's score is not within 0..max_score";
        if (!visible(t["visibility"])) return "a test's visibility is not one of Gradescope's";
    }
    return "";
}

const char* kHostile = R"(// warpscope-kernel: reduce
// Hostile: reads /etc/passwd from the kernel.
extern "C" int ws_open(const char*, int, ...) __asm__("open");
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    if (threadIdx.x == 0) ws_open("/etc/passwd", 0);
    (void)g_in, (void)n, (void)probe;
    g_out[blockIdx.x] = T(0);
}
)";

}  // namespace

TEST_CASE("the results.json validator refuses what Gradescope would", "[grade]") {
    const json good = json::parse(
        R"({"score": 1, "tests": [{"name": "a", "score": 1, "max_score": 1, "output": "",
            "visibility": "visible"}]})");
    CHECK(gradescope_problem(good).empty());
    json over = good, hidden = good, missing = good, none = good, stdout_bad = good;
    over["tests"][0]["score"] = 2;
    hidden["tests"][0]["visibility"] = "public";
    missing["tests"][0].erase("max_score");
    none.erase("tests");
    stdout_bad["stdout_visibility"] = "sometimes";
    for (const json& bad : {over, hidden, missing, none, stdout_bad})
        CHECK_FALSE(gradescope_problem(bad).empty());
}

TEST_CASE("Gradescope's autograder grades a right, a wrong, a broken and a hostile submission",
          "[grade]") {
    TempDir dir("warpscope-gradescope");
    const fs::path ag = dir.path / "autograder";
    const auto made = run_warpscope("autograder --puzzle 2 " + ag.string());
    INFO(made.out << made.err);
    REQUIRE(made.code == 0);
    for (const char* f : {"setup.sh", "run_autograder"}) {
        struct stat st {};
        REQUIRE(::stat((ag / f).c_str(), &st) == 0);
        CHECK((st.st_mode & 0111) != 0);  // executable
    }
    // setup.sh installs with the repository's own script and builds with options CMake has
    // (building it whole is too long for a test: it was run once, see docs/grading.md).
    const std::string setup = read_all(ag / "setup.sh");
    CHECK(setup.find(".ci/install-debian-packages") != std::string::npos);
    const std::string cmake = read_all(std::string(WS_SOURCE_DIR) + "/CMakeLists.txt");
    for (const char* option : {"WS_ENABLE_CUDA", "WS_ENABLE_GUI", "WS_ENABLE_TESTS"}) {
        CHECK(setup.find(std::string("-D") + option + "=OFF") != std::string::npos);
        CHECK(cmake.find(std::string("option(") + option + " ") != std::string::npos);
    }
    for (const char* f : {"setup.sh", "run_autograder"})
        CHECK(run_command("sh -n " + (ag / f).string()).code == 0);
    // Never into a folder that holds files already.
    const auto again = run_warpscope("autograder --puzzle 2 " + ag.string());
    CHECK(again.code == 2);
    CHECK(again.err.find("not empty") != std::string::npos);

    struct Student {
        std::string name, kernel_source;
        unsigned score;
        std::string says;  // in the failing tests' output
    };
    const Student students[] = {
        {"right", read_all(puzzle_file("02-bank-conflicts.solution.cu")), 2, ""},
        {"wrong", read_all(puzzle_file("02-bank-conflicts.wrong.cu")), 1,
         "FAIL bank_conflicts == 0 (self-reported): got 208"},
        {"broken",
         read_all(std::string(WS_SOURCE_DIR) + "/tests/data/user_kernels/syntax_error.cu"), 0,
         "kernel.cu:7: expected ';'"},
        {"hostile", kHostile, 0, "the sandbox stopped the kernel: it tried to open a file"},
    };
    for (const Student& s : students) {
        INFO(s.name);
        const fs::path submission = dir.path / s.name / "submission";
        const fs::path results = dir.path / s.name / "results";
        fs::create_directories(submission);
        { std::ofstream(submission / "kernel.cu") << s.kernel_source; }
        const auto r =
            run_command("WARPSCOPE=" + std::string(WS_BINARY) + " WARPSCOPE_SUBMISSION='" +
                        submission.string() + "' WARPSCOPE_RESULTS='" + results.string() + "' " +
                        (ag / "run_autograder").string());
        INFO(r.out << r.err);
        CHECK(r.code == 0);
        const json j = json::parse(read_all(results / "results.json"));
        INFO(j.dump(2));
        CHECK(gradescope_problem(j).empty());
        REQUIRE(j["tests"].size() == 2);
        CHECK(j["tests"][0]["name"] == "correct");
        CHECK(j["tests"][1]["name"] == "bank_conflicts == 0");
        CHECK(j["score"] == s.score);
        unsigned sum = 0;
        for (const json& t : j["tests"]) {
            sum += t["score"].get<unsigned>();
            if (t["score"] == 0)
                CHECK(t["output"].get<std::string>().find(s.says) != std::string::npos);
        }
        CHECK(sum == s.score);
    }
}

TEST_CASE("the GitHub Classroom example's tests pass by exit code on a right and a wrong kernel",
          "[grade]") {
    const json a =
        json::parse(read_all(std::string(WS_SOURCE_DIR) + "/assets/classroom/autograding.json"));
    const ws::user::PuzzleParse p = ws::user::load_puzzle(puzzle_file("02-bank-conflicts.puzzle"));
    REQUIRE(p.ok());
    // One test per check of the puzzle, in its order, each worth points.
    REQUIRE(a["tests"].size() == p.puzzle.checks.size());
    for (std::size_t i = 0; i < p.puzzle.checks.size(); ++i) {
        CHECK(a["tests"][i]["name"] == p.puzzle.checks[i].text);
        CHECK(a["tests"][i]["points"].get<int>() > 0);
        CHECK(a["tests"][i]["run"].get<std::string>().rfind("warpscope grade ", 0) == 0);
    }
    TempDir dir("warpscope-classroom");
    fs::create_directories(dir.path / "bin");
    fs::create_symlink(WS_BINARY, dir.path / "bin" / "warpscope");
    for (const std::string kind : {"solution", "wrong"}) {
        const fs::path repo = dir.path / kind;
        fs::create_directories(repo);
        fs::copy_file(puzzle_file("02-bank-conflicts." + kind + ".cu"), repo / "kernel.cu");
        for (const json& t : a["tests"]) {
            const std::string name = t["name"];
            { std::ofstream(repo / "test.sh") << t["run"].get<std::string>() << "\n"; }
            const auto r = run_command("cd '" + repo.string() + "' && PATH='" +
                                       (dir.path / "bin").string() + "':\"$PATH\" sh test.sh");
            INFO(kind << ": " << name << "\n" << r.out << r.err);
            const bool should_pass = kind == "solution" || name != p.puzzle.wrong_fails;
            CHECK((r.code == 0) == should_pass);
            CHECK(r.code <= 1);
        }
    }
}
