// Where the Pipeline panel draws a moment (plain data, tested): a row of stage boxes, one line
// per warp, the bar of bytes in flight, and a strip of the tiles' published states. Boxes are
// as wide as the area allows, but never narrower than their longest word needs; lines are one
// text line each. An area too small for all of it keeps the stages and as many warp lines as fit.
#pragma once
#include <vector>

#include "ui/layout.hpp"

namespace ws::ui {

struct PipelineLayout {
    std::vector<Rect> stages;  // one box a stage, left to right
    std::vector<Rect> warps;   // one line a warp, top to bottom (maybe fewer than asked)
    Rect in_flight;            // the bar of bytes in flight (empty: no room)
    std::vector<Rect> tiles;   // one cell a tile (maybe fewer than asked: the first ones)
    bool fits = false;         // every stage, warp and tile got its place
};

// `area`: the picture's rectangle; `em`: the font size; `stage_chars`: the widest word a stage
// box holds, in characters.
PipelineLayout pipeline_layout(const Rect& area, float em, unsigned stages, unsigned warps,
                               unsigned tiles, unsigned stage_chars);

}  // namespace ws::ui
