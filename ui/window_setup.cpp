// Flags to session, cursor, style and layout.
#include "ui/window_setup.hpp"

#include <algorithm>
#include <cstdio>

#include "kernels/run/backend.hpp"
#include "kernels/user/outcome.hpp"
#include "ui/cursor.hpp"
#include "ui/widgets/slide_words.hpp"

namespace ws::ui {

int fail(int code, const std::string& message) {
    // One printable line, whatever a link or a file brought into it (a link's refusals come
    // escaped already: parse_window_args).
    std::fprintf(stderr, "warpscope: %s\n", user::printable_line(message, 2000).c_str());
    return code;
}

Style style_of(const UiState& ui) {
    return {ui.theme, ui.presentation, ui.font_scale};
}

Layout layout_for(const UiState& ui, const WindowArgs& a, float w, float h, float scale) {
    if (a.panel) return single_panel_layout(*a.panel, w, h);
    if (lecture_on(ui)) {
        // The presenter layout: the card as tall as the slide's words at its widths.
        PresenterInput in;
        in.view = ui.view;
        in.panel = ui.lesson.current_slide()->panel;
        in.controls = !ui.controls_hidden;
        in.circuit_only = ui.circuit_side_by_side;
        in.whole_stage = ui.lesson.whole_stage;
        in.needs = measure_slide_card(ui, slide_card_widths(w, scale, ui.lesson.quiz.on));
        return presenter_layout(in, w, h, scale);
    }
    const bool story = !ui.race.story.empty() && ui.race.story_algo == ui.form.algo;
    const SideFocus focus = ui.editor.loaded ? SideFocus::Editor
                            : story          ? SideFocus::Story
                                             : SideFocus::Code;
    return compute_layout(ui.view, w, h, scale, !ui.controls_hidden, ui.circuit_side_by_side, 0,
                          std::nullopt, focus);
}

std::string prepare(Session& s, const WindowArgs& a) {
    // Asked for the GPU where there is none: said before any work, as the commands do.
    if (a.gpu.value_or(false) || a.sweep)
        if (std::string why = run::unavailable_reason("cuda"); !why.empty())
            return (a.sweep ? "--sweep: " : "--backend cuda: ") + why;
    return s.apply(a);
}

std::string place_step(Session& s, const WindowArgs& a) {
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
