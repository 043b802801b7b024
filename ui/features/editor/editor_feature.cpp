// The editor's runs and grades.
#include "ui/features/editor/editor_feature.hpp"

#include <filesystem>

#include "kernels/io/atomic_file.hpp"
#include "kernels/io/data_file.hpp"
#include "kernels/run/backend.hpp"
#include "kernels/user/child_protocol.hpp"
#include "kernels/user/gpu_report.hpp"
#include "kernels/user/nvrtc_compiler.hpp"

namespace ws::ui {
namespace {

// "cuda" when the controls chose the GPU and this build, a GPU and NVRTC can run a student's
// kernel there; else "cpu".
std::string editor_backend(const RequestForm& form) {
    return form.gpu && run::usable_gpu() && user::nvrtc_unavailable_reason().empty()
               ? user::kBackendCuda
               : user::kBackendCpu;
}

// A grade or a run's line is stale once the text changed or runs again.
void clear_grade(EditorState& e) {
    e.grade_lines.clear();
    e.grade_note.clear();
    e.solved = false;
}

// A puzzle opened: its request in the controls, not run with the catalog's kernel (that would
// show the built-in solution), but with the puzzle's start kernel.
void puzzle_opened(Outcome& out, const RequestForm& form) {
    out.form = form;
    out.run = Outcome::Run::Nothing;
    out.to_front.push_back(PanelId::Editor);
    out.then.push_back(act::RunKernel{});
}

}  // namespace

EditorFeature::EditorFeature(EditorState& state, const std::string& root, bool background)
    : state_(state), root_(root), run_(background), grade_(background) {
    for (const std::string& file : user::puzzle_files(root)) {
        const user::PuzzleParse p = user::load_puzzle(file);
        if (p.ok())
            state_.puzzles.push_back(
                {file, std::to_string(p.puzzle.number) + ". " + p.puzzle.title});
        else
            problems_.push_back(p.error.find(file) == std::string::npos ? file + ": " + p.error
                                                                        : p.error);
    }
}

Outcome EditorFeature::apply(const WindowArgs& a, const FeatureContext& c) {
    Outcome out;
    if (!a.trace_file.empty()) return out;
    if (!a.puzzle.empty()) {
        std::string error;
        const std::string file = user::find_puzzle(root_, a.puzzle, error);
        if (file.empty()) {
            out.error = "--puzzle " + error;
            return out;
        }
        RequestForm form = c.ui.form;
        if (std::string e = open_puzzle(state_, file, form); !e.empty()) {
            out.error = "--puzzle " + e;
            return out;
        }
        puzzle_opened(out, form);
        if (!a.kernel_file.empty()) out.then.clear();  // --kernel's text runs instead
    }
    if (!a.kernel_file.empty()) {
        std::string error;
        state_.text = io::read_data_file(a.kernel_file, io::DataKind::KernelFile, error);
        if (!error.empty()) {
            out.error = "--kernel " + error;
            return out;
        }
        state_.path = a.kernel_file;
        state_.loaded = true;
        out.to_front.push_back(PanelId::Editor);
        out.then.push_back(act::RunKernel{});
    }
    // A kernel to write opens where it is written: the step view, the editor in front (not the
    // view the saved settings last left), unless a view or a panel was asked for.
    if ((!a.puzzle.empty() || !a.kernel_file.empty()) && !a.view && !a.panel) out.view = View::Step;
    if (a.grade) out.then.push_back(act::GradeKernel{});
    return out;
}

std::optional<Outcome> EditorFeature::handle(const Action& a, const FeatureContext& c) {
    if (is<act::RunKernel>(a)) {
        if (!state_.running) run_kernel(c);
        Outcome out = update(c);                  // a synchronous session has its result now
        out.to_front.push_back(PanelId::Editor);  // F5 from anywhere: the run's line in view
        return out;
    }
    if (const auto* k = std::get_if<act::KernelEdited>(&a)) {
        state_.text = k->text;
        clear_grade(state_);
        state_.error_line = -1;
        return Outcome{};
    }
    if (const auto* l = std::get_if<act::LoadKernel>(&a)) {
        load_kernel_file(state_, l->path);
        return Outcome{};
    }
    if (is<act::CopyKernel>(a)) {
        copy_catalog_kernel(state_, c.ui.form.algo);
        return Outcome{};
    }
    if (const auto* p = std::get_if<act::SetKernelPath>(&a)) {
        state_.path = p->path;
        return Outcome{};
    }
    if (is<act::ToggleHint>(a)) {
        state_.hint_shown = !state_.hint_shown;
        return Outcome{};
    }
    if (is<act::GradeKernel>(a)) {
        if (!state_.grading && !state_.puzzle_file.empty()) grade(c);
        return update(c);
    }
    if (const auto* p = std::get_if<act::OpenPuzzle>(&a)) {
        Outcome out;
        RequestForm form = c.ui.form;
        if (std::string error = open_puzzle(state_, p->file, form); !error.empty()) {
            state_.message = error;
            state_.message_is_error = true;
        } else {
            puzzle_opened(out, form);
        }
        return out;
    }
    return std::nullopt;
}

bool EditorFeature::takes_form_change(const FeatureContext& c) {
    if (state_.shown_file.empty()) return false;
    if (c.ui.form.algo != form_algo_) {
        state_.shown_file.clear();
        return false;
    }
    if (state_.running)
        rerun_ = true;  // once the run under way ends
    else
        run_kernel(c);
    return true;
}

void EditorFeature::run_kernel(const FeatureContext& c) {
    EditorState& e = state_;
    clear_grade(e);  // "PASS ... solved" was of the text before: this run's line replaces it
    if (e.loaded) {
        if (std::string error = io::write_file_atomically_in_folder(e.path, e.text);
            !error.empty()) {
            e.message = error;
            e.message_is_error = true;
            return;
        }
    }
    user::UserRun r;
    r.file = e.path;
    r.text = form_text(c.ui.form);
    r.backend = editor_backend(c.ui.form);
    form_algo_ = c.ui.form.algo;
    e.running = true;
    e.error_line = -1;
    e.message = "compiling and running " + e.path +
                (r.backend == user::kBackendCuda ? " on the GPU" : "") + "\xe2\x80\xa6";
    e.message_is_error = false;
    run_.submit([r](const JobControl&) { return user::run_user_kernel(r); });
}

void EditorFeature::grade(const FeatureContext& c) {
    EditorState& e = state_;
    if (std::string error = io::write_file_atomically_in_folder(e.path, e.text); !error.empty()) {
        e.message = error;
        e.message_is_error = true;
        return;
    }
    const user::PuzzleParse parsed = user::load_puzzle(e.puzzle_file);
    if (!parsed.ok()) {
        e.message = parsed.error;
        e.message_is_error = true;
        return;
    }
    e.grading = true;
    e.grade_lines = {"grading " + e.path + " against " + parsed.puzzle.name + "\xe2\x80\xa6"};
    e.grade_note.clear();
    const std::string file = e.path;
    user::PuzzleRunSettings settings;
    settings.backend = editor_backend(c.ui.form);
    grade_.submit([p = parsed.puzzle, file, settings](const JobControl&) {
        return user::grade_puzzle(p, file, settings);
    });
}

Outcome EditorFeature::update(const FeatureContext& c) {
    Outcome out;
    if (auto r = run_.take()) out = take_run(std::move(*r));
    if (auto g = grade_.take()) take_grade(*g);
    if (rerun_ && !state_.running) {
        rerun_ = false;
        run_kernel(c);
    }
    return out;
}

void EditorFeature::take_grade(const user::PuzzleGrade& grade) {
    EditorState& e = state_;
    e.grading = false;
    e.grade_lines.clear();
    e.grade_note.clear();
    if (!grade.error.empty()) {
        e.grade_lines.push_back(grade.error);
        e.error_line = compile_error_line(grade.error, e.path);
        e.solved = false;
        return;
    }
    for (const user::CheckVerdict& v : grade.verdicts)
        e.grade_lines.push_back(user::verdict_line(v));
    for (const std::string& line : grade.run_lines) e.grade_lines.push_back(line);
    e.grade_lines.push_back(user::grade_summary(grade));
    if (user::any_self_reported(grade)) e.grade_note = user::self_reported_note();
    e.solved = grade.solved();
}

Outcome EditorFeature::take_run(user::UserRunResult result) {
    EditorState& e = state_;
    Outcome out;
    e.running = false;
    // A run whose result is wrong ran: its trace is shown, and its one line says why.
    std::string wrong;
    if (result.ran && !result.trace.ok)
        wrong = result.trace.error.empty() ? "the result is wrong" : result.trace.error;
    const std::string where = result.on_gpu ? " on " + result.trace.device : "";
    if (result.ran && result.trace.grid != 0) {
        out.show = make_trace_view(std::make_shared<trace::Trace>(std::move(result.trace)));
        e.shown_file = e.path;
    } else if (result.ran && result.error.empty()) {
        result.error = wrong.empty() ? "the kernel did not run" : wrong;
    }
    // Nothing new on show: the trace there is the last good run, marked with why.
    if (!out.show) out.run_failed = result.error.empty() ? "the kernel did not run" : result.error;
    e.message_is_error = !result.error.empty() || !wrong.empty();
    e.message = !result.error.empty() ? result.error
                : wrong.empty()       ? "ran " + e.path + where + ": the result is right"
                                      : "ran " + e.path + where + ": " + wrong;
    if (result.on_gpu && result.error.empty())
        for (const std::string& line : user::gpu_report_lines(result.gpu)) e.message += "\n" + line;
    if (!result.warning.empty()) e.message += "\n" + result.warning;
    // A picture that misses accesses says so where the class looks (never a blind picture).
    if (!result.recording_note.empty()) {
        e.message = result.recording_note + "\n" + e.message;
        e.message_is_error = true;
        out.banner = result.recording_note;
    } else if (result.ran) {
        out.banner = "";
    }
    e.error_line = compile_error_line(result.error, e.path);
    return out;
}

}  // namespace ws::ui
