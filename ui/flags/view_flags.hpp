// The window's own flags, which no feature owns: what is on show (the view, the panel in front,
// the step) and how it looks (the size, the theme, the text, presentation mode, the controls).
#pragma once
#include <optional>
#include <string>

#include "ui/flags/flag_row.hpp"
#include "ui/layout.hpp"

namespace ws::ui {

struct ViewArgs {
    std::optional<View> view;
    std::optional<PanelId> focus;  // brought to the front where it shares a place (tabs)
    std::optional<long> step;      // 0-based; -1 means the last step
    int width = 0, height = 0;     // 0: default (1600x900, or the saved size)
    std::optional<std::string> theme;
    std::optional<float> font_scale;
    float zoom = 1.0f;  // of the shared-memory picture
    bool presentation = false;
    bool hide_controls = false;
    bool show_controls = false;  // with --presentation, the controls stay shown
    bool show_help = false;      // open with the keys overlay (F1) shown
    bool show_lessons = false;   // open with the controls' lesson list shown (act::ShowLessons)
};

const FlagTable<ViewArgs>& view_flags();

}  // namespace ws::ui
