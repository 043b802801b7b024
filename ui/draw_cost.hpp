// What a frame asks of the rasteriser, from ImGui's draw data: triangles, and the pixels they
// cover (overdraw counted: a pixel under three triangles counts three times), per window. For
// `--bench-frames`, to see where a software renderer's time goes.
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

namespace ws::ui {

struct WindowCost {
    std::string name;
    double pixels = 0;  // covered, clipped to the command's clip rectangle
    double shaded = 0;  // estimated pixels a 4x4-block rasteriser shades (partial blocks too)
    int triangles = 0;
    int commands = 0;  // draw calls (one per clip rectangle or texture change)
};

struct DrawCost {
    double pixels = 0, shaded = 0;
    int triangles = 0;
    int commands = 0;
    std::vector<WindowCost> windows;  // the most pixels first
};

DrawCost draw_cost(const ImDrawData* dd);

}  // namespace ws::ui
