// Session: the features, the actions drained in order, and the outcomes applied.
#include "ui/session.hpp"

#include <algorithm>
#include <cstdio>

#include "kernels/io/data_root.hpp"
#include "kernels/run/backend.hpp"
#include "ui/cursor.hpp"
#include "ui/model/window/state_link.hpp"
#include "ui/window_actions.hpp"

namespace ws::ui {

Session::Session(bool background, bool gpu) {
    const std::string root = io::data_root();
    sass_ = load_sass_library(root);
    ui.sass = &sass_;
    hardware_ = load_hardware_library(root);
    const run::Backend* timer = gpu ? run::usable_gpu() : nullptr;
    ui.gpu_name = timer ? timer->device() : "";
    ring_ = std::make_unique<RingFeature>(ui.ring);
    // A sweep takes a minute: in the background even for a picture, which follows its progress.
    lab_ = std::make_unique<LabFeature>(ui.lab, root, timer, background || timer);
    files_ = std::make_unique<FilesFeature>(ui.files);
    runs_ = std::make_unique<RunsFeature>(ui.runs, ui.preferences(), background);
    lessons_ = std::make_unique<LessonFeature>(ui.lesson, ui.quiz_scores, root);
    editor_ = std::make_unique<EditorFeature>(ui.editor, root, background);
    race_ = std::make_unique<RaceFeature>(ui.race, background);
    features_ = {ring_.get(),    lab_.get(),    files_.get(), runs_.get(),
                 lessons_.get(), editor_.get(), race_.get()};
    view_ = error_view({}, "");
    std::vector<Action> none;
    take(ring_->run(), none);
}

void apply_look(UiState& ui, const WindowArgs& a) {
    if (a.theme) ui.theme = *a.theme;
    if (a.font_scale) ui.font_scale = *a.font_scale;
    if (a.presentation) ui.presentation = ui.controls_hidden = true;
}

std::string Session::apply(const WindowArgs& a) {
    // The session's own: the view and the look.
    if (a.view) ui.view = *a.view;
    ui.help_open = a.show_help;
    if (a.show_lessons) ui.post(act::ShowLessons{});
    if (a.panel) ui.view = panel_info(*a.panel).view;
    apply_look(ui, a);
    if (a.hide_controls) ui.controls_hidden = true;
    if (a.show_controls) ui.controls_hidden = false;
    ui.panels.shared_grid.zoom = a.zoom;
    std::vector<Action> none;
    for (Feature* f : features_) {
        Outcome o = f->apply(a, context());
        if (!o.error.empty()) return o.error;
        take(std::move(o), none);
        update();  // a picture's session runs what it asked for now
    }
    if (a.view) ui.view = *a.view;  // a view asked for beside a slide's wins
    if (a.focus) {
        bring_to_front(ui, *a.focus);
        ui.tab_groups_drawn.clear();
    }
    return "";
}

std::vector<Action> Session::update() {
    std::vector<Action> for_window;
    // Finished work, then what was posted; what that posts in turn (an outcome's `then`) is
    // drained in the next pass, so that a synchronous session ends with everything run.
    constexpr int kPasses = 8;
    for (int pass = 0; pass < kPasses; ++pass) {
        for (Feature* f : features_) take(f->update(context()), for_window);
        const std::vector<Action> posted = ui.actions.take();
        if (posted.empty()) break;
        for (const Action& a : posted) dispatch(a, for_window);
    }
    return for_window;
}

void Session::follow_cursor() {
    std::vector<Action> none;
    dispatch(act::FollowCursor{}, none);
}

void Session::dispatch(const Action& a, std::vector<Action>& for_window) {
    if (apply_window_action(ui, a, playback_count(*view_, ui), for_window)) return;
    if (for_renderer(a)) {
        for_window.push_back(a);
        return;
    }
    if (const auto* c = std::get_if<act::CopyLink>(&a)) return copy_link(*c, for_window);
    // A changed request runs the editor's kernel again where that is on show, else the form.
    if (const auto* r = std::get_if<act::RunForm>(&a)) {
        if (!editor_->takes_form_change(context()))
            take(runs_->run_form(context(), r->confirmed), for_window);
        return;
    }
    // The controls' edit: the request changed (the note says what a new algorithm changed).
    if (const auto* e = std::get_if<act::EditForm>(&a)) {
        if (!e->note.empty()) ui.note = e->note;
        if (e->form == ui.form) return;
        runs_->set_form(e->form);
        return dispatch(act::RunForm{}, for_window);
    }
    for (Feature* f : features_)
        if (std::optional<Outcome> o = f->handle(a, context()))
            return take(std::move(*o), for_window);
}

void Session::take(Outcome o, std::vector<Action>& for_window) {
    if (o.banner) ui.banner = *o.banner;
    if (o.show) show(std::move(o.show), o.note, o.replayed_from);
    if (o.run_failed && o.run_failed->empty()) mark_run_shown(ui.stale);
    if (o.run_failed && !o.run_failed->empty())
        mark_run_failed(ui.stale, *o.run_failed, view_->trace && !view_->trace->blocks.empty());
    if (o.view) ui.view = *o.view;
    for (PanelId p : o.to_front) bring_to_front(ui, p);
    if (!o.to_front.empty()) ui.tab_groups_drawn.clear();  // each group selects its front tab
    if (o.form) {
        runs_->set_form(*o.form);
        if (o.run == Outcome::Run::Form) dispatch(act::RunForm{o.confirmed}, for_window);
        if (o.run == Outcome::Run::Beside) {
            ui.runs.form_error.clear();
            runs_->run_compare();
            runs_->run_circuits(context());
        }
    }
    if (o.step) set_step(ui.playback, *o.step, playback_count(*view_, ui));
    for (Action& a : o.then) ui.post(std::move(a));
}

void Session::show(std::shared_ptr<const TraceView> v, const std::string& note,
                   const std::string& replayed_from) {
    view_ = std::move(v);
    mark_run_shown(ui.stale);  // what is on show now is what was asked for last
    ui.hardware = view_->trace ? hardware_view(*view_->trace, hardware_) : HardwareView{};
    ui.replayed_from = replayed_from;
    ui.note = note;
    // A run's note is a fallback the user should see (the GPU failed); a replay's is not.
    if (!note.empty() && replayed_from.empty()) ui.banner = note;
    // Steps, or the moments of the view on show (the pipeline's, the ring's).
    const std::size_t n = playback_count(*view_, ui);
    set_step(ui.playback, std::min(ui.playback.step, n ? n - 1 : 0), n);
    // The step a slide, a quiz attempt or a race waited for in this trace.
    for (Feature* f : features_)
        if (const std::optional<std::size_t> step = f->shown(*view_))
            set_step(ui.playback, *step, n);
    settle(ui.playback);
}

std::vector<std::string> Session::link_flags() const {
    WindowArgs now;
    // The session's own: the view, the panel in front, the step and the look.
    now.view = ui.view;
    if (!ui.recent_tabs.empty()) now.focus = ui.recent_tabs.front();
    now.step = long(ui.step());
    now.presentation = ui.presentation;
    if (ui.controls_hidden != ui.presentation)  // P, then C
        (ui.presentation ? now.show_controls : now.hide_controls) = true;
    if (ui.theme != Preferences{}.theme) now.theme = ui.theme;
    if (ui.font_scale != 1.0f) now.font_scale = ui.font_scale;
    now.zoom = ui.panels.shared_grid.zoom;
    for (const Feature* f : features_) f->link_args(context(), now);
    if (now.slide_brings_request) now.request_given = false;  // the slide's request is on show
    return link_flags_of(now);
}

void Session::copy_link(const act::CopyLink& c, std::vector<Action>& for_window) {
    const std::vector<std::string> flags = link_flags();
    ui.files.link_copied = c.command ? state_command(flags) : state_link(flags);
    for_window.push_back(act::Clipboard{ui.files.link_copied});
    if (!c.announce) return;
    ui.banner.clear();
    ui.note = "link copied: " + ui.files.link_copied;
}

std::vector<std::string> Session::data_problems() const {
    std::vector<std::string> out = hardware_.problems;
    for (const auto& [id, listing] : sass_)
        if (!listing.error.empty()) out.push_back(listing.error);
    for (const Feature* f : features_)
        for (const std::string& p : f->data_problems()) out.push_back(p);
    return out;
}

void Session::run_form() {
    std::vector<Action> for_window;
    dispatch(act::RunForm{}, for_window);
}

void Session::run_circuits() {
    runs_->run_circuits(context());
}

std::string Session::open_trace(const std::string& path) {
    Outcome o = files_->open_trace(path);
    if (!o.error.empty()) return o.error;
    std::vector<Action> none;
    take(std::move(o), none);
    return "";
}

}  // namespace ws::ui
