// Where the Pipeline panel draws a moment (plain data, tested): a row of stage boxes, the bar of
// bytes in flight with its words beside it, the warp lines (in columns when the width holds
// them), and a strip of the tiles' published states. Boxes are as wide as the area allows, but
// never narrower than their longest word needs; lines are one text line each. An area too small
// for all of it keeps the stages and as many warp lines as fit, and a line at the bottom of its
// own to say what is left out.
#pragma once
#include <vector>

#include "ui/layout.hpp"

namespace ws::ui {

// What the picture holds, in counts and characters.
struct PipelineContent {
    unsigned stages = 0, warp_lines = 0, tiles = 0;
    unsigned stage_chars = 8;          // the widest word a stage box holds
    unsigned warp_chars = 0;           // the longest warp line
    unsigned label_chars = 0;          // the in-flight bar's words
    unsigned short_label_chars = 0;    // ... said shortly, for a narrow picture
    unsigned tiles_caption_chars = 6;  // "tiles:" before the strip
    unsigned tiles_legend_chars = 0;   // the strip's colours in words, after its first row
};

struct PipelineLayout {
    std::vector<Rect> stages;  // one box a stage, left to right
    Rect in_flight;            // the bar of bytes in flight (empty: no room)
    Rect in_flight_label;      // its words: beside the bar, or below it when the width is short
    bool short_label = false;  // the short words (they fit beside the bar, the long do not)
    std::vector<Rect> warps;   // one a warp line, down each column (maybe fewer than asked)
    Rect tiles_caption;        // "tiles:", left of the strip's first row
    std::vector<Rect> tiles;   // one cell a tile (maybe fewer than asked: the first ones)
    Rect tiles_legend;         // right of the strip's first row (empty: no room)
    Rect fit_note;             // when !fits: the line that says what is left out
    bool fits = false;         // every stage, warp line and tile got its place
};

// `area`: the picture's rectangle; `em`: the font size.
PipelineLayout pipeline_layout(const Rect& area, float em, const PipelineContent& content);

}  // namespace ws::ui
