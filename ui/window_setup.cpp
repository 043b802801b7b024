// Flags to session, cursor, style and layout.
#include "ui/window_setup.hpp"

#include <algorithm>
#include <cstdio>

#include "kernels/io/data_file.hpp"
#include "kernels/io/data_root.hpp"
#include "kernels/user/puzzle.hpp"
#include "ui/frame.hpp"

namespace ws::ui {

int fail(int code, const std::string& message) {
    std::fprintf(stderr, "warpscope: %s\n", message.c_str());
    return code;
}

Style style_of(const UiState& ui) {
    return {ui.theme, ui.presentation, ui.font_scale};
}

Layout layout_for(const UiState& ui, const WindowArgs& a, float w, float h, float scale) {
    if (a.panel) return single_panel_layout(*a.panel, w, h);
    return compute_layout(ui.view, w, h, scale, !ui.controls_hidden, ui.circuit_side_by_side);
}

// Applies the flags to a session; returns "" or the error for exit code 2.
std::string prepare(Session& s, const WindowArgs& a) {
    if (a.view) s.ui.view = *a.view;
    s.ui.help_open = a.show_help;
    if (a.panel) s.ui.view = panel_info(*a.panel).view;
    if (a.side_by_side) {
        s.ui.circuit_side_by_side = true;
        if (!a.view && !a.panel) s.ui.view = View::Circuit;
    }
    if (a.compare) s.ui.compare_algo = *a.compare;
    if (a.lab_lines) s.ui.lab_lines = *a.lab_lines;
    if (a.lab_type) s.ui.lab_type = *a.lab_type;
    if (a.ring_gpus) s.ui.ring_gpus = *a.ring_gpus;
    s.ui.ring_naive = s.ui.ring_naive || a.ring_naive;
    s.ui.ring_changed = s.ui.ring_changed || a.ring_gpus || a.ring_naive;
    if (a.theme) s.ui.theme = *a.theme;
    if (a.font_scale) s.ui.font_scale = *a.font_scale;
    if (a.presentation) s.ui.presentation = s.ui.controls_hidden = true;
    if (a.hide_controls) s.ui.controls_hidden = true;
    s.ui.shared_grid.zoom = a.zoom;
    s.ui.max_memory = a.max_memory;
    if (!a.trace_file.empty()) {
        if (std::string e = s.open_trace(a.trace_file); !e.empty()) return e;
    } else {
        if (a.request_given) s.ui.form = a.form;
        // Asked for on the command line, or for a picture: run whatever the size.
        s.ui.slow_run_confirmed = a.request_given || !a.screenshot.empty() || a.bench_frames;
        s.run_form();
        if (!s.ui.form_error.empty()) return s.ui.form_error;
        if (!a.lesson.empty()) {
            const Lesson* l = find_lesson(*s.ui.lessons, a.lesson);
            if (!l) return "--lesson " + a.lesson + ": no such lesson in assets/lessons";
            if (a.slide >= l->slides.size())
                return "--slide " + std::to_string(a.slide + 1) + ": " + l->name + " has " +
                       std::to_string(l->slides.size()) + " slides";
            s.ui.lesson = l->name;
            s.ui.slide = a.slide;
            s.ui.slide_changed = true;
            s.update();                       // a picture's session runs the slide's request now
            if (a.view) s.ui.view = *a.view;  // a view asked for beside the slide's wins
        }
        if (!a.quiz_seed.empty()) {
            s.ui.quiz.seed_typed = a.quiz_seed;
            s.ui.quiz.start = true;
            s.update();  // a picture's session runs the attempt's request now
        }
        if (!a.puzzle.empty()) {
            std::string error;
            const std::string file = user::find_puzzle(io::data_root(), a.puzzle, error);
            if (file.empty()) return "--puzzle " + error;
            if (std::string e = open_puzzle(s.ui.editor, file, s.ui.form); !e.empty())
                return "--puzzle " + e;
            s.ui.form_changed = true;
            bring_to_front(s.ui, PanelId::Editor);
            s.ui.tab_groups_drawn.clear();
            s.update();
        }
        if (!a.kernel_file.empty()) {
            std::string error;
            EditorState& e = s.ui.editor;
            e.text = io::read_data_file(a.kernel_file, io::DataKind::KernelFile, error);
            if (!error.empty()) return "--kernel " + error;
            e.path = a.kernel_file;
            e.loaded = true;
            e.run = true;
            bring_to_front(s.ui, PanelId::Editor);
            s.ui.tab_groups_drawn.clear();
            s.update();  // a picture's session runs it now
        }
        if (a.grade) {
            s.ui.editor.grade = true;
            s.update();  // a picture's session grades it now
        }
        if (a.focus) {
            bring_to_front(s.ui, *a.focus);
            s.ui.tab_groups_drawn.clear();
        }
        if (a.find_race) {
            s.ui.race_find = true;
            s.update();  // starts the search; a picture's session runs it and its schedule now
        }
    }
    return "";
}

std::string place_step(Session& s, const WindowArgs& a) {
    if (s.ui.ring_changed) Session::run_ring(s.ui);  // the ring view's steps are the ring's
    const std::size_t n = playback_count(s.view(), s.ui);
    if (!a.step) return "";
    if (*a.step == -1) {
        set_step(s.ui.playback, n ? n - 1 : 0, n);
    } else if (std::size_t(*a.step) >= std::max<std::size_t>(n, 1)) {
        return "--step " + std::to_string(*a.step) + ": this run has " + std::to_string(n) +
               " steps (0.." + std::to_string(n ? n - 1 : 0) + ")";
    } else {
        set_step(s.ui.playback, std::size_t(*a.step), n);
    }
    settle(s.ui.playback);
    return "";
}

}  // namespace ws::ui
