// `warpscope grade` (issue 57): a class's submissions graded against puzzles, several at once
// (--jobs), the report printed in submission order exactly as one-at-a-time grading prints it;
// --csv for a learning-management system, --gradescope for Gradescope's results.json, --check
// for one check's exit code (GitHub Classroom). And `warpscope autograder`: Gradescope's files.
#include <sys/stat.h>

#include <chrono>
#include <cstdio>
#include <filesystem>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "kernels/io/atomic_file.hpp"
#include "kernels/io/data_root.hpp"
#include "kernels/user/grade_batch.hpp"
#include "kernels/user/grade_csv.hpp"
#include "kernels/user/gradescope.hpp"
#include "kernels/user/outcome.hpp"

namespace ws::cli {
namespace {

// An output the run will write: its folder there, and no file of that name yet.
void check_new_output(const std::string& flag, const std::string& path) {
    if (path.empty()) return;
    if (std::string why = io::check_output_path(path); !why.empty())
        throw UsageError{flag + " " + why};
    std::error_code ec;
    if (std::filesystem::exists(std::filesystem::symlink_status(path, ec)))
        throw UsageError{flag + " " + path + ": already there (remove it, or name a new file)"};
}

void write_output(const std::string& path, const std::string& bytes, int& code) {
    if (std::string why = io::write_new_file_atomically(path, bytes); !why.empty()) {
        std::fprintf(stderr, "warpscope: %s\n", user::printable_line(why, 2000).c_str());
        code = code == 0 ? 1 : code;
    }
}

// The puzzle with its one check `text` alone; a UsageError naming the checks when it has none.
user::Puzzle only_check(user::Puzzle p, const std::string& text) {
    std::string names;
    for (const user::PuzzleCheck& c : p.checks) {
        if (c.text == text) {
            p.checks = {c};
            return p;
        }
        names += (names.empty() ? "" : ", ") + c.text;
    }
    throw UsageError{"--check " + text + ": not a check of " + p.name + " (" + names + ")"};
}

}  // namespace

void add_grade_options(CLI::App& c, GradeOptions& o) {
    c.add_option("SUBMISSION", o.run.files,
                 "a student's kernel file, or a student's folder holding exactly one .cu file");
    c.add_option("--puzzle", o.run.puzzle,
                 "the puzzle the submissions are graded against (its name or number)");
    c.add_option("--course", o.course,
                 "instead: a course folder, COURSE/PUZZLE/SUBMISSION (PUZZLE a puzzle's name or "
                 "number)");
    c.add_option("--jobs", o.jobs,
                 "submissions graded at once, each in its own sandboxed children (1.." +
                     std::to_string(user::kMaxJobs) + "; default: the processors, up to " +
                     std::to_string(user::kMaxJobs) + ")")
        ->check(CLI::Range(1u, user::kMaxJobs));
    c.add_option("--csv", o.csv,
                 "also write the grades as CSV: student,puzzle,score,max_score,checks_failed");
    c.add_option("--gradescope", o.gradescope,
                 "also write Gradescope's results.json for the one SUBMISSION to this file");
    c.add_option("--check", o.check,
                 "grade this check of the puzzle alone (exit 0 when it passes)");
    c.add_option("--backend", o.run.backend, "cpu (the default: the emulator) or cuda");
    c.add_option("--cpu-limit", o.run.cpu_limit,
                 "seconds of CPU time each kernel may use (1..3600)")
        ->capture_default_str();
    c.add_option("--wait-limit", o.run.wait_limit,
                 "seconds each kernel may spend neither running nor waiting (1..7200)");
    c.add_option("--sandbox", o.run.sandbox, "auto, bwrap or limits (as run-kernel's)")
        ->capture_default_str();
}

int cmd_grade(const GradeOptions& o) {
    if (o.course.empty() == o.run.puzzle.empty())
        throw UsageError{"grade takes --puzzle NAME SUBMISSION... or --course DIR"};
    if (!o.course.empty() && !o.run.files.empty())
        throw UsageError{"--course finds its submissions: leave out the SUBMISSIONs"};
    if (o.run.puzzle.size() && o.run.files.empty())
        throw UsageError{"--puzzle " + o.run.puzzle + ": no SUBMISSION to grade"};
    if (!o.gradescope.empty() && o.run.files.size() != 1)
        throw UsageError{"--gradescope writes one student's results: give one SUBMISSION"};
    if (!o.check.empty() && o.run.puzzle.empty()) throw UsageError{"--check goes with --puzzle"};
    // The GPU times each kernel beside a copy and a read-only stream: kernels timed side by side
    // would be graded on each other's traffic.
    const bool gpu = o.run.backend == "cuda";
    if (gpu && o.jobs > 1)
        throw UsageError{
            "--backend cuda grades one submission at a time (the GPU's times of "
            "kernels run side by side are not theirs): leave out --jobs"};
    check_new_output("--csv", o.csv);
    check_new_output("--gradescope", o.gradescope);
    const user::PuzzleRunSettings settings = puzzle_run_settings(o.run);

    std::vector<user::Puzzle> puzzles;
    std::vector<user::Submission> subs;
    if (!o.course.empty()) {
        if (std::string why = user::find_course(o.course, io::data_root(), puzzles, subs);
            !why.empty())
            throw UsageError{why};
    } else {
        const user::Puzzle p = named_puzzle(o.run.puzzle);
        puzzles.push_back(o.check.empty() ? p : only_check(p, o.check));
        for (const std::string& f : o.run.files) subs.push_back(user::find_submission(f));
    }

    std::vector<user::PuzzleGrade> grades(subs.size());
    std::vector<double> seconds(subs.size());
    std::vector<user::GradeRow> rows;
    std::vector<std::size_t> solved(puzzles.size()), graded(puzzles.size());
    std::string warned;
    bool marked = false;          // a check of the report is self-reported: the note closes it
    std::size_t next_puzzle = 0;  // the course's puzzles are counted as their last file is printed
    auto count_line = [&](std::size_t upto) {
        for (; next_puzzle < upto; ++next_puzzle)
            std::fputs(user::batch_summary(graded[next_puzzle], puzzles[next_puzzle].name,
                                           solved[next_puzzle])
                           .c_str(),
                       stdout);
    };
    auto work = [&](std::size_t i) {
        const auto start = std::chrono::steady_clock::now();
        grades[i] = user::grade_submission(puzzles[subs[i].puzzle], subs[i], settings);
        seconds[i] =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    auto done = [&](std::size_t i, const std::string& error) {
        user::PuzzleGrade& g = grades[i];
        if (!error.empty()) g.error = error;
        const user::Puzzle& p = puzzles[subs[i].puzzle];
        count_line(subs[i].puzzle);
        if (!g.run_warning.empty() && g.run_warning != warned) {
            std::fprintf(stderr, "warpscope: %s\n", g.run_warning.c_str());
            warned = g.run_warning;
        }
        std::fputs(user::grade_report(p, subs[i].path, g, true).c_str(), stdout);
        std::fflush(stdout);
        marked |= user::any_self_reported(g);
        solved[subs[i].puzzle] += g.solved();
        graded[subs[i].puzzle] += 1;
        rows.push_back(user::grade_row(p, subs[i], g));
    };
    const unsigned jobs = gpu ? 1 : o.jobs ? o.jobs : user::default_jobs();
    user::run_in_order(subs.size(), jobs, work, done);
    count_line(puzzles.size());
    if (marked) std::printf("%s\n", user::self_reported_note().c_str());

    std::size_t all_solved = 0;
    for (std::size_t s : solved) all_solved += s;
    int code = all_solved == subs.size() ? 0 : 1;
    if (!o.csv.empty()) write_output(o.csv, user::grades_csv(rows), code);
    if (!o.gradescope.empty())
        write_output(o.gradescope,
                     user::gradescope_results(puzzles.front(), grades.front(), seconds.front()),
                     code);
    return code;
}

int cmd_autograder(const std::string& puzzle, const std::string& folder) {
    const user::Puzzle p = named_puzzle(puzzle);
    std::error_code ec;
    namespace fs = std::filesystem;
    if (fs::exists(folder, ec) && !fs::is_empty(folder, ec))
        throw UsageError{"autograder " + folder +
                         ": already there and not empty (name a new folder)"};
    if (!fs::is_directory(folder, ec) && !fs::create_directory(folder, ec))
        throw UsageError{"autograder " + folder + ": cannot make it: " + ec.message()};
    const std::string setup = folder + "/setup.sh", run = folder + "/run_autograder";
    int code = 0;
    write_output(setup, user::autograder_setup_script(), code);
    write_output(run, user::autograder_run_script(p), code);
    for (const std::string& f : {setup, run}) ::chmod(f.c_str(), 0755);
    if (code == 0)
        std::printf("wrote %s and %s: Gradescope's autograder for %s\n", setup.c_str(), run.c_str(),
                    p.name.c_str());
    return code;
}

}  // namespace ws::cli
