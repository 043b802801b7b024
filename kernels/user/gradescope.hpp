// Gradescope (issue 57): a submission's grade as the results.json of Gradescope's autograder
// specification (a test per check of the puzzle, one point each, the check's line as its output),
// and the two files of an autograder a teacher zips and uploads: setup.sh (installs the Debian
// packages of .ci/debian-packages.txt and builds the command line from the repository copied
// into the zip as warpscope/) and run_autograder (grades /autograder/submission).
#pragma once
#include <string>

#include "kernels/user/puzzle.hpp"

namespace ws::user {

// results.json: `score`, `output` (the grade's verdict line), `stdout_visibility`,
// `execution_time` (whole seconds) and `tests`: per check `name`, `score`, `max_score`,
// `output` (verdict_line, with self_reported_note under a self-reported check's, or why the
// submission was not graded) and `visibility` "visible".
std::string gradescope_results(const Puzzle& p, const PuzzleGrade& g, double seconds);

// The autograder's files for puzzle `p` (run_autograder's paths can be moved by environment
// variables: WARPSCOPE, WARPSCOPE_SUBMISSION, WARPSCOPE_RESULTS).
std::string autograder_setup_script();
std::string autograder_run_script(const Puzzle& p);

}  // namespace ws::user
