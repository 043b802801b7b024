// Puzzles (issue 19): exercises in assets/puzzles, graded from a student's kernel's run. Each is a
// plain text file a teacher can edit, `NN-name.puzzle`, in the style of the lessons: `key: value`
// lines, `#` comments, blank lines ignored.
//
//   title: Remove the bank conflicts
//   statement: This reduction is right, but its tree ...   (several lines join with a space)
//   hint: Two lanes of a warp conflict when ...             (several lines join too)
//   request: --n 1000 --block 128                           (run-kernel's request flags; one or
//   request: --n 333 --block 64 --type float                 more: every check holds on each)
//   check: correct                                          (the result is right)
//   check: bank_conflicts == 0                              (a stats field, an operator, a number)
//   check: idle_lane_warps <= reduce-sequential             (or the same field of a built-in
//                                                            variant on the same request)
//   check: hazards == 0 schedules=random:1,random:2,random:3 (each request under each schedule)
//   start: 02-bank-conflicts.start.cu                       (the kernel the student starts from)
//   solution: 02-bank-conflicts.solution.cu                 (a reference solution: solves it)
//   wrong: 02-bank-conflicts.wrong.cu                       (a wrong one: fails exactly...)
//   wrong-fails: bank_conflicts == 0                        (... this check, as written above)
//   gpu-only: why it cannot be graded on the emulator       (optional: the puzzle is skipped)
//
// The fields are those of `stats --json`: `passes`, `grid`, `work`, `depth` (a scan whose
// additions are marked `// +`; the first traced block) and every counter of its `totals` (the
// first pass, every block), plus `correct`. A gpu-only puzzle may also check the GPU's fields:
// `read_only_fraction`, the kernel's GB/s over a read-only stream's, timed in the same run.
#pragma once
#include <string>
#include <vector>

#include "kernels/user/sandbox.hpp"

namespace ws::user {

struct PuzzleCheck {
    std::string text;     // as written after `check:`; how it is named in the verdicts
    std::string field;    // "correct" or a stats field
    std::string op;       // "" for correct; else == != < <= > >=
    double value = 0;     // the number compared with, unless `variant` is set
    std::string variant;  // a built-in variant's id: its value of `field`
    std::vector<std::string> schedules;  // empty: each request's own schedule
    int line = 0;
};

struct Puzzle {
    std::string file;     // the .puzzle file, as found
    std::string name;     // its file name without .puzzle: "02-bank-conflicts"
    unsigned number = 0;  // the leading number of its name
    std::string title, statement, hint;
    std::vector<std::string> requests;
    std::vector<PuzzleCheck> checks;
    std::string start, solution, wrong;  // the kernel files, as paths beside the puzzle file
    std::string wrong_fails;             // the text of the check the wrong solution fails
    std::string gpu_only;                // "": graded on the emulator; else why it is not
};

struct PuzzleParse {
    Puzzle puzzle;
    std::string error;  // "" or one line, "FILE:LINE: ..."
    bool ok() const { return error.empty(); }
};

// Parses a puzzle's text; `file` is where it came from (the kernel files are beside it).
PuzzleParse parse_puzzle(const std::string& text, const std::string& file);
PuzzleParse load_puzzle(const std::string& file);

// The fields a check may name (the emulator's, then the GPU-only ones).
const std::vector<std::string>& puzzle_fields();
const std::vector<std::string>& puzzle_gpu_fields();

// The puzzle files under `root`/assets/puzzles, sorted by name.
std::vector<std::string> puzzle_files(const std::string& root);
// The file of the puzzle named `name` (its file name without .puzzle, or its number: "2",
// "02"); "" and `error` (one line naming the puzzles there) when there is none.
std::string find_puzzle(const std::string& root, const std::string& name, std::string& error);

struct CheckVerdict {
    std::string check;  // the check's text
    bool pass = false;
    // The value it read was counted inside the kernel's own process (a recorder's counter, the
    // work and depth of its events), where a determined student can write: its word, not a
    // witness's. `correct` is the parent's own check on the emulator, and a GPU child's, whose
    // host code is warpscope's.
    bool self_reported = false;
    std::string got;  // the value that failed it, with the run it came from
    std::string why;  // what it had to be, in words
};

struct PuzzleGrade {
    std::vector<CheckVerdict> verdicts;  // one per check, in the puzzle's order
    unsigned failed = 0;
    std::string error;        // bad input (the kernel file, its header, a request): exit 2
    std::string skipped;      // a gpu-only puzzle on the emulator: why it was not graded
    std::string run_warning;  // the sandbox's line (once), or ""
    // Per request, "REQUEST: " and what its run says beside the checks: on the GPU its
    // gpu_report_lines (time, crosscheck) and the witness; on the emulator, totals that its
    // events do not bear out (recount.hpp).
    std::vector<std::string> run_lines;
    bool crosscheck_failed = false;  // a GPU run's trace differed from the emulator's
    bool solved() const { return error.empty() && skipped.empty() && failed == 0; }
};

// The words of a grade, for the command line and the window: "PASS check" / "FAIL check: got X
// (why)", and "solved" / "not yet: K of M checks fail" / "skipped on the emulator: why". A
// self-reported check is marked after its text: "PASS bank_conflicts == 0 (self-reported)".
std::string verdict_line(const CheckVerdict& v);
std::string grade_summary(const PuzzleGrade& g);
// What the mark means, one line: printed once under a report whose checks carry it (grade,
// run-kernel --puzzle, the window's Grade) and in a Gradescope test's output beside the mark.
std::string self_reported_note();
bool any_self_reported(const PuzzleGrade& g);

struct PuzzleRunSettings {
    Limits limits;
    SandboxMode sandbox = SandboxMode::Auto;
    // "cpu": every run on the emulator (a gpu-only puzzle is skipped). "cuda": each request on
    // the GPU (with its crosscheck against the emulator), but a check under named schedules on
    // the emulator, whose schedules they are.
    std::string backend = "cpu";
};

// Runs `kernel_file` on each request of `p` (and each schedule a check asks for), the built-in
// variants the checks compare with on the same requests, and evaluates every check.
PuzzleGrade grade_puzzle(const Puzzle& p, const std::string& kernel_file,
                         const PuzzleRunSettings& settings = {});

}  // namespace ws::user
