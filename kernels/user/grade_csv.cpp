// CSV for a learning-management system (grade_csv.hpp).
#include "kernels/user/grade_csv.hpp"

#include "kernels/user/outcome.hpp"

namespace ws::user {

GradeRow grade_row(const Puzzle& p, const Submission& s, const PuzzleGrade& g) {
    GradeRow r;
    r.student = s.student;
    r.puzzle = p.name;
    r.checks = unsigned(p.checks.size());
    const bool graded = g.error.empty() && g.skipped.empty();
    for (std::size_t i = 0; i < p.checks.size(); ++i) {
        const bool pass = graded && i < g.verdicts.size() && g.verdicts[i].pass;
        r.passed += pass ? 1 : 0;
        if (!pass) r.failed.push_back(p.checks[i].text);
    }
    return r;
}

std::string csv_field(const std::string& text) {
    std::string f = printable_name(text);
    if (!f.empty() && (f[0] == '=' || f[0] == '+' || f[0] == '-' || f[0] == '@')) f = "'" + f;
    const bool quote = f.find_first_of(",\"") != std::string::npos ||
                       (!f.empty() && (f.front() == ' ' || f.back() == ' '));
    if (!quote) return f;
    std::string q = "\"";
    for (char c : f) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string grades_csv(const std::vector<GradeRow>& rows) {
    std::string out = "student,puzzle,score,max_score,checks_failed\r\n";
    for (const GradeRow& r : rows) {
        std::string failed;
        for (const std::string& c : r.failed) failed += (failed.empty() ? "" : "; ") + c;
        out += csv_field(r.student) + "," + csv_field(r.puzzle) + "," + std::to_string(r.passed) +
               "," + std::to_string(r.checks) + "," + csv_field(failed) + "\r\n";
    }
    return out;
}

}  // namespace ws::user
