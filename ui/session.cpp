// Session: runs, results, trace files and exports.
#include "ui/session.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "kernels/io/atomic_file.hpp"
#include "kernels/io/data_root.hpp"
#include "kernels/run/backend.hpp"
#include "kernels/run/memory_estimate.hpp"
#include "kernels/run/stats_report.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/user/child_protocol.hpp"
#include "kernels/user/gpu_report.hpp"
#include "kernels/user/nvrtc_compiler.hpp"
#include "ui/model/circuit_text.hpp"
#include "ui/model/png_export.hpp"
#include "ui/model/race_steps.hpp"

namespace ws::ui {
namespace {

std::string write_text(const std::string& path, const std::string& text) {
    std::error_code ec;
    const auto dir = std::filesystem::path(path).parent_path();
    if (!dir.empty()) std::filesystem::create_directories(dir, ec);
    return io::write_file_atomically(path, text);
}

std::string with_extension(const std::string& path, const char* ext) {
    return std::filesystem::path(path).replace_extension(ext).string();
}

bool exportable(const TraceView& v) {
    return v.trace && !v.trace->blocks.empty();
}

}  // namespace

Session::Session(bool background) : background_(background) {
    if (background_) {
        main_ = std::make_unique<Runner>();
        compare_ = std::make_unique<Runner>();
        sweeper_ = std::make_unique<Sweeper>(run::usable_gpu());
        ui.sweep_available = sweeper_->available();
    }
    lab_ = load_lab_data(io::data_root());
    ui.lab = &lab_;
    sass_ = load_sass_library(io::data_root());
    ui.sass = &sass_;
    hardware_ = load_hardware_library(io::data_root());
    lessons_ = load_lessons(io::data_root());
    ui.lessons = &lessons_;
    for (const std::string& file : user::puzzle_files(io::data_root())) {
        const user::PuzzleParse p = user::load_puzzle(file);
        if (p.ok())
            ui.puzzles.push_back({file, std::to_string(p.puzzle.number) + ". " + p.puzzle.title});
    }
    view_ = error_view({}, "");
}

void Session::show(RunResult result, const std::string& replayed_from) {
    view_ = std::move(result.view);
    ui.hardware = view_->trace ? hardware_view(*view_->trace, hardware_) : HardwareView{};
    ui.replayed_from = replayed_from;
    ui.note = result.note;
    if (!result.note.empty()) ui.banner = result.note;
    const std::size_t n = view_->step_count();
    set_step(ui.playback, std::min(ui.playback.step, n ? n - 1 : 0), n);
    if (slide_step_ && view_->trace && view_->trace->request.algo == slide_request_.algo &&
        view_->trace->request.n == slide_request_.n &&
        view_->trace->request.schedule == slide_request_.schedule) {
        set_step(ui.playback,
                 *slide_step_ < 0 || std::size_t(*slide_step_) >= n ? (n ? n - 1 : 0)
                                                                    : std::size_t(*slide_step_),
                 n);
        slide_step_.reset();
    }
    if (race_jump_ && view_->trace && view_->trace->request.schedule == race_jump_schedule_) {
        if (const auto at = step_of_access(*view_, race_jump_->thread,
                                           std::uint32_t(race_jump_->index), race_jump_->write))
            set_step(ui.playback, *at, n);
        race_jump_.reset();
    }
    settle(ui.playback);
}

void Session::run_form() {
    ui.form_changed = false;
    const FormCheck check = check_form(ui.form);
    ui.form_error = check.error;
    ui.slow_run_pending = false;
    if (!check.ok()) return;
    // Refused in place, before the work, with the last trace kept on show.
    ui.form_error = run::check_memory(check.request, check.grid, ui.max_memory);
    if (!ui.form_error.empty()) return;
    // The emulator does about a million elements in four seconds here; past that, ask first.
    constexpr std::uint64_t kAutoRunElements = std::uint64_t(1) << 20;
    if (!ui.form.gpu && check.request.n > kAutoRunElements && !ui.slow_run_confirmed) {
        ui.slow_run_pending = true;
        ui.slow_run_seconds = double(check.request.n) * 4e-6;
        return;
    }
    ui.slow_run_confirmed = false;
    ui.banner.clear();
    if (background_) {
        main_->submit(check.request, ui.form.gpu);
    } else {
        show(run_request(check.request, ui.form.gpu));
    }
    run_compare();
    if (ui.circuit_side_by_side) run_circuits();
}

void Session::run_compare() {
    ui.compare_changed = false;
    RequestForm f = ui.form;
    f.algo = ui.compare_algo;
    // The stride is copy-strided's control: a side without one runs without it.
    if (const VariantInfo* v = find_variant(f.algo); v && !v->takes_stride) f.stride = 1;
    const FormCheck check = check_form(f);
    const std::string error =
        check.ok() ? run::check_memory(check.request, check.grid, ui.max_memory) : check.error;
    if (!error.empty()) {
        ui.compare = error_view(check.request, error);
        return;
    }
    if (background_)
        compare_->submit(check.request, f.gpu);
    else
        ui.compare = run_request(check.request, f.gpu).view;
}

void Session::run_circuits() {
    ui.circuit_changed = false;
    if (!ui.circuit_side_by_side) return;
    // The form's request when it is valid, else the one on show.
    const FormCheck check = check_form(ui.form);
    trace::Request base = check.request;
    if (!check.ok()) base = view_->trace ? view_->trace->request : trace::Request{};
    if (!find_variant(base.algo) || find_variant(base.algo)->family != Family::Scan)
        base.kind = trace::ScanKind::Inclusive;
    base.stride = 1;  // the side-by-side scans have no stride
    ui.circuit_m = side_by_side_elements(base);
    for (std::size_t i = 0; i < circuits_.size(); ++i) {
        const trace::Request r = side_by_side_request(base, kSideBySide[i], ui.circuit_m);
        if (!background_) {
            ui.circuits[i] = run_request(r, ui.form.gpu).view;
            continue;
        }
        if (!circuits_[i]) circuits_[i] = std::make_unique<Runner>();
        circuits_[i]->submit(r, ui.form.gpu);
    }
}

std::string Session::open_trace(const std::string& path) {
    trace::LoadResult r = trace::load_trace(path);
    if (!r.ok) return path + ": " + r.error;
    auto t = std::make_shared<trace::Trace>(std::move(r.trace));
    ui.form = form_of(t->request);
    ui.form.gpu = false;
    ui.form_error.clear();
    RunResult result;
    result.view = make_trace_view(std::move(t));
    result.note = "replaying " + path;
    show(std::move(result), path);
    ui.banner.clear();
    run_compare();
    if (ui.circuit_side_by_side) run_circuits();
    return "";
}

void Session::update() {
    if (background_) {
        if (auto r = main_->take()) show(std::move(*r));
        if (auto r = compare_->take()) ui.compare = std::move(r->view);
        ui.running = main_->busy() && main_->busy_seconds() > 0.05;
        ui.running_seconds = main_->busy_seconds();
        ui.compare_running = compare_->busy();
        ui.circuit_running = false;
        for (std::size_t i = 0; i < circuits_.size(); ++i) {
            if (!circuits_[i]) continue;
            if (auto r = circuits_[i]->take()) ui.circuits[i] = std::move(r->view);
            ui.circuit_running = ui.circuit_running || circuits_[i]->busy();
        }
    }
    race_actions();
    slide_actions();
    quiz_actions();
    editor_actions();
    if (ui.ring_changed) run_ring(ui);
    if (ui.form_changed) run_form();
    if (ui.compare_changed) run_compare();
    if (ui.circuit_changed) run_circuits();
    if (ui.file_action != FileAction::None && ui.file_action != FileAction::ExportPng)
        file_action();
    if (sweeper_) sweep_actions();
}

void Session::run_ring(UiState& ui) {
    // The emulator: ring_n floats on each of ring_gpus virtual GPUs, random data (a few
    // milliseconds at the view's sizes, so on the UI thread).
    ui.ring_changed = false;
    const multi::RingPlan plan = ui.ring_naive
                                     ? multi::naive_plan(ui.ring_n, ui.ring_gpus, sizeof(float))
                                     : multi::ring_plan(ui.ring_n, ui.ring_gpus, sizeof(float));
    ui.ring = std::make_shared<const multi::RingRun>(
        multi::emulate_ring(plan, trace::DType::Float32, "random", 1));
    set_step(ui.playback, 0, ui.ring->after_step.size());
}

std::string Session::editor_backend(const RequestForm& form) {
    // The controls' GPU choice, where this build, a GPU and NVRTC can run a student's kernel.
    return form.gpu && run::usable_gpu() && user::nvrtc_unavailable_reason().empty()
               ? user::kBackendCuda
               : user::kBackendCpu;
}

void Session::editor_actions() {
    EditorState& e = ui.editor;
    // A request changed while a kernel of the editor is on show runs that kernel again, unless
    // the controls chose another algorithm (then the catalog's runs).
    if (ui.form_changed && !e.shown_file.empty()) {
        if (ui.form.algo == editor_form_algo_) {
            ui.form_changed = false;
            e.run = true;
        } else {
            e.shown_file.clear();
        }
    }
    if (e.run && !e.running) {
        e.run = false;
        if (e.loaded) {
            if (std::string error = write_text(e.path, e.text); !error.empty()) {
                e.message = error;
                e.message_is_error = true;
                return;
            }
        }
        user::UserRun r;
        r.file = e.path;
        r.text = form_text(ui.form);
        r.backend = editor_backend(ui.form);
        editor_form_algo_ = ui.form.algo;
        e.running = true;
        e.error_line = -1;
        e.message = "compiling and running " + e.path +
                    (r.backend == user::kBackendCuda ? " on the GPU" : "") + "\xe2\x80\xa6";
        e.message_is_error = false;
        if (!background_) return take_editor_result(user::run_user_kernel(r));
        editor_run_ = std::async(std::launch::async, [r] { return user::run_user_kernel(r); });
    }
    if (e.running && editor_run_.valid() &&
        editor_run_.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
        take_editor_result(editor_run_.get());
    if (e.grade && !e.grading && !e.puzzle_file.empty()) {
        e.grade = false;
        if (std::string error = write_text(e.path, e.text); !error.empty()) {
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
        const std::string file = e.path;
        user::PuzzleRunSettings settings;
        settings.backend = editor_backend(ui.form);
        if (!background_) return take_grade(user::grade_puzzle(parsed.puzzle, file, settings));
        grade_run_ = std::async(std::launch::async, [p = parsed.puzzle, file, settings] {
            return user::grade_puzzle(p, file, settings);
        });
    }
    if (e.grading && grade_run_.valid() &&
        grade_run_.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
        take_grade(grade_run_.get());
}

void Session::take_grade(const user::PuzzleGrade& grade) {
    EditorState& e = ui.editor;
    e.grading = false;
    e.grade_lines.clear();
    if (!grade.error.empty()) {
        e.grade_lines.push_back(grade.error);
        e.error_line = compile_error_line(grade.error, e.path);
        e.solved = false;
        return;
    }
    for (const user::CheckVerdict& v : grade.verdicts)
        e.grade_lines.push_back(user::verdict_line(v));
    for (const std::string& line : grade.gpu_lines) e.grade_lines.push_back(line);
    e.grade_lines.push_back(user::grade_summary(grade));
    e.solved = grade.solved();
}

void Session::take_editor_result(user::UserRunResult result) {
    EditorState& e = ui.editor;
    e.running = false;
    // A run whose result is wrong ran: its trace is shown, and its one line says why.
    std::string wrong;
    if (result.ran && !result.trace.ok)
        wrong = result.trace.error.empty() ? "the result is wrong" : result.trace.error;
    const std::string where = result.on_gpu ? " on " + result.trace.device : "";
    if (result.ran && result.trace.grid != 0) {
        RunResult shown;
        shown.view = make_trace_view(std::make_shared<trace::Trace>(std::move(result.trace)));
        show(std::move(shown));
        e.shown_file = e.path;
    } else if (result.ran && result.error.empty()) {
        result.error = wrong.empty() ? "the kernel did not run" : wrong;
    }
    e.message_is_error = !result.error.empty() || !wrong.empty();
    e.message = !result.error.empty() ? result.error
                : wrong.empty()       ? "ran " + e.path + where + ": the result is right"
                                      : "ran " + e.path + where + ": " + wrong;
    if (result.on_gpu && result.error.empty())
        for (const std::string& line : user::gpu_report_lines(result.gpu)) e.message += "\n" + line;
    if (!result.warning.empty()) e.message += "\n" + result.warning;
    e.error_line = compile_error_line(result.error, e.path);
}

void Session::quiz_actions() {
    QuizState& q = ui.quiz;
    if (q.start) {
        q.start = false;
        const FormCheck check = check_form(ui.form);
        if (!check.ok()) {
            ui.banner = "quiz: " + check.error;
            return;
        }
        std::string error;
        const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
        q.seed = attempt_seed(q.seed_typed, std::uint64_t(now) ^ q.seed, error);
        if (!error.empty()) ui.banner = error;
        // The attempt's own input, from its seed; it starts at the first step.
        const trace::Request r = quiz_request(check.request, q.seed);
        const bool gpu = ui.form.gpu;
        ui.form = form_of(r);
        ui.form.gpu = gpu;
        ui.form_changed = true;
        ui.slow_run_confirmed = true;
        slide_step_ = 0;
        slide_request_ = r;
        q.on = true;
        q.asked_of.reset();
        bring_to_front(ui, PanelId::Explanation);
        ui.tab_groups_drawn.clear();
    }
    if (q.on && view_ && !ui.form_changed && !ui.running) refresh_question(q, *view_, ui.step());
    if (!q.on) q.question.reset();
}

void Session::race_actions() {
    if (ui.race_find && !ui.race_running) {
        ui.race_find = false;
        RequestForm f = ui.form;
        f.schedule = "lockstep";
        f.traced_block = 0;
        const FormCheck check = check_form(f);
        if (!check.ok()) {
            ui.banner = "Find a race: " + check.error;
            return;
        }
        run::RaceSearch search;
        search.request = check.request;
        ui.race_running = true;
        ui.race_story.clear();
        race_ = std::async(background_ ? std::launch::async : std::launch::deferred,
                           [search] { return run::find_race(search); });
    }
    if (!ui.race_running || !race_.valid()) return;
    if (background_ && race_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    const run::RaceStory story = race_.get();
    ui.race_running = false;
    if (!story.error.empty()) {
        ui.banner = "Find a race: " + story.error;
        return;
    }
    ui.race_story = story.story;
    ui.race_story_algo = ui.form.algo;
    if (story.found) {  // show it: the failing schedule, stepped like any other
        ui.form.gpu = false;
        ui.form.schedule = story.schedule;
        ui.form.traced_block = 0;
        ui.form_changed = true;
        if (story.has_pair) {
            race_jump_ = story.early;
            race_jump_schedule_ = story.schedule;
        }
    }
}

const Slide* Session::current_slide() const {
    const Lesson* l = ui.lesson.empty() ? nullptr : find_lesson(lessons_, ui.lesson);
    return l && ui.slide < l->slides.size() ? &l->slides[ui.slide] : nullptr;
}

void Session::slide_actions() {
    if (!ui.slide_changed) return;
    ui.slide_changed = false;
    const Slide* s = current_slide();
    if (!s) return;
    ui.view = s->view;
    // In front where they share a place with others: the slide's words (the explanation), then
    // the slide's panel, which wins where the two share one.
    for (std::optional<PanelId> p : {std::optional<PanelId>(PanelId::Explanation), s->panel}) {
        if (p) bring_to_front(ui, *p);
    }
    ui.tab_groups_drawn.clear();  // each group selects its front tab again
    if (s->request.algo.empty()) return;
    const bool gpu = ui.form.gpu && s->request.schedule == "lockstep";
    ui.form = form_of(s->request);
    ui.form.gpu = gpu;
    ui.form_changed = true;
    // A quiz attempt goes on with the new slide: its request, drawn again from the same seed.
    if (ui.quiz.on) {
        ui.quiz.seed_typed = std::to_string(ui.quiz.seed);
        ui.quiz.start = true;
    }
    ui.slow_run_confirmed = true;
    slide_step_ = s->step;
    slide_request_ = s->request;
}

void Session::sweep_actions() {
    if (ui.sweep_start) {
        ui.sweep_start = false;
        run::SweepRequest r;
        r.type = trace::parse_dtype(ui.lab_type).value_or(trace::DType::Int32);
        for (int e = ui.sweep_from; e <= ui.sweep_to; ++e) r.sizes.push_back(std::uint64_t(1) << e);
        sweeper_->start(r);
    }
    if (ui.sweep_cancel) {
        ui.sweep_cancel = false;
        sweeper_->cancel();
    }
    ui.sweep = sweeper_->status();
    if (auto file = sweeper_->take_result()) {
        lab_.files.push_back(std::move(*file));
        ui.lab_file = lab_.files.size() - 1;
    }
    if (ui.sweep_save) {
        ui.sweep_save = false;
        if (ui.lab_file < lab_.files.size() && !lab_.files[ui.lab_file].text.empty()) {
            MeasurementFile& f = lab_.files[ui.lab_file];
            const std::string path = measurement_path(io::data_root(), f);
            const std::string e = write_text(path, f.text);
            ui.file_message = e.empty() ? "saved " + path : e;
            if (e.empty())
                f.path = path;
            else
                ui.banner = e;
        }
    }
}

void Session::file_action() {
    const FileAction action = ui.file_action;
    ui.file_action = FileAction::None;
    std::string error;
    std::string done;
    switch (action) {
        case FileAction::OpenTrace:
            error = open_trace(ui.file_path);
            done = "opened " + ui.file_path;
            break;
        case FileAction::SaveTrace:
            if (!view_->trace || view_->trace->blocks.empty())
                error = "nothing to save: this run recorded no trace";
            else
                error = trace::save_trace(*view_->trace, ui.file_path);
            done = "saved " + ui.file_path;
            break;
        case FileAction::ExportCsv: {
            const std::string path = with_extension(ui.file_path, ".csv");
            error = exportable(*view_) ? write_text(path, run::stats_csv(*view_->trace))
                                       : "nothing to export: no run is shown";
            done = "wrote " + path;
            break;
        }
        case FileAction::ExportJson: {
            const std::string path = with_extension(ui.file_path, ".json");
            error = exportable(*view_) ? write_text(path, run::stats_json(*view_->trace) + "\n")
                                       : "nothing to export: no run is shown";
            done = "wrote " + path;
            break;
        }
        case FileAction::ExportQuizCsv: {
            const std::string path = export_path(ui.export_folder, "quiz-scores", ".csv", &error);
            if (!path.empty()) error = write_text(path, quiz_scores_csv(ui.quiz_scores));
            done = "wrote " + path;
            break;
        }
        default:
            break;
    }
    ui.file_message = error.empty() ? done : error;
    if (!error.empty()) ui.banner = error;
}

}  // namespace ws::ui
