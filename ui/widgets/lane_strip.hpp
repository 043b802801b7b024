// A warp as a strip of 32 lanes, coloured by the path each lane took in the step: the first
// path in the source lit, the second and third in their own colours, idle lanes dim, lanes not
// launched blank. A divergent warp (an instruction ran with some of its lanes) gets its idle
// lanes hatched and an outline, so divergence reads without colour too. Lanes named in
// `highlight` (an access-step's threads) are marked with a bar under them. A lane busy in only
// part of its warp's issue slots (it left a loop early) is drawn busy for that share of its
// height and idle, hatched, for the rest.
#pragma once
#include <imgui.h>

#include <cstdint>
#include <vector>

#include "ui/layout.hpp"
#include "ui/widgets/painter.hpp"

namespace ws::ui {

struct LaneStrip {
    std::uint32_t live = 0;            // launched lanes
    std::vector<std::uint32_t> paths;  // the lanes of each path, in source order
    bool divergent = false;
    std::uint32_t highlight = 0;  // lanes to mark (an access-step's)
    std::vector<float> busy;      // per lane: the share of its warp's slots it used (empty: all)
};
inline constexpr int kPathColours = 3;  // paths past the third share the third's colour

void draw_lane_strip(Painter& paint, const Rect& r, const LaneStrip& lanes);
// The strip of a warp whose active lanes all took one path.
void draw_lane_strip(Painter& paint, const Rect& r, std::uint32_t active, std::uint32_t live);
bool is_divergent(std::uint32_t active, std::uint32_t live);

}  // namespace ws::ui
