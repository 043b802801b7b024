// The window's fixed layout as plain data: a rectangle per panel, from the window size, the
// view and the font scale. ImGui 1.86 has no docking; the app places one fixed window per
// rectangle. Tested without ImGui (tests/ui/test_layout.cpp).
#pragma once
#include <array>
#include <optional>
#include <string>

namespace ws::ui {

struct Rect {
    float x = 0, y = 0, w = 0, h = 0;
    float right() const { return x + w; }
    float bottom() const { return y + h; }
    bool empty() const { return w <= 0 || h <= 0; }
    bool contains(float px, float py) const {
        return px >= x && py >= y && px < x + w && py < y + h;
    }
};
bool overlaps(const Rect& a, const Rect& b);  // interiors intersect

enum class PanelId {
    Controls,
    Shared,
    Warps,
    Banks,
    Code,
    Explanation,
    Timeline,
    Compare,
    Lab,
    Circuit
};
inline constexpr int kPanelCount = 10;
inline constexpr std::array<PanelId, kPanelCount> kAllPanels = {
    PanelId::Controls,    PanelId::Shared,   PanelId::Warps,   PanelId::Banks, PanelId::Code,
    PanelId::Explanation, PanelId::Timeline, PanelId::Compare, PanelId::Lab,   PanelId::Circuit};
const char* panel_name(PanelId p);   // "shared", as --panel takes it
const char* panel_title(PanelId p);  // "Shared memory", as the window shows it
std::optional<PanelId> parse_panel(const std::string& name);
std::string panel_names();  // "controls|shared|..."

enum class View { Step, Compare, Lab, Circuit };
const char* view_name(View v);
std::optional<View> parse_view(const std::string& name);

struct Layout {
    Rect header;                             // title, view tabs and the status/error banner
    std::array<Rect, kPanelCount> panels{};  // empty when a panel is not shown in this view
    const Rect& operator[](PanelId p) const { return panels[static_cast<int>(p)]; }
    Rect& operator[](PanelId p) { return panels[static_cast<int>(p)]; }
    bool shows(PanelId p) const { return !(*this)[p].empty(); }
};

// Heights that depend on the font: the header strip and the timeline bar.
float header_height(float scale);
float timeline_height(float scale);

// All panels of a view. `scale` is the font scale (1 = 17-pixel text). Without controls the
// stage takes the whole width (for a small projector once the request is chosen). The circuit
// view puts the circuit over the shared-memory panel, or (`circuit_only`, the side-by-side
// networks) gives it the whole stage.
Layout compute_layout(View view, float width, float height, float scale, bool controls = true,
                      bool circuit_only = false);
// One panel filling the window (for --panel screenshots), with no header.
Layout single_panel_layout(PanelId panel, float width, float height);

}  // namespace ws::ui
