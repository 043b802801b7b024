// Small drawing helpers on ImDrawList shared by the panels: a canvas (the imgui_demo recipe:
// invisible button, clip rectangle, draw list), centred text, hatching, arrows, legend swatches.
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

#include "ui/geometry/grid_geometry.hpp"
#include "ui/layout.hpp"

namespace ws::ui {

struct Canvas {
    ImDrawList* dl = nullptr;
    Rect rect;
    bool hovered = false;
    bool active = false;  // mouse held on it
};
// Reserves `size` (or the rest of the window when a component is <= 0) and clips to it. Call
// end_canvas after drawing.
Canvas begin_canvas(const char* id, ImVec2 size);
void end_canvas(const Canvas& c);

inline ImVec2 iv(Point p) {
    return {p.x, p.y};
}
inline ImVec2 tl(const Rect& r) {
    return {r.x, r.y};
}
inline ImVec2 br(const Rect& r) {
    return {r.right(), r.bottom()};
}

void fill_rect(ImDrawList* dl, const Rect& r, ImU32 color, float rounding = 0.0f);
void stroke_rect(ImDrawList* dl, const Rect& r, ImU32 color, float thickness,
                 float rounding = 0.0f);
// Words at `pos` (their top left) in `font` at `size` (nullptr, 0: the current ones), recorded
// in the label log (ui/geometry/label_log.hpp) with the box they must stay in and the picture
// that drew them. Every label a picture draws goes through here.
void draw_label(ImDrawList* dl, ImVec2 pos, ImU32 color, const std::string& text, const Rect& box,
                const char* owner, ImFont* font = nullptr, float size = 0.0f);
// A picture's caption in the small font, dim, at the top left of `box` (`dy` lower): cut with "…"
// where it does not fit, all of it on hover.
void draw_caption(ImDrawList* dl, const Rect& box, const std::string& text, float dy = 0);
// The size `text` takes in `font` at `size` (nullptr, 0: the current ones).
ImVec2 label_size(const std::string& text, ImFont* font = nullptr, float size = 0.0f);
// Text centred in r if it fits (returns false and draws nothing otherwise).
bool text_centered(ImDrawList* dl, const Rect& r, ImU32 color, const std::string& text,
                   ImFont* font = nullptr, float size = 0.0f);
// Diagonal lines across r: a pattern, so that divergence is not told by colour alone.
void hatch(ImDrawList* dl, const Rect& r, ImU32 color, float spacing, float thickness);
// The first `t` (0..1) of a curved arrow, with its head at the end once t > 0.
void draw_arrow(ImDrawList* dl, const ArrowCurve& curve, float t, ImU32 color, float thickness,
                float head);
// A swatch and its label on the current line: "■ read".
void legend_item(ImU32 color, const char* label, bool hatched = false);
// Words on the legend's line (wrapped like an item): "~ value shortened".
void legend_note(const char* label);

// A legend of at most `max_lines` lines: the entries that fit, then "more…" whose tooltip shows
// them all; so that a narrow panel keeps its picture's room. An entry without a colour is words.
struct LegendEntry {
    ImU32 color = 0;
    const char* label = "";
    bool hatched = false;
    bool words = false;  // no swatch: the label says it ("~ value shortened")
};
void legend_row(const std::vector<LegendEntry>& entries, int max_lines);
// `text` as it fits in `width` pixels in the current font: whole, or cut with "…".
std::string fit_text(const std::string& text, float width);
// ImGui::BeginCombo with its preview cut with "…" where it does not fit the combo's width (the
// whole of it on hover), so that a projected combo never shows a word cut in half.
bool begin_combo_fitted(const char* id, const std::string& preview, int flags = 0);
// One line of text, cut with "…" where it does not fit, the whole of it on hover.
void text_line_clipped(ImU32 color, const std::string& text);
// Text in a colour, wrapped at the window edge.
void text_wrapped_colored(ImU32 color, const std::string& text);

}  // namespace ws::ui
