// Text that ImGui cut: the words a window or a table column clipped where nothing says so (no
// ellipsis, no scroll bar to reach them), found in the frame ImGui has just rendered. Two
// witnesses: a window that may not scroll whose content is larger than it (the lines under its
// edge are not drawn at all), and each glyph drawn partly outside the clip rectangle it was
// drawn with (a combo's "8 wavefro", a column's number). Used by `--check-labels` with the
// label log's own rules (ui/geometry/label_log.hpp); tested on a headless ImGui.
#pragma once
#include <string>
#include <vector>

#include "ui/layout.hpp"

namespace ws::ui {

// One line per cut, after ImGui::Render(): "window \"##slide\": its content is 40 px taller than
// it (the lines under its edge are not drawn)", "window \"Banks\": text cut at its right edge:
// \"8 wavefro\"". Axes a window scrolls along (it has a scroll bar) are not cuts, nor words cut
// inside `scroll_areas` (pictures that scroll by themselves).
std::vector<std::string> cut_text_problems(const std::vector<Rect>& scroll_areas = {},
                                           float slack = 1.0f);

}  // namespace ws::ui
