// Submissions, course folders, grading many at once and the report's words (grade_batch.hpp).
#include "kernels/user/grade_batch.hpp"

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

#include "kernels/user/outcome.hpp"

namespace ws::user {
namespace {

namespace fs = std::filesystem;

bool hidden(const fs::path& p) {
    const std::string name = p.filename().string();
    return name.empty() || name[0] == '.';
}

bool is_cu(const fs::path& p) {
    return p.extension() == ".cu";
}

// The entries of `dir`, sorted by name, hidden ones left out.
std::vector<fs::path> entries(const std::string& dir, std::string& error) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (!hidden(it->path())) out.push_back(it->path());
    if (ec) error = printable_name(dir) + ": " + ec.message();
    std::sort(out.begin(), out.end());
    return out;
}

std::string last_name(const std::string& path) {
    std::string p = path;
    while (p.size() > 1 && p.back() == '/') p.pop_back();
    const fs::path name = fs::path(p).filename();
    return name.empty() || name == "." ? fs::absolute(p).lexically_normal().filename().string()
                                       : name.string();
}

}  // namespace

Submission find_submission(const std::string& path) {
    Submission s;
    s.path = path;
    s.student = last_name(path);
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
        if (is_cu(s.student)) s.student = fs::path(s.student).stem().string();
        s.kernel = path;  // a file, or nothing there: grade_puzzle's own line says which
        return s;
    }
    std::string error;
    std::vector<std::string> found;
    for (const fs::path& e : entries(path, error))
        if (is_cu(e) && fs::is_regular_file(e, ec)) found.push_back(e.string());
    if (!error.empty()) {
        s.error = error;
    } else if (found.empty()) {
        s.error = printable_name(path) + ": no .cu file in this folder (hand in one)";
    } else if (found.size() > 1) {
        s.error = printable_name(path) + ": " + std::to_string(found.size()) +
                  " .cu files in this folder (hand in exactly one)";
    } else {
        s.kernel = found.front();
    }
    return s;
}

std::string find_course(const std::string& dir, const std::string& root,
                        std::vector<Puzzle>& puzzles, std::vector<Submission>& submissions) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return "--course " + printable_name(dir) + ": not a folder (COURSE/PUZZLE/STUDENT)";
    std::string error;
    const std::vector<fs::path> folders = entries(dir, error);
    if (!error.empty()) return "--course " + error;
    for (const fs::path& folder : folders) {
        if (!fs::is_directory(folder, ec)) continue;
        const std::string file = find_puzzle(root, folder.filename().string(), error);
        if (file.empty())
            return "--course " + printable_name(folder.string()) + ": " +
                   printable_line(error.substr(error.find(':') + 2), 1000);
        const PuzzleParse parsed = load_puzzle(file);
        if (!parsed.ok()) return parsed.error;
        puzzles.push_back(parsed.puzzle);
        for (const fs::path& entry : entries(folder.string(), error)) {
            if (!is_cu(entry) && !fs::is_directory(entry, ec)) continue;
            submissions.push_back(find_submission(entry.string()));
            submissions.back().puzzle = puzzles.size() - 1;
        }
        if (!error.empty()) return "--course " + error;
    }
    if (puzzles.empty())
        return "--course " + printable_name(dir) +
               ": no puzzle folders in it (COURSE/PUZZLE/STUDENT, PUZZLE a name or number of "
               "`warpscope puzzles`)";
    return "";
}

PuzzleGrade grade_submission(const Puzzle& p, const Submission& s,
                             const PuzzleRunSettings& settings) {
    if (s.error.empty()) return grade_puzzle(p, s.kernel, settings);
    PuzzleGrade g;
    g.error = s.error;
    return g;
}

void run_in_order(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& work,
                  const std::function<void(std::size_t, const std::string&)>& done) {
    std::mutex lock;
    std::condition_variable finished;
    std::vector<char> ready(count, 0);
    std::vector<std::string> errors(count);
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        sigset_t interrupts;
        sigemptyset(&interrupts);
        for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&interrupts, sig);
        pthread_sigmask(SIG_BLOCK, &interrupts, nullptr);
        for (std::size_t i; (i = next++) < count;) {
            std::string error;
            try {
                work(i);
            } catch (const std::exception& e) {
                error = e.what();
            }
            const std::lock_guard<std::mutex> hold(lock);
            errors[i] = error;
            ready[i] = 1;
            finished.notify_all();
        }
    };
    std::vector<std::thread> threads;
    const std::size_t n =
        std::min<std::size_t>(std::max(1u, jobs), std::max<std::size_t>(count, 1));
    for (std::size_t t = 0; t < n; ++t) threads.emplace_back(worker);
    try {
        for (std::size_t i = 0; i < count; ++i) {
            std::string error;
            {
                std::unique_lock<std::mutex> hold(lock);
                finished.wait(hold, [&] { return ready[i] != 0; });
                error = errors[i];
            }
            done(i, error);
        }
    } catch (...) {  // done failed (out of memory): no more work starts, the running ones end
        next = count;
        for (std::thread& t : threads) t.join();
        throw;
    }
    for (std::thread& t : threads) t.join();
}

unsigned default_jobs() {
    const unsigned cores = std::thread::hardware_concurrency();
    return std::clamp(cores, 1u, kMaxJobs);
}

std::string grade_report(const Puzzle& p, const std::string& path, const PuzzleGrade& g,
                         bool several) {
    std::string out;
    if (several) out += "== " + printable_name(path) + "\n";
    for (const CheckVerdict& v : g.verdicts) out += verdict_line(v) + "\n";
    for (const std::string& line : g.run_lines) out += line + "\n";
    out += "puzzle " + p.name + ": " + (g.error.empty() ? grade_summary(g) : g.error) + "\n";
    return out;
}

std::string batch_summary(std::size_t files, const std::string& puzzle, std::size_t solved) {
    return "graded " + std::to_string(files) + " files against " + puzzle + ": " +
           std::to_string(solved) + " solved, " + std::to_string(files - solved) + " not yet\n";
}

}  // namespace ws::user
