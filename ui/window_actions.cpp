#include "ui/window_actions.hpp"

namespace ws::ui {
namespace {

// Page Down with no lesson on: the lesson list, where a teacher picks one (rather than the first
// lesson, which would replace the request on show without asking and start at lesson 1 whatever
// the class is on). With a lesson on it is the lesson feature's next slide.
bool lesson_list_key(const UiState& ui, const Action& a) {
    const auto* m = std::get_if<act::MoveSlide>(&a);
    return m && m->by > 0 && ui.lesson.name.empty();
}

// The view, the tabs, the banner, the look and the speed; false for any other action.
bool apply_view_action(UiState& ui, const Action& a, std::vector<Action>& for_window) {
    if (const auto* v = std::get_if<act::ShowView>(&a)) {
        ui.view = v->view;
    } else if (const auto* f = std::get_if<act::BringToFront>(&a)) {
        bring_to_front(ui, f->panel);
    } else if (is<act::DismissBanner>(a)) {
        ui.banner.clear();
    } else if (const auto* t = std::get_if<act::SetTheme>(&a)) {
        ui.theme = t->theme;
        for_window.push_back(act::Restyle{});
    } else if (const auto* f = std::get_if<act::SetFontScale>(&a)) {
        ui.font_scale = f->scale;
    } else if (const auto* s = std::get_if<act::SetSpeed>(&a)) {
        ui.speed = s->steps_per_second;
    } else {
        return false;
    }
    return true;
}

}  // namespace

bool for_renderer(const Action& a) {
    return is<act::Restyle>(a) || is<act::ExportPng>(a) || is<act::StartFrames>(a) ||
           is<act::CancelFrames>(a) || is<act::Clipboard>(a);
}

bool apply_window_action(UiState& ui, const Action& a, std::size_t steps,
                         std::vector<Action>& for_window) {
    Playback& p = ui.playback;
    if (is<act::PlayPause>(a)) {
        toggle_play(p, steps);
    } else if (const auto* s = std::get_if<act::StepBy>(&a)) {
        step_by(p, s->by, steps);
    } else if (const auto* to = std::get_if<act::StepTo>(&a)) {
        set_step(p, to->last && steps ? steps - 1 : 0, steps);
    } else if (const auto* at = std::get_if<act::StepAt>(&a)) {
        set_step(p, at->step, steps);
    } else if (is<act::TogglePresentation>(a)) {
        ui.presentation = !ui.presentation;
        ui.controls_hidden = ui.presentation;
        for_window.push_back(act::Restyle{});
    } else if (is<act::ToggleControls>(a)) {
        ui.controls_hidden = !ui.controls_hidden;
    } else if (is<act::ToggleHelp>(a)) {
        ui.help_open = !ui.help_open;
    } else if (is<act::ShowLessons>(a) || lesson_list_key(ui, a)) {
        ui.controls_hidden = false;
        ++ui.lessons_asked;
    } else if (const auto* h = std::get_if<act::CloseHelp>(&a)) {
        ui.help_open = false;
        if (h->cancels_export && ui.files.frames.active) for_window.push_back(act::CancelFrames{});
    } else {
        return apply_view_action(ui, a, for_window);
    }
    return true;
}

std::vector<Action> apply_window_actions(UiState& ui, std::size_t steps) {
    std::vector<Action> rest;
    for (Action& a : ui.actions.take())
        if (!apply_window_action(ui, a, steps, rest)) rest.push_back(std::move(a));
    return rest;
}

}  // namespace ws::ui
