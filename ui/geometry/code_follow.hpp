// How the code panel keeps the line that ran in view, as plain data: it follows the step's
// busiest line once per step, and again whenever what it drew changed size under it (P's
// larger type, a window or panel resized), so that the line stays on screen. Tested in
// tests/ui/test_code_follow.cpp.
#pragma once
#include <cstddef>
#include <optional>

namespace ws::ui {

// What the panel last followed the line at.
struct CodeFollow {
    std::size_t step = static_cast<std::size_t>(-1);
    float font_px = 0;  // the code's text size
    float view_h = 0;   // the panel's height (its width only rewraps what is in view)
    bool operator==(const CodeFollow& o) const {
        return step == o.step && font_px == o.font_px && view_h == o.view_h;
    }
};

// Where to scroll so that the line (its top `line_y` in the content, `line_h` tall, wrapped
// rows and all) is in view whole: a third of the way down where there is room, else its first
// row at the top; nullopt where it already is (a row's margin kept above and below).
std::optional<float> follow_scroll(float line_y, float line_h, float row_h, float scroll_y,
                                   float view_h);

}  // namespace ws::ui
