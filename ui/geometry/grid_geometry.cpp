// Cell-grid and arrow geometry.
#include "ui/geometry/grid_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace ws::ui {

Rect GridLayout::cell(std::uint32_t i) const {
    const std::uint32_t r = i / columns, c = i % columns;
    return {area.x + c * col_w() - pan_x, area.y + r * row_h() + arc_h + marker_h - pan_y, cell_w,
            cell_h};
}

Rect GridLayout::marker(std::uint32_t i) const {
    const std::uint32_t r = i / columns, c = i % columns;
    return {area.x + c * col_w() - pan_x, area.y + r * row_h() + arc_h - pan_y, cell_w,
            std::max(0.0f, marker_h - gap)};
}

bool GridLayout::visible(const Rect& r) const {
    return r.right() >= area.x && r.x <= area.right() && r.bottom() >= area.y &&
           r.y <= area.bottom();
}

long GridLayout::slot_at(float x, float y) const {
    const float cx = x - area.x + pan_x, cy = y - area.y + pan_y;
    if (cx < 0 || cy < 0 || col_w() <= 0 || row_h() <= 0) return -1;
    const auto c = static_cast<std::uint32_t>(cx / col_w());
    const auto r = static_cast<std::uint32_t>(cy / row_h());
    if (c >= columns || r >= rows) return -1;
    const std::uint64_t i = std::uint64_t(r) * columns + c;
    return i < slots ? static_cast<long>(i) : -1;
}

float GridLayout::max_pan_x() const {
    return std::max(0.0f, content_w - area.w);
}
float GridLayout::max_pan_y() const {
    return std::max(0.0f, content_h - area.h);
}

float GridLayout::pan_y_showing(std::uint32_t i) const {
    const Rect c = cell(i);
    const float top = c.y - marker_h - arc_h, bottom = c.bottom();
    if (top >= area.y && bottom <= area.bottom()) return pan_y;
    const float centred = pan_y + (top + bottom) * 0.5f - (area.y + area.h * 0.5f);
    return std::clamp(centred, 0.0f, max_pan_y());
}

GridLayout grid_layout(const GridSpec& spec) {
    GridLayout g;
    g.slots = spec.slots;
    g.area = spec.area;
    g.gap = spec.gap;
    if (spec.slots == 0 || spec.area.empty()) return g;
    const float mf = std::clamp(spec.marker_fraction, 0.0f, 0.8f);
    const float min_w = std::max(1.0f, spec.min_cell_w), min_h = std::max(1.0f, spec.min_cell_h);
    // Cells look best a little wider than tall; score a column count by the cell's width,
    // limited by the height its rows leave, among the counts whose cells keep their minimum.
    const float aspect = 1.25f;  // width / height of a value box at most
    float best = -1;
    std::uint32_t widest_readable = 1;  // the most columns whose cells keep the minimum width
    for (std::uint32_t cols = 1; spec.fixed_columns == 0; cols *= 2) {
        const std::uint32_t rows = (spec.slots + cols - 1) / cols;
        const float w = spec.area.w / float(cols) - spec.gap;
        const float row = spec.area.h / float(rows);
        const float h = row * (1 - mf) - spec.gap;
        if (w >= min_w) widest_readable = cols;
        const float size = std::min({w, h * aspect, spec.useful_w});
        if (w >= min_w && h >= min_h && size >= best - 1e-3f) {
            best = size;
            g.columns = cols;
        }
        if (cols >= spec.slots) break;
    }
    if (spec.fixed_columns == 0 && best < 0) g.columns = widest_readable;  // it will scroll
    if (spec.fixed_columns) g.columns = std::min(spec.fixed_columns, spec.slots);
    g.rows = (spec.slots + g.columns - 1) / g.columns;
    const float zoom = std::clamp(spec.zoom, 1.0f, 64.0f);
    const float fit_w = std::max(spec.area.w / float(g.columns) - spec.gap, min_w);
    const float fit_row = spec.area.h / float(g.rows);
    const float fit_h = std::max(fit_row * (1 - mf) - spec.gap, min_h);
    // Fill the width; never taller than 0.8 of the width (few cells would look like pillars).
    g.cell_w = std::max(1.0f, fit_w) * zoom;
    g.cell_h = std::max(min_h, std::min(fit_h, 0.8f * fit_w)) * zoom;
    // The marker takes `mf` of the row: row = (cell + gap) / (1 - mf).
    g.marker_h = (g.cell_h + spec.gap) * mf / (1 - mf);
    // Height left over at zoom 1 (cells are capped at 0.8 of their width) spreads the rows
    // apart, up to a cell's height, so arrows between rows have room.
    const float natural = float(g.rows) * (g.marker_h + g.cell_h + spec.gap) / zoom;
    const float spare = (spec.area.h - natural) / float(g.rows);
    g.arc_h = std::clamp(spare, 0.0f, g.cell_h / zoom) * zoom;
    g.content_w = g.columns * g.col_w() - spec.gap;
    g.content_h = g.rows * g.row_h() - spec.gap;
    g.pan_x = std::clamp(spec.pan_x, 0.0f, g.max_pan_x());
    g.pan_y = std::clamp(spec.pan_y, 0.0f, g.max_pan_y());
    return g;
}

Point ArrowCurve::at(float t) const {
    const float u = 1 - t;
    return {u * u * p0.x + 2 * u * t * control.x + t * t * p1.x,
            u * u * p0.y + 2 * u * t * control.y + t * t * p1.y};
}

Point ArrowCurve::tangent(float t) const {
    return {2 * (1 - t) * (control.x - p0.x) + 2 * t * (p1.x - control.x),
            2 * (1 - t) * (control.y - p0.y) + 2 * t * (p1.y - control.y)};
}

ArrowCurve arrow_curve(const Rect& from, const Rect& to, float max_lift) {
    ArrowCurve c;
    const float fx = from.x + from.w * 0.5f, tx = to.x + to.w * 0.5f;
    if (std::fabs(from.y - to.y) < 0.5f) {
        c.p0 = {fx, from.y};
        c.p1 = {tx, to.y};
        const float lift = std::min(max_lift, 0.35f * std::fabs(tx - fx) + 4.0f);
        c.control = {(fx + tx) * 0.5f, from.y - lift};
        return c;
    }
    const bool up = to.y < from.y;
    c.p0 = {fx, up ? from.y : from.bottom()};
    c.p1 = {tx, up ? to.bottom() : to.y};
    const float bow = 0.3f * std::max(from.w, 4.0f);
    c.control = {(c.p0.x + c.p1.x) * 0.5f + bow, (c.p0.y + c.p1.y) * 0.5f};
    return c;
}

Triangle arrow_head(const ArrowCurve& curve, float t, float size) {
    const Point tip = curve.at(t);
    Point d = curve.tangent(t);
    float len = std::sqrt(d.x * d.x + d.y * d.y);
    if (len < 1e-4f) {
        d = {0, 1};
        len = 1;
    }
    d = {d.x / len, d.y / len};
    const Point n{-d.y, d.x};
    const Point base{tip.x - d.x * size, tip.y - d.y * size};
    return {tip,
            {base.x + n.x * size * 0.5f, base.y + n.y * size * 0.5f},
            {base.x - n.x * size * 0.5f, base.y - n.y * size * 0.5f}};
}

ArrowShape arrow_shape(const ArrowCurve& c, float t, float head) {
    t = std::clamp(t, 0.0f, 1.0f);
    const float dx = c.p1.x - c.p0.x, dy = c.p1.y - c.p0.y;
    const int segments = std::clamp(int(std::sqrt(dx * dx + dy * dy) * t / 10.0f), 2, 14);
    ArrowShape s;
    s.head = arrow_head(c, t, head);
    const Point base{(s.head.b.x + s.head.c.x) * 0.5f, (s.head.b.y + s.head.c.y) * 0.5f};
    s.shaft.reserve(std::size_t(segments) + 1);
    for (int i = 0; i < segments; ++i) s.shaft.push_back(c.at(t * float(i) / float(segments)));
    s.shaft.push_back(base);
    return s;
}

}  // namespace ws::ui
