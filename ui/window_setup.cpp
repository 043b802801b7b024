// Flags to session, cursor, style and layout.
#include "ui/window_setup.hpp"

#include <algorithm>
#include <cstdio>

#include "ui/cursor.hpp"

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

std::string prepare(Session& s, const WindowArgs& a) {
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
