// The window's fixed layout as plain data: a rectangle per panel, from the window size, the
// view and the font scale. ImGui 1.86 has no docking; the app places one fixed window per
// rectangle. Tested without ImGui (tests/ui/test_layout.cpp).
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "ui/panel_table.hpp"

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

enum class View { Step, Compare, Lab, Circuit, Ring, Pipeline };
// Every view, in the header's order of their tabs' ids.
inline constexpr View kViews[] = {View::Step,    View::Compare, View::Lab,
                                  View::Circuit, View::Ring,    View::Pipeline};
const char* view_name(View v);
std::optional<View> parse_view(const std::string& name);
// Every view's name, joined: "step|compare|lab|circuit|ring".
std::string view_names(const std::string& separator);

// The panels, from ui/panel_table.hpp.
#define WS_PANEL_ID(id, ...) id,
enum class PanelId { WS_PANEL_TABLE(WS_PANEL_ID) };
#undef WS_PANEL_ID
#define WS_PANEL_COUNT(...) +1
inline constexpr int kPanelCount = 0 WS_PANEL_TABLE(WS_PANEL_COUNT);
#undef WS_PANEL_COUNT
#define WS_PANEL_ENTRY(id, ...) PanelId::id,
inline constexpr std::array<PanelId, kPanelCount> kAllPanels = {WS_PANEL_TABLE(WS_PANEL_ENTRY)};
#undef WS_PANEL_ENTRY

struct PanelInfo {
    PanelId id;
    const char* name;   // "shared", as --panel takes it
    const char* title;  // "Shared memory", as the window shows it
    float min_w_em, min_h_em;
    bool scrolls;
    View view;   // the view it belongs to
    bool steps;  // changes with the step
};
const PanelInfo& panel_info(PanelId p);
const char* panel_name(PanelId p);
const char* panel_title(PanelId p);
std::optional<PanelId> parse_panel(const std::string& name);
std::string panel_names();  // "controls|shared|..."

// Panels that share one rectangle: one panel, or several as tabs (a tab strip on top, one panel
// shown at a time) where the window is too small for each to get its readable minimum.
struct PanelGroup {
    Rect rect;                    // the whole area, the tab strip included
    std::vector<PanelId> panels;  // in tab order
    bool tabs() const { return panels.size() > 1; }
};

struct Layout {
    Rect header;  // title, view tabs and the status/error banner
    Rect slide;   // lecture mode: the slide's card under the header, full width (its heading,
                  // words and question; the quiz box at its right); empty otherwise
    Rect slide_words, slide_quiz;  // inside `slide`: its words, and the quiz box (or empty)
    // Lecture mode where the type is too large for the slide's words and its picture at once:
    // the words take the whole body (the picture is a key away), or (the key, Z) the slide's
    // panel takes the whole stage under a card of its heading alone.
    enum class Card { Full, WordsAlone, HeadingAlone } card = Card::Full;
    std::array<Rect, kPanelCount> panels{};  // where each panel of the view draws (a tab: the
                                             // group's area under the strip); empty: not shown
    std::vector<PanelGroup> groups;          // every shown panel is in exactly one
    const Rect& operator[](PanelId p) const { return panels[static_cast<int>(p)]; }
    Rect& operator[](PanelId p) { return panels[static_cast<int>(p)]; }
    bool shows(PanelId p) const { return !(*this)[p].empty(); }
    // The group a shown panel is in, or nullptr.
    const PanelGroup* group_of(PanelId p) const;
};

struct Size {
    float w = 0, h = 0;
};
// The smallest rectangle a panel stays readable in, its title bar (or tab strip) included, at
// a font scale (1 = 17-pixel text): what a class at the back of a room can still read, with
// the panel's own reflow and scrolling (the shared-memory grid scrolls rather than shrink its
// cells, the controls stack their labels). compute_layout never gives a shown panel less; the
// controls column takes at most 40% of the window whatever its minimum.
Size panel_min_size(PanelId p, float scale);

// Heights that depend on the font: the header strip, the timeline bar and a tab strip.
float header_height(float scale);
float timeline_height(float scale);
float tab_strip_height(float scale);

// What the step view's side column (code over explanation) is for: reading the code; writing a
// kernel (a kernel of the student's open in Your kernel: the editor takes the column's whole
// height, 20 lines of code at 1280x720); reading a race's story (the explanation takes most of
// the column, so that the story shows whole).
enum class SideFocus { Code, Editor, Story };

// All panels of a view. `scale` is the font scale (1 = 17-pixel text). Without controls the
// stage takes the whole width (for a small projector once the request is chosen). The circuit
// view puts the circuit over the shared-memory panel, or (`circuit_only`, the side-by-side
// networks) gives it the whole stage. Where the window cannot give every panel its minimum
// side by side, panels become tabs of one rectangle, the least needed first (see layout.cpp).
// `card_h`: a strip of that height under the header, across the whole width, is left for the
// slide's card (Layout::slide). `lead`: the step view's stage leads with that panel alone, large,
// the others as tabs beside it with the code in front (the presenter layout; see
// ui/geometry/presenter_layout.hpp). `focus`: what the step view's side column is for
// (SideFocus).
// `lead_alone`: the lead panel takes the whole stage, the others folded away (large type).
Layout compute_layout(View view, float width, float height, float scale, bool controls = true,
                      bool circuit_only = false, float card_h = 0,
                      std::optional<PanelId> lead = std::nullopt, SideFocus focus = SideFocus::Code,
                      bool lead_alone = false);
// One panel filling the window (for --panel screenshots), with no header.
Layout single_panel_layout(PanelId panel, float width, float height);

}  // namespace ws::ui
