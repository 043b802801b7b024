// `warpscope grade` (issue 57): a class's folder graded several at once prints byte for byte what
// grading one at a time prints, and what run-kernel --puzzle prints; a student's folder holds
// exactly one .cu file; a course folder is graded puzzle by puzzle; the CSV quotes what a student
// controls and never writes a raw control character; bad input is one line and exit code 2; an
// interrupt while several are graded leaves no work folder and no child.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "kernels/user/grade_csv.hpp"
#include "tests/cli/puzzle_files.hpp"
#include "tests/cli/run_command.hpp"
#include "tests/cli/sandbox_attack_kit.hpp"
#include "tests/test_paths.hpp"

namespace fs = std::filesystem;

namespace {

std::string quoted(const fs::path& p) {
    return "'" + p.string() + "'";
}

// A class of `copies` x 3 students for puzzle 2 (a right, a wrong and a non-compiling kernel),
// a student's folder with one .cu, an empty folder, one with two, and a name with a newline, a
// comma and a quote in it.
std::vector<std::string> make_class(const fs::path& dir, int copies) {
    std::vector<std::string> subs;
    auto add = [&](const fs::path& p) { subs.push_back(quoted(p)); };
    for (int i = 0; i < copies; ++i) {
        const std::string n = std::to_string(i);
        fs::copy_file(puzzle_file("02-bank-conflicts.solution.cu"), dir / ("right" + n + ".cu"));
        fs::copy_file(puzzle_file("02-bank-conflicts.wrong.cu"), dir / ("wrong" + n + ".cu"));
        fs::copy_file(std::string(WS_SOURCE_DIR) + "/tests/data/user_kernels/syntax_error.cu",
                      dir / ("broken" + n + ".cu"));
        for (const char* s : {"right", "wrong", "broken"}) add(dir / (s + n + ".cu"));
    }
    fs::create_directories(dir / "folder" / ".hidden");
    fs::copy_file(puzzle_file("02-bank-conflicts.solution.cu"), dir / "folder" / "mine.cu");
    { std::ofstream(dir / "folder" / "notes.txt") << "not a kernel\n"; }
    fs::create_directories(dir / "empty");
    fs::create_directories(dir / "two");
    fs::copy_file(puzzle_file("02-bank-conflicts.solution.cu"), dir / "two" / "a.cu");
    fs::copy_file(puzzle_file("02-bank-conflicts.wrong.cu"), dir / "two" / "b.cu");
    fs::copy_file(puzzle_file("02-bank-conflicts.wrong.cu"), dir / "o\"d,d\nname.cu");
    for (const char* s : {"folder", "empty", "two", "o\"d,d\nname.cu"}) add(dir / s);
    return subs;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v) s += " " + x;
    return s;
}

}  // namespace

TEST_CASE("grade prints what run-kernel --puzzle prints for the same files", "[grade]") {
    const std::string files = " " + puzzle_file("02-bank-conflicts.solution.cu") + " " +
                              puzzle_file("02-bank-conflicts.wrong.cu") + " " + WS_SOURCE_DIR +
                              "/tests/data/user_kernels/syntax_error.cu";
    const auto old = run_warpscope("run-kernel" + files + " --puzzle 2");
    const auto now = run_warpscope("grade --puzzle 2 --jobs 2" + files);
    INFO(old.out << old.err << now.out << now.err);
    CHECK(old.code == 1);
    CHECK(now.code == 1);
    CHECK(now.out == old.out);
    CHECK(now.out.find("graded 3 files against 02-bank-conflicts: 1 solved, 2 not yet") !=
          std::string::npos);
}

TEST_CASE("grade --jobs 2 prints byte for byte what --jobs 1 prints and the same CSV", "[grade]") {
    TempDir dir("warpscope-grade-class");
    const std::string subs = joined(make_class(dir.path, 3));
    const fs::path csv1 = dir.path / "one.csv", csv2 = dir.path / "two.csv";
    const auto one = run_warpscope("grade --puzzle 2 --jobs 1 --csv " + quoted(csv1) + subs);
    const auto two = run_warpscope("grade --puzzle 2 --jobs 2 --csv " + quoted(csv2) + subs);
    INFO(one.out << one.err << two.err);
    CHECK(one.code == 1);
    CHECK(two.code == 1);
    CHECK(two.out == one.out);
    CHECK(read_all(csv2) == read_all(csv1));
    // Every submission in the order given: 9 files, 4 folders or odd names.
    CHECK(one.out.find("graded 13 files against 02-bank-conflicts: 4 solved, 9 not yet") !=
          std::string::npos);
    CHECK(one.out.find("== " + (dir.path / "folder").string() + "\nPASS correct\n") !=
          std::string::npos);
    CHECK(one.out.find("/empty: no .cu file in this folder (hand in one)") != std::string::npos);
    CHECK(one.out.find("/two: 2 .cu files in this folder (hand in exactly one)") !=
          std::string::npos);
    CHECK(one.out.find("o\"d,d\\nname.cu") != std::string::npos);  // escaped, on one line
    CHECK(one.out.find("compile error at " + (dir.path / "broken0.cu").string() + ":7:") !=
          std::string::npos);
    CHECK(one.out.find("right1.cu\nPASS correct\nPASS bank_conflicts == 0 (self-reported)\npuzzle "
                       "02-bank-conflicts: solved\n== ") != std::string::npos);

    const std::string csv = read_all(csv1);
    CHECK(csv.rfind("student,puzzle,score,max_score,checks_failed\r\n", 0) == 0);
    CHECK(count_lines(csv) == 14);  // the header and 13 rows: no raw newline from a name
    CHECK(csv.find("right0,02-bank-conflicts,2,2,\r\n") != std::string::npos);
    CHECK(csv.find("wrong2,02-bank-conflicts,1,2,bank_conflicts == 0\r\n") != std::string::npos);
    CHECK(csv.find("broken1,02-bank-conflicts,0,2,correct; bank_conflicts == 0\r\n") !=
          std::string::npos);
    CHECK(csv.find("folder,02-bank-conflicts,2,2,\r\n") != std::string::npos);
    CHECK(csv.find("\"o\"\"d,d\\nname\",02-bank-conflicts,1,2,") != std::string::npos);

    // Never over an existing file: the CSV is refused before any grading.
    const auto again = run_warpscope("grade --puzzle 2 --csv " + quoted(csv1) + subs);
    CHECK(again.code == 2);
    CHECK(again.out.empty());
    CHECK(again.err.find("already there") != std::string::npos);
    CHECK(read_all(csv1) == csv);
}

TEST_CASE("grade --course grades each puzzle's folder of students", "[grade]") {
    TempDir dir("warpscope-grade-course");
    const fs::path two = dir.path / "02-bank-conflicts", one = dir.path / "1";
    fs::create_directories(two / "bob");
    fs::create_directories(one);
    fs::copy_file(puzzle_file("02-bank-conflicts.solution.cu"), two / "alice.cu");
    fs::copy_file(puzzle_file("02-bank-conflicts.wrong.cu"), two / "bob" / "kernel.cu");
    fs::copy_file(puzzle_file("01-any-n.solution.cu"), one / "carol.cu");
    { std::ofstream(one / "README.txt") << "not a submission\n"; }
    const fs::path csv = dir.path / "grades.csv";
    const auto r =
        run_warpscope("grade --course " + quoted(dir.path) + " --jobs 2 --csv " + quoted(csv));
    INFO(r.out << r.err);
    CHECK(r.code == 1);
    const std::string expected_order[] = {
        "== " + (two / "alice.cu").string(),
        "== " + (two / "bob").string(),
        "graded 2 files against 02-bank-conflicts: 1 solved, 1 not yet",
        "== " + (one / "carol.cu").string(),
        "puzzle 01-any-n: solved",
        "graded 1 files against 01-any-n: 1 solved, 0 not yet"};
    std::size_t at = 0;
    for (const std::string& line : expected_order) {
        const std::size_t found = r.out.find(line, at);
        CHECK(found != std::string::npos);
        at = found == std::string::npos ? at : found;
    }
    CHECK(r.out.find("README") == std::string::npos);
    CHECK(read_all(csv) ==
          "student,puzzle,score,max_score,checks_failed\r\nalice,02-bank-conflicts,2,2,\r\n"
          "bob,02-bank-conflicts,1,2,bank_conflicts == 0\r\ncarol,01-any-n,1,1,\r\n");

    fs::create_directories(dir.path / "no-such-puzzle");
    const auto bad = run_warpscope("grade --course " + quoted(dir.path));
    CHECK(bad.code == 2);
    CHECK(bad.out.empty());
    CHECK(count_lines(bad.err) == 1);
    CHECK(bad.err.find("no-such-puzzle: no such puzzle") != std::string::npos);
}

TEST_CASE("grade refuses bad input in one line with exit code 2", "[grade]") {
    const std::string sol = puzzle_file("02-bank-conflicts.solution.cu");
    const std::pair<std::string, std::string> cases[] = {
        {"grade " + sol, "grade takes --puzzle NAME SUBMISSION... or --course DIR"},
        {"grade --puzzle 2", "no SUBMISSION to grade"},
        {"grade --puzzle 99 " + sol, "no such puzzle"},
        {"grade --puzzle 2 --course /tmp " + sol, "grade takes --puzzle"},
        {"grade --course /no/such/folder", "not a folder"},
        {"grade --puzzle 2 --jobs 0 " + sol, "--jobs"},
        {"grade --puzzle 2 --jobs 17 " + sol, "--jobs"},
        {"grade --puzzle 2 --check colour " + sol, "not a check of 02-bank-conflicts (correct, "},
        {"grade --puzzle 2 --gradescope /tmp/ws-never.json " + sol + " " + sol,
         "give one SUBMISSION"},
        {"grade --puzzle 2 --csv /no/such/folder/g.csv " + sol, "does not exist"},
        {"grade --puzzle 2 --cpu-limit 0 " + sol, "--cpu-limit 0"},
        {"grade --puzzle 2 --backend cuda --jobs 2 " + sol, "one submission at a time"},
    };
    for (const auto& [args, says] : cases) {
        const auto r = run_warpscope(args);
        INFO(args << "\n" << r.err);
        CHECK(r.code == 2);
        CHECK(r.out.empty());
        CHECK(count_lines(r.err) == 1);
        CHECK(r.err.find(says) != std::string::npos);
    }
}

TEST_CASE("grade --check grades one check: its exit code says whether it passes", "[grade]") {
    const std::string wrong = puzzle_file("02-bank-conflicts.wrong.cu");
    const auto passes = run_warpscope("grade --puzzle 2 --check correct " + wrong);
    CHECK(passes.code == 0);
    CHECK(passes.out.find("bank_conflicts") == std::string::npos);
    const auto fails = run_warpscope("grade --puzzle 2 --check 'bank_conflicts == 0' " + wrong);
    CHECK(fails.code == 1);
    CHECK(fails.out.find("FAIL bank_conflicts == 0 (self-reported): got 208") != std::string::npos);
}

TEST_CASE("a CSV field is quoted and escaped: nothing a student names is written raw", "[grade]") {
    using ws::user::csv_field;
    CHECK(csv_field("alice") == "alice");
    CHECK(csv_field("a,b") == "\"a,b\"");
    CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
    CHECK(csv_field("two\nlines") == "two\\nlines");
    CHECK(csv_field("bell\x07\r") == "bell\\x07\\r");
    CHECK(csv_field(" padded ") == "\" padded \"");
    CHECK(csv_field("=HYPERLINK(1)") == "'=HYPERLINK(1)");
    CHECK(csv_field("-1+2") == "'-1+2");
    CHECK(csv_field("@x,y") == "\"'@x,y\"");
    for (char c = 1; c < 32; ++c)
        CHECK(csv_field(std::string("x") + c + "y").find(c) == std::string::npos);
}

TEST_CASE("an interrupted grade --jobs 2 leaves no work folder and no child", "[grade]") {
    attack::Folder tmp("grade-tmp", 01777);
    attack::Folder kernels("grade-interrupted", 0755);
    std::ifstream shared(std::string(WS_SOURCE_DIR) + "/tests/data/user_kernels/endless_loop.cu");
    const std::string text((std::istreambuf_iterator<char>(shared)),
                           std::istreambuf_iterator<char>());
    std::string subs;
    for (const char* name : {"a.cu", "b.cu", "c.cu", "d.cu"})
        subs += " '" + kernels.write(name, text) + "'";
    for (const char* when : {"0.3", "2.5"}) {  // while compiling, while running
        INFO(when);
        run_command("cd /tmp && TMPDIR='" + tmp.path() + "' '" + std::string(WS_BINARY) +
                    "' grade --puzzle 2 --jobs 2 --cpu-limit 30 --sandbox limits" + subs +
                    " >/dev/null & sleep " + when + "; kill -TERM $!; wait $!; sleep 0.5");
        std::string left;
        for (const std::string& e : tmp.entries()) left += e + " ";
        for (const std::string& p : attack::processes_with(kernels.path())) left += "[" + p + "] ";
        INFO("left behind: " << left);
        CHECK(tmp.entries().empty());
        CHECK(attack::processes_with(kernels.path()).empty());
    }
}
