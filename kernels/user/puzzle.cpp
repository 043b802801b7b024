// Puzzles: the file format, and grading a kernel against one (puzzle.hpp).
#include "kernels/user/puzzle.hpp"

#include "kernels/run/block_circuit.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>

#include "kernels/catalog.hpp"
#include "kernels/io/data_file.hpp"
#include "kernels/run/counter_witness.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/sim/emulator.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/counter_fields.hpp"
#include "kernels/user/child_protocol.hpp"
#include "kernels/user/gpu_report.hpp"
#include "kernels/user/recount.hpp"
#include "kernels/user/user_run.hpp"

namespace ws::user {
namespace {

constexpr const char* kOperators[] = {"==", "!=", "<=", ">=", "<", ">"};

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::string number_text(double v) {
    if (std::floor(v) == v && std::fabs(v) < 1e15) return std::to_string(std::int64_t(v));
    std::ostringstream o;
    o << v;
    return o.str();
}

bool compare(double a, const std::string& op, double b) {
    if (op == "==") return a == b;
    if (op == "!=") return a != b;
    if (op == "<") return a < b;
    if (op == "<=") return a <= b;
    if (op == ">") return a > b;
    return a >= b;
}

// "FIELD", or "FIELD OP VALUE", then optionally "schedules=S1,S2"; "" or why not.
std::string parse_check(const std::string& text, PuzzleCheck& c) {
    std::istringstream words(text);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (!w.empty() && w.back().rfind("schedules=", 0) == 0) {
        std::string list = w.back().substr(10);
        w.pop_back();
        std::string error;
        for (std::size_t from = 0; from <= list.size();) {
            const std::size_t comma = std::min(list.find(',', from), list.size());
            const std::string s = list.substr(from, comma - from);
            if (!sim::Schedule::parse(s, &error)) return "schedules=" + list + ": " + error;
            c.schedules.push_back(s);
            from = comma + 1;
        }
    }
    if (w.empty()) return "an empty check (correct, or FIELD OP VALUE)";
    c.field = w[0];
    const auto& fields = puzzle_fields();
    const auto& gpu = puzzle_gpu_fields();
    if (std::find(fields.begin(), fields.end(), c.field) == fields.end() &&
        std::find(gpu.begin(), gpu.end(), c.field) == gpu.end()) {
        std::string list;
        for (const std::string& f : fields) list += (list.empty() ? "" : ", ") + f;
        return c.field + ": not a field (" + list + ")";
    }
    if (c.field == "correct") {
        if (w.size() != 1) return "correct takes no operator or value";
        return "";
    }
    if (w.size() != 3) return "a check is FIELD OP VALUE (bank_conflicts == 0)";
    c.op = w[1];
    if (std::find(std::begin(kOperators), std::end(kOperators), c.op) == std::end(kOperators))
        return c.op + ": not an operator (== != < <= > >=)";
    const std::string& v = w[2];
    if (find_variant(v)) {
        c.variant = v;
        return "";
    }
    char* end = nullptr;
    c.value = std::strtod(v.c_str(), &end);
    if (v.empty() || *end != '\0')
        return v + ": neither a number nor a built-in variant (warpscope list)";
    return "";
}

}  // namespace

const std::vector<std::string>& puzzle_fields() {
    static const std::vector<std::string> fields = [] {
        std::vector<std::string> f = {"correct", "passes", "grid", "work", "depth"};
        for (const trace::CounterField& c : trace::kCounterFields) f.push_back(c.name);
        return f;
    }();
    return fields;
}

const std::vector<std::string>& puzzle_gpu_fields() {
    static const std::vector<std::string> fields = {"read_only_fraction"};
    return fields;
}

PuzzleParse parse_puzzle(const std::string& text, const std::string& file) {
    PuzzleParse r;
    Puzzle& p = r.puzzle;
    p.file = file;
    p.name = std::filesystem::path(file).stem().string();
    p.number = unsigned(std::strtoul(p.name.c_str(), nullptr, 10));
    const std::string dir = std::filesystem::path(file).parent_path().string();
    auto beside = [&](const std::string& name) { return dir.empty() ? name : dir + "/" + name; };
    auto fail = [&](int line, const std::string& why) {
        r.error = file + ":" + std::to_string(line) + ": " + why;
        return r;
    };
    auto join = [](std::string& to, const std::string& more) {
        to += (to.empty() ? "" : " ") + more;
    };
    std::istringstream lines(text);
    int n = 0, wrong_fails_line = 0;
    for (std::string line; std::getline(lines, line);) {
        ++n;
        line = trim(line);
        if (line.empty() || line[0] == '#') continue;
        const auto colon = line.find(':');
        if (colon == std::string::npos) return fail(n, "expected `key: value`");
        const std::string key = trim(line.substr(0, colon)), value = trim(line.substr(colon + 1));
        if (value.empty()) return fail(n, key + ": no value");
        if (key == "title") {
            p.title = value;
        } else if (key == "statement") {
            join(p.statement, value);
        } else if (key == "hint") {
            join(p.hint, value);
        } else if (key == "request") {
            run::RequestText t;
            std::string error;
            if (!run::request_text_from_flags(value, t, error)) return fail(n, error);
            if (!t.algo.empty()) return fail(n, "--algo: the kernel file is the algorithm");
            if (t.n.empty()) return fail(n, "a request needs --n");
            p.requests.push_back(value);
        } else if (key == "check") {
            PuzzleCheck c;
            c.text = value;
            c.line = n;
            if (std::string why = parse_check(value, c); !why.empty()) return fail(n, why);
            p.checks.push_back(c);
        } else if (key == "start" || key == "solution" || key == "wrong") {
            const std::string path = beside(value);
            if (!std::filesystem::is_regular_file(path))
                return fail(n, key + ": " + value + ": no such file beside the puzzle");
            (key == "start" ? p.start : key == "solution" ? p.solution : p.wrong) = path;
        } else if (key == "wrong-fails") {
            p.wrong_fails = value;
            wrong_fails_line = n;
        } else if (key == "gpu-only") {
            p.gpu_only = value;
        } else {
            return fail(n, key +
                               ": not a key (title, statement, hint, request, check, start, "
                               "solution, wrong, wrong-fails, gpu-only)");
        }
    }
    const std::pair<const char*, const std::string*> required[] = {{"title", &p.title},
                                                                   {"statement", &p.statement},
                                                                   {"hint", &p.hint},
                                                                   {"start", &p.start},
                                                                   {"solution", &p.solution},
                                                                   {"wrong", &p.wrong},
                                                                   {"wrong-fails", &p.wrong_fails}};
    for (const auto& [key, value] : required)
        if (value->empty()) return fail(n, std::string("no `") + key + ":` line");
    if (p.requests.empty()) return fail(n, "no `request:` line");
    if (p.checks.empty()) return fail(n, "no `check:` line");
    bool named = false;
    for (const PuzzleCheck& c : p.checks) {
        named = named || c.text == p.wrong_fails;
        const auto& gpu = puzzle_gpu_fields();
        if (p.gpu_only.empty() && std::find(gpu.begin(), gpu.end(), c.field) != gpu.end())
            return fail(c.line, c.field + ": a GPU field, for a gpu-only puzzle");
    }
    if (!named) return fail(wrong_fails_line, p.wrong_fails + ": not one of the puzzle's checks");
    return r;
}

PuzzleParse load_puzzle(const std::string& file) {
    std::string error;
    const std::string text = io::read_data_file(file, io::DataKind::Puzzle, error);
    if (!error.empty()) {
        PuzzleParse r;
        r.error = error;
        return r;
    }
    return parse_puzzle(text, file);
}

std::vector<std::string> puzzle_files(const std::string& root) {
    return io::data_files(root + "/assets/puzzles", ".puzzle");
}

std::string find_puzzle(const std::string& root, const std::string& name, std::string& error) {
    const std::vector<std::string> files = puzzle_files(root);
    const bool numeric = !name.empty() && name.find_first_not_of("0123456789") == name.npos;
    std::string names;
    for (const std::string& f : files) {
        const std::string stem = std::filesystem::path(f).stem().string();
        names += (names.empty() ? "" : ", ") + stem;
        if (stem == name) return f;
        if (numeric &&
            std::strtoul(stem.c_str(), nullptr, 10) == std::strtoul(name.c_str(), nullptr, 10))
            return f;
    }
    error = "--puzzle " + name + ": no such puzzle in " + root + "/assets/puzzles" +
            (names.empty() ? " (none there; set WARPSCOPE_ROOT)" : " (" + names + ")");
    return "";
}

namespace {

// Whether a field's value is counted from the recorder's events, inside the kernel's process:
// every counter of the totals, and the work and depth of a marked scan.
bool counted_inside(const std::string& field) {
    if (field == "work" || field == "depth") return true;
    for (const trace::CounterField& f : trace::kCounterFields)
        if (field == f.name) return true;
    return false;
}

// One run's values of the fields, or why it has none.
struct RunValues {
    bool ran = false;
    std::string failure;  // the kernel did not run: how it ended (or why its picture is not whole)
    bool seen_partly = false;   // it ran, but its recording missed accesses (`failure` says which)
    bool contradicted = false;  // it ran, but its recording contradicts itself (`failure` says how)
    std::string wrong;          // ran, but its result is wrong: why
    std::map<std::string, double> values;
    // A run on the GPU: whether its own counters bear out the recorder's bank conflicts.
    run::ConflictWitness witness;
};

// `info`: the run's rules (a student's kernel's, or the built-in variant's row); work and depth
// are measured where it marks its additions with `// +` (a scan), as `stats` measures them.
RunValues values_of(const trace::Trace& t, const VariantInfo* info) {
    RunValues v;
    v.ran = t.grid != 0;
    if (!v.ran) {
        v.failure = t.error;
        return v;
    }
    v.wrong = t.ok ? "" : t.error.empty() ? "the result is wrong" : t.error;
    v.values["correct"] = t.ok ? 1 : 0;
    v.values["passes"] = t.passes;
    v.values["grid"] = t.grid;
    const bool marked =
        info && info->family == Family::Scan && !trace::marked_lines(t.source_text).empty();
    const run::MeasuredWorkDepth wd =
        marked ? run::measured_work_depth(t, *info) : run::MeasuredWorkDepth{};
    v.values["work"] = double(wd.work);
    v.values["depth"] = wd.depth;
    for (const trace::CounterField& f : trace::kCounterFields)
        v.values[f.name] = double(t.totals.*f.member);
    return v;
}

// An emulator run's counters, counted again from the events it sent (recount.hpp), when those
// events hold together; a line in the report when the process's own totals said otherwise.
void grade_on_events(const trace::Trace& t, const std::string& request, RunValues& v,
                     PuzzleGrade& g) {
    if (std::string why = recording_contradiction(t); !why.empty()) {
        v.failure = why;
        v.contradicted = true;
        return;
    }
    const Recount counted = recount_events(t);  // counted: recording_contradiction says so
    for (const trace::CounterField& f : trace::kCounterFields)
        v.values[f.name] = double(counted.totals.*f.member);
    if (!counted.difference.empty()) g.run_lines.push_back(request + ": " + counted.difference);
}

std::string with_schedule(const std::string& request, const std::string& schedule) {
    return schedule.empty() ? request : request + " --schedule " + schedule;
}

}  // namespace

PuzzleGrade grade_puzzle(const Puzzle& p, const std::string& kernel_file,
                         const PuzzleRunSettings& settings) {
    PuzzleGrade g;
    const bool gpu = settings.backend == kBackendCuda;
    if (!p.gpu_only.empty() && !gpu) {
        g.skipped = p.gpu_only;
        return g;
    }
    std::map<std::string, RunValues> mine, builtin;  // by request text (with its schedule)
    // A check the GPU's own counters could witness (run/counter_witness.hpp).
    const bool witnessable =
        std::any_of(p.checks.begin(), p.checks.end(),
                    [](const PuzzleCheck& c) { return run::witnessed_field(c.field); });
    auto run_mine = [&](const std::string& request, bool on_gpu) -> const RunValues* {
        if (auto it = mine.find(request); it != mine.end()) return &it->second;
        UserRun run;
        run.file = kernel_file;
        run.limits = settings.limits;
        run.sandbox = settings.sandbox;
        run.backend = on_gpu ? kBackendCuda : kBackendCpu;
        run.witness = witnessable;
        std::string error;
        // On the emulator every block is kept, so that the grade counts its own totals.
        run::request_text_from_flags(on_gpu ? request : request + " --blocks all", run.text, error);
        const UserRunResult r = run_user_kernel(run);
        if (r.bad_input) {
            g.error = r.error;
            return nullptr;
        }
        if (g.run_warning.empty()) g.run_warning = r.warning;
        RunValues v;
        if (r.ran && !r.recording_note.empty()) {
            // Counters from a picture that misses accesses would grade what was not seen.
            v.failure = r.recording_note;
            v.seen_partly = true;
        } else if (r.ran) {
            v = values_of(r.trace, &r.info);
            if (!r.on_gpu) grade_on_events(r.trace, request, v, g);
        } else {
            v.failure = r.error;
        }
        if (r.on_gpu) {
            v.witness = run::witness_conflicts(r.trace.totals, r.gpu.witness, r.gpu.witness_error);
            if (const double f = read_only_fraction(r.gpu.timing); f > 0)
                v.values["read_only_fraction"] = f;
            for (const std::string& line : gpu_report_lines(r.gpu))
                g.run_lines.push_back(request + ": " + line);
            // A check this run's counters could have witnessed says why they did not.
            if (witnessable && r.ran && !v.witness.counted)
                g.run_lines.push_back(request +
                                      ": no witness of the bank conflicts: " + v.witness.why);
            g.crosscheck_failed |= crosscheck_failed(r.gpu);
        }
        return &(mine[request] = v);
    };
    auto run_builtin = [&](const std::string& variant, const std::string& request) {
        const std::string key = variant + " " + request;
        if (auto it = builtin.find(key); it != builtin.end()) return &it->second;
        run::RequestText text;
        std::string error;
        run::request_text_from_flags(request, text, error);
        text.algo = variant;
        const run::ParsedRequest parsed = run::parse_request(text);
        RunValues v;
        if (parsed.ok()) {
            v = values_of(run::run_on_emulator(parsed.request), find_variant(variant));
        } else {
            v.failure = variant + " cannot run " + request + ": " + parsed.error;
        }
        return &(builtin[key] = v);
    };

    for (const PuzzleCheck& c : p.checks) {
        CheckVerdict verdict;
        verdict.check = c.text;
        // Every run's count borne out by the GPU's own counters: then not self-reported.
        bool witnessed = run::witnessed_field(c.field);
        verdict.pass = true;
        const std::vector<std::string> schedules =
            c.schedules.empty() ? std::vector<std::string>{""} : c.schedules;
        for (const std::string& request : p.requests) {
            for (const std::string& schedule : schedules) {
                const std::string at = with_schedule(request, schedule);
                const RunValues* v = run_mine(at, gpu && schedule.empty());
                if (!v) return g;
                std::string got, why;
                if (!v->witness.counted) witnessed = false;  // graded on the recorder's count
                if (!v->failure.empty()) {
                    got = v->contradicted  ? "a recording that contradicts itself"
                          : v->seen_partly ? "a run the recording did not see whole"
                                           : "the kernel did not run";
                    why = v->failure;
                } else if (c.field == "correct") {
                    if (v->wrong.empty()) continue;
                    got = "a wrong result";
                    why = v->wrong;
                } else if (run::witnessed_field(c.field) && v->witness.counted &&
                           !v->witness.agrees) {
                    got = number_text(v->witness.gpu) + ", the GPU's own count";
                    why = v->witness.why;
                } else if (!v->values.count(c.field)) {
                    got = "no value";
                    why = c.field + " is measured on a GPU only (--backend cuda)";
                } else {
                    const double mine_value = v->values.at(c.field);
                    double limit = c.value;
                    std::string limit_text = number_text(c.value);
                    if (!c.variant.empty()) {
                        const RunValues* b = run_builtin(c.variant, at);
                        if (!b->failure.empty()) {
                            got = "no value to compare with";
                            why = b->failure;
                        } else {
                            limit = b->values.at(c.field);
                            limit_text = number_text(limit) + ", " + c.variant + "'s";
                        }
                    }
                    if (got.empty()) {
                        if (compare(mine_value, c.op, limit)) continue;
                        got = number_text(mine_value);
                        why = c.field + " must be " + c.op + " " + limit_text;
                    }
                }
                verdict.pass = false;
                verdict.got = got + " on " + at;
                verdict.why = why;
                break;
            }
            if (!verdict.pass) break;
        }
        verdict.self_reported = counted_inside(c.field) && !witnessed;
        g.failed += verdict.pass ? 0 : 1;
        g.verdicts.push_back(verdict);
    }
    return g;
}

namespace {

// The mark of a self-reported check: the note below says what it means, in one place.
constexpr const char* kSelfReported = "(self-reported)";

}  // namespace

std::string verdict_line(const CheckVerdict& v) {
    const std::string check = v.self_reported ? v.check + " " + kSelfReported : v.check;
    return v.pass ? "PASS " + check : "FAIL " + check + ": got " + v.got + " (" + v.why + ")";
}

std::string self_reported_note() {
    return std::string(kSelfReported) +
           ": counted by warpscope from the accesses recorded inside the kernel's own process, "
           "which a determined student can rewrite; correct is warpscope's own check of the "
           "output";
}

bool any_self_reported(const PuzzleGrade& g) {
    for (const CheckVerdict& v : g.verdicts)
        if (v.self_reported) return true;
    return false;
}

std::string grade_summary(const PuzzleGrade& g) {
    if (!g.skipped.empty())
        return "skipped on the emulator (grade it with --backend cuda): " + g.skipped;
    if (g.solved()) return "solved";
    return "not yet: " + std::to_string(g.failed) + " of " + std::to_string(g.verdicts.size()) +
           " checks fail";
}

}  // namespace ws::user
