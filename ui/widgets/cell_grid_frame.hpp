// The cell grid's per-frame state and its drawing pieces (cell_grid_draw.cpp), shared by the
// widget's entry point (cell_grid.cpp). Internal to the widget.
#pragma once
#include <imgui.h>

#include "ui/geometry/grid_geometry.hpp"
#include "ui/model/trace/trace_view.hpp"
#include "ui/widgets/painter.hpp"

namespace ws::ui::grid {

struct Frame {
    const TraceView& v;
    const StepView& step;
    const StepView& from;
    float t;             // eased transition, 0..1
    GridLayout g;        // cells (and, unified, thread markers)
    GridLayout threads;  // split: the threads' own grid (registers)
    bool split;
    float min_px;    // the smallest readable value size
    float advance;   // the mono font's glyph width per pixel of size
    ImDrawList* dl;  // text
    Painter* paint;  // shapes
};

bool thread_active(const StepView& s, std::uint32_t thread);
ImU32 cell_fill(const Frame& f, std::uint32_t c);
ImU32 thread_fill(const Frame& f, std::uint32_t t);  // a register box
void draw_marker(const Frame& f, std::uint32_t slot);
void draw_marker_runs(const Frame& f);
void draw_thread_box(const Frame& f, std::uint32_t t);
void draw_cell(const Frame& f, std::uint32_t c);
void draw_arrows(const Frame& f);
// Bank numbers over the columns, when a row of cells is a whole number of bank rows.
void draw_bank_labels(const Frame& f, float y);
// Each race completed in this step: an arrow from the thread that went first to the one that
// went second, and in `line` who did what ("race on s[16]: 0 read, then 16 wrote").
void draw_races(const Frame& f, const Rect& line);
void tooltip(const Frame& f, long cell, long thread);

}  // namespace ws::ui::grid
