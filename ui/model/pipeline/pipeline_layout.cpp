#include "ui/model/pipeline/pipeline_layout.hpp"

#include <algorithm>

namespace ws::ui {
namespace {

// Everything placed above `bottom` (the area's, or less the fit note's line).
PipelineLayout place(const Rect& area, float bottom, float em, const PipelineContent& c) {
    PipelineLayout out;
    const float gap = 0.5f * em, line = 1.3f * em;
    const float char_w = 0.55f * em;  // an average glyph of the UI font
    // Stages: three lines each (its name, its state, its tile), in as few rows as keep each box
    // wide enough for its words, at most 12 em wide.
    const float box_h = 3 * 1.15f * em + gap;  // three lines, set closer than the text's
    const float min_w = float(c.stage_chars) * char_w + gap;
    unsigned rows = 1;
    float box_w = 0;
    for (; c.stages > 0; ++rows) {
        const unsigned in_row = (c.stages + rows - 1) / rows;
        box_w = (area.w - float(in_row - 1) * gap) / float(in_row);
        if (box_w >= min_w || in_row == 1) break;
    }
    box_w = std::min(box_w, 12.0f * em);
    float y = area.y;
    bool fits = c.stages == 0 || box_w >= min_w;
    const unsigned boxes_a_row = c.stages ? (c.stages + rows - 1) / rows : 1;
    for (unsigned s = 0; s < c.stages; ++s) {
        const Rect box{area.x + float(s % boxes_a_row) * (box_w + gap),
                       y + float(s / boxes_a_row) * (box_h + gap), box_w, box_h};
        if (box.bottom() > bottom + 0.5f) {
            fits = false;
            break;
        }
        out.stages.push_back(box);
    }
    if (c.stages) y += float((c.stages + boxes_a_row - 1) / boxes_a_row) * (box_h + gap);
    // The bar of bytes in flight, its words beside it: the long words, else the short ones,
    // else the long ones below it.
    const float long_w = float(c.label_chars) * char_w + gap;
    const float short_w = float(c.short_label_chars) * char_w + gap;
    const auto bar_for = [&](float label_w) {
        return std::clamp(area.w - label_w - gap, 4 * em, 0.4f * area.w);
    };
    out.short_label = area.w - bar_for(long_w) - gap < long_w && c.short_label_chars &&
                      area.w - bar_for(short_w) - gap >= short_w;
    const float label_w = out.short_label ? short_w : long_w;
    const float bar_w = bar_for(label_w);
    const bool beside = area.w - bar_w - gap >= label_w;
    const float bar_h = beside ? line : 2 * line;
    if (y + bar_h <= bottom) {
        out.in_flight = {area.x, y, beside ? bar_w : area.w, line};
        out.in_flight_label = beside ? Rect{area.x + bar_w + gap, y, area.w - bar_w - gap, line}
                                     : Rect{area.x, y + line, area.w, line};
        y += bar_h + gap;
    } else {
        fits = false;
    }
    // The tiles' strip after its caption: cells of at least 3 characters, in rows as the
    // width allows.
    const float caption_w = float(c.tiles_caption_chars) * char_w;
    const float strip_x = area.x + caption_w + gap, strip_w = area.w - caption_w - gap;
    const float tile_w = std::max(3.5f * char_w, 2.2f * em);
    const unsigned per_row = std::max(1u, unsigned((strip_w + gap) / (tile_w + gap)));
    const unsigned tile_rows = c.tiles ? (c.tiles + per_row - 1) / per_row : 0;
    const float strip_h = float(std::min(tile_rows, 2u)) * (line + gap);
    // Warp lines: in as many columns as the width holds, down each column, in what is left
    // above the strip.
    const float col_w = float(c.warp_chars) * char_w + 2 * gap;
    const unsigned cols = std::clamp(unsigned((area.w + gap) / std::max(col_w, 1.0f)), 1u,
                                     std::max(1u, c.warp_lines));
    const unsigned per_col = (c.warp_lines + cols - 1) / cols;
    const unsigned fit_rows =
        std::min(per_col, unsigned(std::max(0.0f, bottom - y - strip_h) / line));
    const float shown_col_w = cols > 1 ? (area.w - float(cols - 1) * gap) / float(cols) : area.w;
    // The first lines, down each column of fit_rows.
    for (unsigned i = 0; fit_rows && i < std::min(c.warp_lines, fit_rows * cols); ++i)
        out.warps.push_back({area.x + float(i / fit_rows) * (shown_col_w + gap),
                             y + float(i % fit_rows) * line, shown_col_w, line});
    if (out.warps.size() < c.warp_lines) fits = false;
    y += float(fit_rows) * line + gap;
    if (c.tiles && y + line <= bottom + 0.5f) {
        out.tiles_caption = {area.x, y, caption_w, line};
        const float after = strip_x + float(std::min(c.tiles, per_row)) * (tile_w + gap);
        const float legend_w = float(c.tiles_legend_chars) * char_w;
        if (c.tiles_legend_chars && area.right() - after >= legend_w)
            out.tiles_legend = {after, y, area.right() - after, line};
    }
    for (unsigned t = 0; t < c.tiles; ++t) {
        const unsigned row = t / per_row, col = t % per_row;
        const Rect cell{strip_x + float(col) * (tile_w + gap), y + float(row) * (line + gap),
                        tile_w, line};
        if (cell.bottom() > bottom + 0.5f) {
            fits = false;
            break;
        }
        out.tiles.push_back(cell);
    }
    out.fits = fits;
    return out;
}

}  // namespace

PipelineLayout pipeline_layout(const Rect& area, float em, const PipelineContent& content) {
    PipelineLayout l = place(area, area.bottom(), em, content);
    if (l.fits) return l;
    // Not all of it: keep the bottom line for the note that says so.
    const float line = 1.3f * em;
    l = place(area, area.bottom() - line, em, content);
    l.fits = false;
    l.fit_note = {area.x, area.bottom() - line, area.w, line};
    return l;
}

}  // namespace ws::ui
