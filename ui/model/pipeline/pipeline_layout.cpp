#include "ui/model/pipeline/pipeline_layout.hpp"

#include <algorithm>

namespace ws::ui {

PipelineLayout pipeline_layout(const Rect& area, float em, unsigned stages, unsigned warps,
                               unsigned tiles, unsigned stage_chars) {
    PipelineLayout out;
    const float gap = 0.5f * em, line = 1.3f * em;
    const float char_w = 0.55f * em;  // an average glyph of the UI font
    // Stages: three lines each (its name, its state, its tile), in as few rows as keep each box
    // wide enough for its words, at most 12 em wide.
    const float box_h = 3 * line + gap;
    const float min_w = float(stage_chars) * char_w + gap;
    unsigned rows = 1;
    float box_w = 0;
    for (; stages > 0; ++rows) {
        const unsigned in_row = (stages + rows - 1) / rows;
        box_w = (area.w - float(in_row - 1) * gap) / float(in_row);
        if (box_w >= min_w || in_row == 1) break;
    }
    box_w = std::min(box_w, 12.0f * em);
    float y = area.y;
    bool fits = stages == 0 || box_w >= min_w;
    const unsigned boxes_a_row = stages ? (stages + rows - 1) / rows : 1;
    for (unsigned s = 0; s < stages; ++s)
        out.stages.push_back({area.x + float(s % boxes_a_row) * (box_w + gap),
                              y + float(s / boxes_a_row) * (box_h + gap), box_w, box_h});
    if (stages) y += float((stages + boxes_a_row - 1) / boxes_a_row) * (box_h + gap);
    // The bar of bytes in flight.
    if (y + line <= area.bottom()) {
        out.in_flight = {area.x, y, area.w, line};
        y += line + gap;
    } else {
        fits = false;
    }
    // The tiles' strip: cells of at least 3 characters, in rows as the width allows.
    const float tile_w = std::max(3.5f * char_w, 2.2f * em);
    const unsigned per_row = std::max(1u, unsigned((area.w + gap) / (tile_w + gap)));
    const unsigned tile_rows = tiles ? (tiles + per_row - 1) / per_row : 0;
    const float strip_h = float(std::min(tile_rows, 2u)) * (line + gap);
    // Warps: a line each, in what is left above the strip.
    const float warp_room = area.bottom() - y - strip_h;
    const unsigned warp_lines = std::min(warps, unsigned(std::max(0.0f, warp_room) / line));
    for (unsigned w = 0; w < warp_lines; ++w)
        out.warps.push_back({area.x, y + float(w) * line, area.w, line});
    if (warp_lines < warps) fits = false;
    y += float(warp_lines) * line + gap;
    for (unsigned t = 0; t < tiles; ++t) {
        const unsigned row = t / per_row, col = t % per_row;
        const Rect cell{area.x + float(col) * (tile_w + gap), y + float(row) * (line + gap), tile_w,
                        line};
        if (cell.bottom() > area.bottom() + 0.5f) {
            fits = false;
            break;
        }
        out.tiles.push_back(cell);
    }
    out.fits = fits;
    return out;
}

}  // namespace ws::ui
