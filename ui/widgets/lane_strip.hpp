// A warp as a strip of 32 lanes: lit lanes were active, dim ones live but idle, blank ones not
// launched. A divergent warp (some but not all live lanes active) gets its idle lanes hatched
// and a purple outline, so divergence reads without colour too.
#pragma once
#include <imgui.h>

#include <cstdint>

#include "ui/layout.hpp"
#include "ui/widgets/painter.hpp"

namespace ws::ui {

void draw_lane_strip(Painter& paint, const Rect& r, std::uint32_t active, std::uint32_t live);
bool is_divergent(std::uint32_t active, std::uint32_t live);

}  // namespace ws::ui
