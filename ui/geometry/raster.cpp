// Rasterising rectangles, lines and triangles into RGBA pixels, by pixel centres (the rule
// OpenGL uses), so that an image and vector drawing of the same shapes land on the same pixels.
#include "ui/geometry/raster.hpp"

#include <algorithm>
#include <cmath>

namespace ws::ui {
namespace {

int pixel_begin(float edge) {  // the first pixel whose centre is at or after edge
    return int(std::ceil(edge - 0.5f));
}

}  // namespace

Rgba blend_over(Rgba background, Rgba color) {
    const std::uint32_t a = color >> 24;
    if (a == 255) return color;
    if (a == 0) return background | 0xff000000u;
    Rgba out = 0xff000000u;
    for (int shift = 0; shift < 24; shift += 8) {
        const std::uint32_t s = (color >> shift) & 0xffu, d = (background >> shift) & 0xffu;
        const std::uint32_t v = s * a + d * (255 - a) + 128;  // exact v / 255, rounded:
        out |= ((v + (v >> 8)) >> 8) << shift;
    }
    return out;
}

Raster::Raster(int x0, int y0, int width, int height, Rgba background, std::vector<Rgba> storage)
    : x0_(x0), y0_(y0), w_(std::max(width, 0)), h_(std::max(height, 0)), px_(std::move(storage)) {
    px_.assign(std::size_t(w_) * std::size_t(h_), background | 0xff000000u);
}

Rgba Raster::at(int x, int y) const {
    x -= x0_, y -= y0_;
    if (x < 0 || y < 0 || x >= w_ || y >= h_) return 0;
    return px_[std::size_t(y) * std::size_t(w_) + std::size_t(x)];
}

void Raster::blend(int x, int y, Rgba color) {
    x -= x0_, y -= y0_;
    if (x < 0 || y < 0 || x >= w_ || y >= h_) return;
    Rgba& p = px_[std::size_t(y) * std::size_t(w_) + std::size_t(x)];
    p = blend_over(p, color);
}

void Raster::span(int y, int x_begin, int x_end, Rgba color) {
    y -= y0_;
    if (y < 0 || y >= h_) return;
    x_begin = std::max(x_begin - x0_, 0);
    x_end = std::min(x_end - x0_, w_);
    if (x_end <= x_begin) return;
    Rgba* row = px_.data() + std::size_t(y) * std::size_t(w_);
    if ((color >> 24) == 255) {
        std::fill(row + x_begin, row + x_end, color);
        return;
    }
    for (int x = x_begin; x < x_end; ++x) row[x] = blend_over(row[x], color);
}

void Raster::fill_rect(const Rect& r, Rgba color) {
    if (r.empty()) return;
    const int xb = pixel_begin(r.x), xe = pixel_begin(r.right());
    const int yb = pixel_begin(r.y), ye = pixel_begin(r.bottom());
    for (int y = std::max(yb, y0_); y < std::min(ye, y0_ + h_); ++y) span(y, xb, xe, color);
}

void Raster::outline(const Rect& r, Rgba color, float thickness) {
    const float t = std::min({std::max(1.0f, std::round(thickness)), r.w * 0.5f, r.h * 0.5f});
    if (t <= 0) return;
    fill_rect({r.x, r.y, r.w, t}, color);
    fill_rect({r.x, r.bottom() - t, r.w, t}, color);
    fill_rect({r.x, r.y + t, t, r.h - 2 * t}, color);
    fill_rect({r.right() - t, r.y + t, t, r.h - 2 * t}, color);
}

namespace {

Rgba with_coverage(Rgba color, float coverage) {
    const auto a = std::uint32_t(float(color >> 24) * coverage + 0.5f);
    return (color & 0x00ffffffu) | (std::min(a, 255u) << 24);
}

// Squared distance from p to the segment ab (len2: its squared length).
float distance2_to_segment(Point p, Point a, float dx, float dy, float len2) {
    float u = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0.0f;
    u = std::clamp(u, 0.0f, 1.0f);
    const float ex = a.x + dx * u - p.x, ey = a.y + dy * u - p.y;
    return ex * ex + ey * ey;
}

}  // namespace

void Raster::fill_triangle(Point a, Point b, Point c, Rgba color) {
    const float area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    if (std::fabs(area) < 1e-6f) return;
    if (area < 0) std::swap(b, c);
    // Anti-aliased: a pixel is covered by how far its centre lies inside the nearest edge,
    // over one pixel's width.
    struct Edge {
        Point p;
        float nx, ny;  // inward unit normal
    };
    auto edge = [](Point p, Point q) {
        const float dx = q.x - p.x, dy = q.y - p.y, len = std::sqrt(dx * dx + dy * dy);
        return Edge{p, -dy / len, dx / len};
    };
    const Edge edges[3] = {edge(a, b), edge(b, c), edge(c, a)};
    const int xb = std::max(pixel_begin(std::min({a.x, b.x, c.x}) - 0.5f), x0_);
    const int xe = std::min(pixel_begin(std::max({a.x, b.x, c.x}) + 0.5f) + 1, x0_ + w_);
    const int yb = std::max(pixel_begin(std::min({a.y, b.y, c.y}) - 0.5f), y0_);
    const int ye = std::min(pixel_begin(std::max({a.y, b.y, c.y}) + 0.5f) + 1, y0_ + h_);
    for (int y = yb; y < ye; ++y)
        for (int x = xb; x < xe; ++x) {
            const float px = float(x) + 0.5f, py = float(y) + 0.5f;
            float inside = 1e9f;
            for (const Edge& e : edges)
                inside = std::min(inside, (px - e.p.x) * e.nx + (py - e.p.y) * e.ny);
            const float coverage = std::clamp(inside + 0.5f, 0.0f, 1.0f);
            if (coverage > 0) blend(x, y, with_coverage(color, coverage));
        }
}

void Raster::line(Point a, Point b, Rgba color, float thickness) {
    // Anti-aliased: a pixel is covered by how far its centre lies within half the width of
    // the segment (round ends). Walks the major axis, and across it only the pixels that can
    // be reached, so that each pixel is blended once.
    const float half = std::max(1.0f, thickness) * 0.5f, reach = half + 0.5f;
    const bool x_major = std::fabs(b.x - a.x) >= std::fabs(b.y - a.y);
    const float a_major = x_major ? a.x : a.y, b_major = x_major ? b.x : b.y;
    const float a_minor = x_major ? a.y : a.x, b_minor = x_major ? b.y : b.x;
    const float d_major = b_major - a_major, d_minor = b_minor - a_minor;
    const float len = std::sqrt(d_major * d_major + d_minor * d_minor);
    const float across = reach * (std::fabs(d_major) > 1e-3f ? len / std::fabs(d_major) : 1.0f);
    const int m_begin = int(std::floor(std::min(a_major, b_major) - reach));
    const int m_end = int(std::ceil(std::max(a_major, b_major) + reach));
    const float dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
    const float far2 = (half + 0.5f) * (half + 0.5f);
    for (int m = m_begin; m < m_end; ++m) {
        const float centre = float(m) + 0.5f;
        const float u = std::fabs(d_major) > 1e-3f
                            ? std::clamp((centre - a_major) / d_major, 0.0f, 1.0f)
                            : 0.0f;
        const float minor = a_minor + d_minor * u;
        const int n_begin = int(std::floor(minor - across));
        const int n_end = int(std::ceil(minor + across));
        for (int n = n_begin; n < n_end; ++n) {
            const int x = x_major ? m : n, y = x_major ? n : m;
            const float d2 =
                distance2_to_segment({float(x) + 0.5f, float(y) + 0.5f}, a, dx, dy, len2);
            if (d2 >= far2) continue;
            const float coverage = std::min(half + 0.5f - std::sqrt(d2), 1.0f);
            blend(x, y, with_coverage(color, coverage));
        }
    }
}

void Raster::hatch(const Rect& r, Rgba color, int spacing) {
    spacing = std::max(spacing, 2);
    const int xb = std::max(pixel_begin(r.x), x0_), xe = std::min(pixel_begin(r.right()), x0_ + w_);
    const int yb = std::max(pixel_begin(r.y), y0_),
              ye = std::min(pixel_begin(r.bottom()), y0_ + h_);
    for (int y = yb; y < ye; ++y)
        for (int x = xb; x < xe; ++x)
            if (((x + y) % spacing + spacing) % spacing == 0) blend(x, y, color);
}

void Raster::polyline(const std::vector<Point>& points, Rgba color, float thickness) {
    for (std::size_t i = 1; i < points.size(); ++i)
        line(points[i - 1], points[i], color, thickness);
}

}  // namespace ws::ui
