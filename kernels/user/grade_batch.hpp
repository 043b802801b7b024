// A class's grading (issue 57): which kernel file each submission is (a .cu file, or a student's
// folder holding exactly one), a course folder's puzzles and submissions, and many submissions
// graded at once, each in its own sandboxed children as grade_puzzle runs them, the results
// handed back in submission order.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "kernels/user/puzzle.hpp"

namespace ws::user {

struct Submission {
    std::string path;        // as given (or found in a course folder)
    std::string student;     // the file's name without .cu, or the folder's name
    std::string kernel;      // the .cu file graded; "" when `error` says why there is none
    std::string error;       // one line: why this submission cannot be graded
    std::size_t puzzle = 0;  // which of the batch's puzzles it is graded against
};

// A .cu file is itself; a folder is the one .cu file directly inside it (hidden files left
// out); none or several is a one-line error for that submission alone.
Submission find_submission(const std::string& path);

// A course folder: DIR/PUZZLE/SUBMISSION, where PUZZLE names a puzzle as --puzzle does (its
// name or number) and each SUBMISSION is a .cu file or a student's folder; both sorted by name,
// hidden entries and other files left out. `puzzles` gets each puzzle once, in folder order;
// "" or one line (a folder that names no puzzle, a puzzle file that does not parse).
std::string find_course(const std::string& dir, const std::string& root,
                        std::vector<Puzzle>& puzzles, std::vector<Submission>& submissions);

// The grade of a submission: grade_puzzle's, or the submission's error as the grade's.
PuzzleGrade grade_submission(const Puzzle& p, const Submission& s,
                             const PuzzleRunSettings& settings);

// Runs work(i) for i in [0, count) on `jobs` threads (each with the interrupts held back, so
// that SIGINT, SIGTERM and SIGHUP reach the calling thread, whose cleanup kills every child),
// and calls done(i) on the calling thread in order 0, 1, ... as soon as each and all before it
// are finished. An exception in work(i) becomes done's `error`.
void run_in_order(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& work,
                  const std::function<void(std::size_t, const std::string& error)>& done);

// The most submissions graded at once (the interrupt cleanup remembers 32 children).
inline constexpr unsigned kMaxJobs = 16;
// The default --jobs: this machine's processors, at most kMaxJobs.
unsigned default_jobs();

// The lines run-kernel --puzzle and grade print for one submission, each ending in '\n': with
// `several`, "== NAME" first; a line per check, the GPU's lines, "puzzle P: VERDICT".
std::string grade_report(const Puzzle& p, const std::string& path, const PuzzleGrade& g,
                         bool several);
// "graded N files against P: S solved, M not yet\n".
std::string batch_summary(std::size_t files, const std::string& puzzle, std::size_t solved);

}  // namespace ws::user
