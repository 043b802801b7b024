// The shared-memory picture's arrangement.
#include "ui/geometry/shared_grid_layout.hpp"

#include <algorithm>

#include "kernels/trace/trace.hpp"
#include "ui/model/trace/value_text.hpp"

namespace ws::ui {
namespace {

// One grid with a marker above each cell, or registers above and cells below. `labels` leaves
// a row of bank numbers above the cells.
void arrange(const SharedGridInput& in, const Rect& area, float labels, SharedGridLayout& out) {
    GridSpec spec;
    spec.useful_w = in.advance * in.mono_px * float(in.value_chars + 1) + 4;
    spec.zoom = in.zoom;
    spec.pan_x = in.pan_x;
    spec.pan_y = in.pan_y;
    set_min_cell(spec, in.min_px, in.advance, in.min_chars);
    if (!out.split) {
        spec.slots = std::max(in.cells, in.threads);
        spec.fixed_columns = in.columns;
        spec.area = {area.x, area.y + labels, area.w, area.h - labels};
        if (in.arrays > 1 && in.cells % in.arrays == 0) {
            out.arrays = in.arrays;
            out.array_cells = in.cells / in.arrays;
            out.array_label_x = area.x;
            out.array_label_w = in.array_label_w;
            spec.area.x += in.array_label_w;
            spec.area.w -= in.array_label_w;
            if (!in.columns)
                spec.fixed_columns =
                    array_columns(out.array_cells, spec.area.w, spec.min_cell_w, spec.gap);
        }
        out.cells = grid_layout(spec);
        return;
    }
    // The cells get a strip at the bottom; the threads (which zoom and pan) the rest. Each has a
    // caption line above it; where the lines and two readable rows do not fit, the cells'
    // caption goes at their left instead, then the registers' too.
    // A kernel with no shared memory (its registers and atomics are the picture): the
    // registers take the whole area.
    const bool no_cells = in.cells == 0;
    const float caption = in.small_px + 6;
    const float row = spec.min_cell_h + 4;  // one readable row, with its gap
    const bool cells_inline = no_cells || area.h < 2 * caption + 2 * row;
    const bool registers_inline = area.h < caption + 2 * row;
    const float room = area.h - (cells_inline ? 0 : caption) - (registers_inline ? 0 : caption);
    auto indent_for = [&](float text_w) { return std::min(text_w + 8, area.w * 0.4f); };
    // The cells a strip at the bottom (about a third), the registers the rest; each keeps one
    // readable row at least, and scrolls.
    const float cells_h =
        no_cells ? 0.0f
                 : std::clamp(std::min(area.h * 0.35f, row * 1.6f * float((in.cells + 31) / 32)),
                              row, std::max(row, room - row));
    spec.slots = in.threads;
    spec.marker_fraction = 0;
    spec.area = {area.x, area.y + caption, area.w, std::max(row, room - cells_h)};
    out.registers_caption = {area.x, area.y, area.w, caption};
    out.registers_caption_short = registers_inline;
    if (registers_inline) {
        const float indent = indent_for(in.registers_caption_w);
        spec.area = {area.x + indent, area.y, area.w - indent, spec.area.h};
        out.registers_caption = {area.x, area.y, indent - 8, caption};
    }
    // A register box holds its longest count whole (a count is never shortened).
    if (in.register_chars > in.min_chars)
        set_min_cell(spec, in.min_px, in.advance, in.register_chars);
    // A warp per row, so that shuffles arch along it; where 32 readable boxes do not fit the
    // width, half a warp (or a quarter) per row rather than lanes cut off at the right.
    for (std::uint32_t columns = trace::kWarpSize; columns >= 8; columns /= 2) {
        spec.fixed_columns = columns;
        out.threads = grid_layout(spec);
        if (in.zoom > 1.01f || out.threads.content_w <= spec.area.w + 0.5f) break;
    }
    if (no_cells) {
        out.cells = GridLayout{};
        out.cells_caption = Rect{};
        return;
    }
    GridSpec cells;
    cells.slots = in.cells;
    cells.marker_fraction = 0;
    cells.useful_w = spec.useful_w * 1.5f;
    set_min_cell(cells, in.min_px, in.advance, in.min_chars);
    cells.area = {area.x, area.bottom() - cells_h, area.w, cells_h};
    out.cells_caption = {area.x, cells.area.y - caption, in.cells_caption_w, caption};
    if (cells_inline) {
        const float indent = indent_for(in.cells_caption_w);
        cells.area = {area.x + indent, cells.area.y, area.w - indent, cells_h};
        out.cells_caption = {area.x, cells.area.y, indent - 8, caption};
    }
    out.cells = grid_layout(cells);
}

}  // namespace

std::uint32_t array_columns(std::uint32_t per_array, float width, float min_cell_w, float gap) {
    for (std::uint32_t rows = 1; rows < per_array; ++rows) {
        if (per_array % rows) continue;
        const std::uint32_t columns = per_array / rows;
        if (float(columns) * (min_cell_w + gap) <= width) return columns;
    }
    return 1;
}

Rect array_label(const SharedGridLayout& l, std::uint32_t a) {
    const Rect first = l.cells.cell(a * l.array_cells);
    return {l.array_label_x, first.y, l.array_label_w - 4, first.h};
}

std::uint32_t bank_aligned_columns(float width, float min_cell_w, float gap) {
    for (std::uint32_t columns : {trace::kWarpSize, trace::kWarpSize / 2})
        if (float(columns) * (min_cell_w + gap) <= width) return columns;
    return 0;
}

void set_min_cell(GridSpec& spec, float min_px, float advance, std::size_t chars) {
    spec.min_cell_w = float(chars) * min_px * advance + 4.0f;
    spec.min_cell_h = min_px * 1.2f + 2.0f;
}

SharedGridLayout shared_grid_layout(const SharedGridInput& in) {
    SharedGridLayout out;
    out.split = in.threads > in.cells;
    Rect area = in.area;
    if (in.race_line) {  // the same line at every step, so that the grid does not jump
        const float h = in.small_px + 6;
        out.race_line = {area.x, area.y, area.w, h};
        area = {area.x, area.y + h, area.w, area.h - h};
    }
    // Trial arrangements say whether the block scrolls (a strip at the right then shows where
    // the view is) and how many columns there are (whole bank rows: bank numbers over them).
    arrange(in, area, 0, out);
    const GridLayout& scroller = out.split ? out.threads : out.cells;
    out.scrolling = scroller.scrolls() && in.zoom <= 1.01f;
    if (out.scrolling) {
        const float strip_w = std::max(14.0f, 0.05f * area.w);
        area.w -= strip_w + 6;
        arrange(in, area, 0, out);
        const GridLayout& g = out.split ? out.threads : out.cells;
        out.strip = {area.right() + 6, g.area.y, strip_w, g.area.h};
    }
    out.banks = !out.split && out.cells.columns * in.elem_words % trace::kWarpSize == 0 &&
                out.cells.columns >= 8;
    if (out.banks) {
        arrange(in, area, std::max(in.min_px, in.small_px * 0.85f) + 4, out);
        out.labels_y = area.y;
        if (out.scrolling)
            out.strip = {out.strip.x, out.cells.area.y, out.strip.w, out.cells.area.h};
    }
    return out;
}

}  // namespace ws::ui
