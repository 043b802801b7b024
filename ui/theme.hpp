// Every colour the window draws with, in one place. Three palettes: dark, light, and the
// presentation palette (high contrast, black on white, thicker lines). All use the Okabe-Ito
// colour-blind-safe colours for meaning, and nothing is told apart by red against green alone:
// reads are blue, writes orange, conflicts vermillion with an "N-way" label, broadcasts
// bluish green with a "xN" label, divergence reddish purple with a hatch.
#pragma once
#include <imgui.h>

#include <string>

#include "ui/model/lab/sass_listing.hpp"
#include "ui/model/trace/pipeline_view.hpp"

namespace ws::ui {

struct Palette {
    ImU32 panel_bg, text, text_dim, grid, frame;
    ImU32 cell, cell_undefined, cell_border;
    ImU32 read, written, from_global, arrow, raced;
    ImU32 tile_aggregate, tile_prefix;   // the look-back's published tile states
    ImU32 lane_on, lane_off, lane_dead;  // active, idle (live) and not launched lanes
    ImU32 divergent, conflict, broadcast, single_word;
    ImU32 current, current_fill, line_ran, line_ran_text;
    ImU32 question;  // lecture mode: the slide's question to the class
    ImU32 waiting;   // a block spinning on another's flag
    ImU32 banner_error_bg, banner_error_text;
    // A count the GPU made beside ours: equal (with a check mark) or not (with ≠).
    ImU32 agree, disagree;
    ImU32 plot_bg, plot_axis, plot_peak, plot_l2;
    // The circuit view: element wires, additions already done, and those still to come (the
    // current level's use `arrow` and `written`).
    ImU32 circuit_wire, circuit_edge, circuit_dot, circuit_future;
    ImU32 warp[8];                              // threads coloured by warp, cycling
    ImU32 series[10];                           // plot lines: the variants of a family
    ImU32 copy, read_only, cub, thrust, plain;  // plot lines: the baselines
    // The warps panel: the paths a warp's lanes took in a step (first, second, third and more;
    // the first is lane_on).
    ImU32 path[3];
    float line_width;  // arrows, outlines
    float edge_width;  // the seams between panels (ImGuiCol_Border)
    float cell_rounding;
};

const Palette& palette();

// While one lives, palette() is the palette with every colour taken toward the panels' background
// (its own alpha kept): a failed run's last good trace drawn greyed (ui/widgets/stale_dim.hpp).
class DimmedPalette {
  public:
    DimmedPalette();
    ~DimmedPalette();
    DimmedPalette(const DimmedPalette&) = delete;
    DimmedPalette& operator=(const DimmedPalette&) = delete;

  private:
    Palette saved_;
};
// How greyed: how far a colour goes toward the background (0..1), and ImGui's alpha for the
// widgets and text drawn meanwhile.
inline constexpr float kDimTowardBackground = 0.5f;
inline constexpr float kDimAlpha = 0.55f;
// Sets the palette and ImGui's style colours. `theme`: "dark" or "light"; presentation
// overrides both with the high-contrast palette.
void apply_theme(const std::string& theme, bool presentation);

ImU32 with_alpha(ImU32 c, float alpha);  // alpha 0..1 multiplies the colour's own
ImU32 mix(ImU32 a, ImU32 b, float t);    // a at 0, b at 1
ImU32 warp_color(unsigned warp);
ImU32 series_color(unsigned i);
// A baseline's line colour: copy, read-only, cub-*, thrust-*, plain-*.
ImU32 baseline_color(const std::string& algo);
// An instruction's colour in the SASS panel: shared loads as reads, shared stores as writes,
// global accesses as data from global memory, atomics as conflicts, the rest quieter.
ImU32 sass_class_color(SassClass c);
// A pipeline stage's colour by its state: free as an empty cell, being filled as data from
// global memory, full as written, being scanned as read.
ImU32 stage_color(StageState s);
// A readable text colour (black or white) on top of `background`.
ImU32 text_on(ImU32 background);

}  // namespace ws::ui
