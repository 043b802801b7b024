// How a shared-memory cell shows its value, as plain data: never an empty box for a written
// cell. The whole value when it fits at a readable size; else an abbreviation marked with "~"
// ("~32.6k", "~-1.2M", "~1e-5") at the readable minimum; the grid (grid_geometry) never makes a
// cell narrower than the shortest abbreviation needs, and the full value is in the tooltip.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "kernels/trace/dtype.hpp"

namespace ws::ui {

// The smallest pixel size a value is drawn at: what a class at the back of the room can read on
// a projected 1280x720 picture (12 pixels at text size 1, which presentation mode and the text
// size scale up). One number, used by the grid and by the test that checks every cell.
float min_value_px(float scale);

// The fewest characters a value can be shown in: its whole text, or its shortest abbreviation.
// The narrowest cell of a trace holds its values' largest such count (TraceView::min_chars).
std::size_t shortest_chars(double value, trace::DType type, const std::string& full);

// The width of a monospace glyph per pixel of font size (DejaVu Sans Mono: 0.602). The window
// passes its real font's; tests use this.
inline constexpr float kMonoAdvance = 0.602f;

struct ValueText {
    std::string text;
    float px = 0;              // font size to draw it at
    bool abbreviated = false;  // text is not the whole value (it starts with "~")
};

// `full`: the exact text (format_value). Fits it into a box `w` x `h` pixels at most
// `max_px` and at least `min_px`, shrinking first, then abbreviating. A box too small for even
// the shortest abbreviation gets it at `min_px` anyway (clipped): the grid prevents that.
ValueText fit_value(double value, trace::DType type, const std::string& full, float w, float h,
                    float max_px, float min_px, float advance = kMonoAdvance);

// Shorter forms of a value, most precise first, each starting with "~": "~32.6k", "~33k",
// "~3e4". For integers below 1000 in magnitude and exact short floats: none.
std::vector<std::string> abbreviations(double value, trace::DType type);

}  // namespace ws::ui
