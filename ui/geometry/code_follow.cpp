#include "ui/geometry/code_follow.hpp"

#include <algorithm>

namespace ws::ui {

std::optional<float> follow_scroll(float line_y, float line_h, float row_h, float scroll_y,
                                   float view_h) {
    const float top = scroll_y, bottom = top + view_h;
    if (line_y >= top + row_h && line_y + line_h <= bottom - row_h) return std::nullopt;
    return std::max(0.0f,
                    line_y - std::max(0.0f, std::min(view_h * 0.35f, view_h - line_h - row_h)));
}

}  // namespace ws::ui
