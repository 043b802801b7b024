// The puzzles of assets/puzzles (issue 19): every file parses and names kernels that exist and
// fields that stats has; on the emulator each puzzle's reference solution solves it, its wrong
// solution fails exactly the check the puzzle says, and its starting kernel compiles and runs.
// The grading runs the real binary (`run-kernel --puzzle`), as a teacher's script would.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "kernels/user/puzzle.hpp"
#include "tests/cli/run_command.hpp"
#include "tests/test_paths.hpp"

using namespace ws::user;
using nlohmann::json;

namespace {

std::vector<Puzzle> all_puzzles() {
    std::vector<Puzzle> puzzles;
    for (const std::string& f : puzzle_files(WS_SOURCE_DIR)) {
        const PuzzleParse p = load_puzzle(f);
        INFO(p.error);
        REQUIRE(p.ok());
        puzzles.push_back(p.puzzle);
    }
    return puzzles;
}

}  // namespace

TEST_CASE("every puzzle parses, names its kernels and checks known fields", "[puzzles]") {
    const std::vector<Puzzle> puzzles = all_puzzles();
    REQUIRE(puzzles.size() >= 10);
    unsigned graded = 0;
    for (const Puzzle& p : puzzles) {
        INFO(p.file);
        CHECK(p.number > 0);
        CHECK_FALSE(p.title.empty());
        CHECK_FALSE(p.hint.empty());
        for (const std::string* f : {&p.start, &p.solution, &p.wrong})
            CHECK(std::filesystem::is_regular_file(*f));
        graded += p.gpu_only.empty() ? 1 : 0;
    }
    CHECK(graded >= 10);
    // Numbers are unique, so `--puzzle 3` names one.
    for (std::size_t i = 1; i < puzzles.size(); ++i)
        CHECK(puzzles[i].number != puzzles[i - 1].number);
    std::string error;
    CHECK(find_puzzle(WS_SOURCE_DIR, "2", error) == puzzles[1].file);
    CHECK(find_puzzle(WS_SOURCE_DIR, puzzles[0].name, error) == puzzles[0].file);
    CHECK(find_puzzle(WS_SOURCE_DIR, "no-such", error).empty());
    CHECK(error.find("01-any-n") != std::string::npos);
}

TEST_CASE("a bad puzzle is one line naming the file and the line", "[puzzles]") {
    const std::string dir = std::string(WS_SOURCE_DIR) + "/assets/puzzles/";
    const std::string head =
        "title: t\nstatement: s\nhint: h\nrequest: --n 100 --block 32\nstart: "
        "01-any-n.start.cu\nsolution: 01-any-n.solution.cu\nwrong: 01-any-n.wrong.cu\n";
    struct Case {
        std::string text, says;
    };
    const Case cases[] = {
        {head + "check: bank_conflicts = 0\nwrong-fails: correct\n",
         "p.puzzle:8: =: not an operator"},
        {head + "check: conflicts == 0\nwrong-fails: correct\n",
         "p.puzzle:8: conflicts: not a field"},
        {head + "check: hazards == few\nwrong-fails: correct\n", "few: neither a number"},
        {head + "check: hazards == 0 schedules=chaos\nwrong-fails: correct\n",
         "p.puzzle:8: schedules=chaos: "},
        {head + "check: correct\nwrong-fails: hazards == 0\n", "p.puzzle:9: hazards == 0: not one"},
        {head + "check: correct\nwrong-fails: correct\nstart: nowhere.cu\n",
         "p.puzzle:10: start: nowhere.cu: no such file"},
        {head + "check: read_only_fraction >= 0.5\nwrong-fails: correct\n", "a GPU field"},
        {head + "check: correct\nwrong-fails: correct\ncolour: blue\n", "colour: not a key"},
        {head + "check: correct\n", "no `wrong-fails:` line"},
        {head + "request: --n 10 --algo reduce-sequential\n", "--algo: the kernel file"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        const PuzzleParse p = parse_puzzle(c.text, dir + "p.puzzle");
        CHECK_FALSE(p.ok());
        CHECK(p.error.find(c.says) != std::string::npos);
        CHECK(p.error.find('\n') == std::string::npos);
    }
}

TEST_CASE("each puzzle's solution solves it and its wrong one fails the check it names",
          "[puzzles][slow]") {
    for (const Puzzle& p : all_puzzles()) {
        INFO(p.name);
        if (!p.gpu_only.empty()) {  // skipped on the emulator, saying why
            const auto r = run_warpscope("run-kernel " + p.solution + " --puzzle " + p.name);
            CHECK(r.code == 1);
            CHECK(r.out.find("skipped on the emulator") != std::string::npos);
            CHECK(r.out.find(p.gpu_only) != std::string::npos);
            continue;
        }
        const auto solved = run_warpscope("run-kernel " + p.solution + " --puzzle " + p.name);
        INFO(solved.out << solved.err);
        CHECK(solved.code == 0);
        CHECK(solved.out.find("puzzle " + p.name + ": solved") != std::string::npos);
        // The grade's own count of every block's events equals the totals the run summed.
        CHECK(solved.out.find("totals were changed") == std::string::npos);

        const auto wrong =
            run_warpscope("run-kernel " + p.wrong + " --puzzle " + p.name + " --json");
        INFO(wrong.out << wrong.err);
        CHECK(wrong.code == 1);
        const json j = json::parse(wrong.out);
        CHECK(j["solved"] == false);
        CHECK(j["failed"] == 1);
        for (const json& c : j["checks"]) CHECK(c["pass"] == (c["check"] != p.wrong_fails));
        CHECK_FALSE(j.contains("runs"));  // no line: the totals are the events'

        // The starting kernel compiles and runs (it may be wrong: exit 0 or 1, never 2).
        const auto start = run_warpscope("run-kernel " + p.start + " " + p.requests[0] + " --json");
        INFO(start.err);
        CHECK(start.code <= 1);
        CHECK(json::parse(start.out).contains("totals"));
    }
}

TEST_CASE("puzzles lists every puzzle, --puzzle refuses request flags", "[puzzles]") {
    const auto list = run_warpscope("puzzles --json");
    REQUIRE(list.code == 0);
    const json j = json::parse(list.out);
    CHECK(j.size() == all_puzzles().size());
    CHECK(j[0]["name"] == "01-any-n");
    const auto text = run_warpscope("puzzles");
    CHECK(text.code == 0);
    CHECK(text.out.find("Right for any n") != std::string::npos);

    const std::string sol = std::string(WS_SOURCE_DIR) + "/assets/puzzles/01-any-n.solution.cu";
    const auto with_n = run_warpscope("run-kernel " + sol + " --puzzle 1 --n 100");
    CHECK(with_n.code == 2);
    CHECK(with_n.err.find("brings its own requests") != std::string::npos);
    const auto missing = run_warpscope("run-kernel " + sol + " --puzzle 99");
    CHECK(missing.code == 2);
    CHECK(missing.err.find("no such puzzle") != std::string::npos);
}

TEST_CASE("a teacher grades a folder of submissions against a puzzle in one command", "[puzzles]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "warpscope-submissions";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string puzzles = std::string(WS_SOURCE_DIR) + "/assets/puzzles/";
    fs::copy_file(puzzles + "02-bank-conflicts.solution.cu", dir / "alice.cu");
    fs::copy_file(puzzles + "02-bank-conflicts.wrong.cu", dir / "bob.cu");
    { std::ofstream(dir / "carol.cu") << "// warpscope-kernel: reduce\nnot C++ at all\n"; }
    const std::string files = (dir / "alice.cu").string() + " " + (dir / "bob.cu").string() + " " +
                              (dir / "carol.cu").string();
    const auto r = run_warpscope("run-kernel " + files + " --puzzle 2");
    INFO(r.out << r.err);
    CHECK(r.code == 1);  // not every file solves it
    CHECK(r.out.find("== " + (dir / "alice.cu").string() + "\n") != std::string::npos);
    CHECK(r.out.find("compile error at " + (dir / "carol.cu").string()) != std::string::npos);
    CHECK(r.out.find("graded 3 files against 02-bank-conflicts: 1 solved, 2 not yet") !=
          std::string::npos);
    const auto j = run_warpscope("run-kernel " + files + " --puzzle 2 --json");
    const json all = json::parse(j.out);
    REQUIRE(all.size() == 3);
    CHECK(all[0]["solved"] == true);
    CHECK(all[1]["solved"] == false);
    CHECK(all[2]["solved"] == false);
    CHECK(all[2]["checks"][0]["why"].get<std::string>().find("compile error") != std::string::npos);
    // Without --puzzle, one file.
    const auto two = run_warpscope("run-kernel " + (dir / "alice.cu").string() + " " +
                                   (dir / "bob.cu").string() + " --n 100");
    CHECK(two.code == 2);
    CHECK(two.err.find("runs one FILE") != std::string::npos);
    fs::remove_all(dir);
}
