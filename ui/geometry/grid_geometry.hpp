// Geometry of the shared-memory picture as plain data: where each cell and the thread marker
// above it go, for a cell count, an area, a zoom and a pan; and the curve of an arrow from a
// cell read to the cell written. No ImGui: tested in tests/ui/test_grid_geometry.cpp.
#pragma once
#include <cstdint>
#include <vector>

#include "ui/layout.hpp"

namespace ws::ui {

struct Point {
    float x = 0, y = 0;
};

struct GridSpec {
    std::uint32_t slots = 0;        // cells (or threads, whichever is more)
    Rect area;                      // where the grid is drawn
    float zoom = 1.0f;              // 1: everything fits; larger: cells grow, the grid pans
    float pan_x = 0, pan_y = 0;     // content offset in pixels (clamped by grid_layout)
    float marker_fraction = 0.28f;  // share of a row's height for the thread marker
    float gap = 2.0f;               // pixels between cells
    // Cells wider than this show nothing more (the widest value's text): a wider grid with
    // fewer rows is preferred then, so that folds read along a row.
    float useful_w = 1e9f;
    std::uint32_t fixed_columns = 0;  // 0: choose; else exactly this many (a warp per row: 32)
    // The smallest cell that still shows a readable value (value_text.hpp): cells never get
    // smaller; where the slots do not fit the area at that size the content is taller (or, with
    // fixed columns, wider) than the area, and the grid scrolls.
    float min_cell_w = 1.0f, min_cell_h = 1.0f;
};

struct GridLayout {
    std::uint32_t slots = 0, columns = 1, rows = 0;
    float cell_w = 0, cell_h = 0, marker_h = 0, gap = 0;
    float arc_h = 0;  // free space above each row's markers, where arrows between rows run
    float pan_x = 0, pan_y = 0;  // after clamping
    float content_w = 0, content_h = 0;
    Rect area;

    float row_h() const { return arc_h + marker_h + cell_h + gap; }
    float col_w() const { return cell_w + gap; }
    Rect cell(std::uint32_t i) const;    // the value box of slot i
    Rect marker(std::uint32_t i) const;  // the thread marker above it
    bool visible(const Rect& r) const;   // intersects the area
    // The slot under a point, or -1.
    long slot_at(float x, float y) const;
    // The largest pan (content beyond the area), per axis.
    float max_pan_x() const;
    float max_pan_y() const;
    bool scrolls() const { return max_pan_x() > 0.5f || max_pan_y() > 0.5f; }
    // The pan that brings slot i into view (unchanged if it is visible), centred vertically.
    float pan_y_showing(std::uint32_t i) const;
};

// Chooses a power-of-two column count that makes cells as large as possible (up to useful_w,
// then the most columns) while every slot fits at zoom 1 and no cell is under its minimum;
// when that is impossible, the most columns whose cells keep the minimum width (the content
// then scrolls). Applies zoom and clamps the pan.
GridLayout grid_layout(const GridSpec& spec);

// A quadratic Bezier from the cell read to the cell written. Along one row it runs from top
// to top, bowing upwards by up to `max_lift` so it arches over the row; to a row above it ends
// at the written cell's bottom, to a row below at its top, bowing a little sideways so that it
// is not mistaken for a cell border.
struct ArrowCurve {
    Point p0, control, p1;
    Point at(float t) const;       // point at parameter t in [0, 1]
    Point tangent(float t) const;  // derivative at t (not normalised)
};
ArrowCurve arrow_curve(const Rect& from, const Rect& to, float max_lift);

// The arrowhead's three corners at the curve's point t, pointing along the curve.
struct Triangle {
    Point a, b, c;
};
Triangle arrow_head(const ArrowCurve& curve, float t, float size);

// What is drawn of the first `t` (0..1) of an arrow: the shaft as a polyline with as many
// segments as its length needs (2 to 14), stopping where the head begins, and the head.
struct ArrowShape {
    std::vector<Point> shaft;
    Triangle head;
};
ArrowShape arrow_shape(const ArrowCurve& curve, float t, float head);

}  // namespace ws::ui
