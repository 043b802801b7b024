// A class's grades as CSV for a learning-management system (issue 57, `grade --csv FILE`): one
// row per submission, `student,puzzle,score,max_score,checks_failed`, quoted as RFC 4180 says,
// with nothing a student controls written raw (control characters escaped, a leading = + - @
// defused for spreadsheets).
#pragma once
#include <string>
#include <vector>

#include "kernels/user/grade_batch.hpp"

namespace ws::user {

struct GradeRow {
    std::string student;              // the submission's name (Submission::student)
    std::string puzzle;               // the puzzle's name
    unsigned passed = 0;              // checks passed (0 when it could not be graded)
    unsigned checks = 0;              // the puzzle's checks
    std::vector<std::string> failed;  // the checks not passed, as the puzzle writes them
};

// A submission's row: every check counts as failed when it was not graded (an error, skipped).
GradeRow grade_row(const Puzzle& p, const Submission& s, const PuzzleGrade& g);

// One field as CSV writes it: escaped with printable_name, then quoted when it holds a comma, a
// quote or a leading or trailing space (quotes doubled); a leading = + - @ gets a ' before it.
std::string csv_field(const std::string& text);

// The header line and a line per row, each ending in "\r\n" (RFC 4180).
std::string grades_csv(const std::vector<GradeRow>& rows);

}  // namespace ws::user
