// Recording, hashing and replaying shapes.
#include "ui/geometry/shape_list.hpp"

#include <cmath>
#include <cstring>

namespace ws::ui {

void ShapeList::rect(const Rect& r, Rgba color) {
    shapes_.push_back({Kind::Rect, color, {r.x, r.y, r.w, r.h}});
}
void ShapeList::outline(const Rect& r, Rgba color, float thickness) {
    shapes_.push_back({Kind::Outline, color, {r.x, r.y, r.w, r.h, thickness}});
}
void ShapeList::triangle(Point a, Point b, Point c, Rgba color) {
    shapes_.push_back({Kind::Triangle, color, {a.x, a.y, b.x, b.y, c.x, c.y}});
}
void ShapeList::line(Point a, Point b, Rgba color, float thickness) {
    shapes_.push_back({Kind::Line, color, {a.x, a.y, b.x, b.y, thickness}});
}
void ShapeList::hatch(const Rect& r, Rgba color, float spacing) {
    shapes_.push_back({Kind::Hatch, color, {r.x, r.y, r.w, r.h, spacing}});
}
void ShapeList::arrow(const ArrowCurve& c, float t, Rgba color, float thickness, float head) {
    shapes_.push_back(
        {Kind::Arrow,
         color,
         {c.p0.x, c.p0.y, c.control.x, c.control.y, c.p1.x, c.p1.y, t, thickness, head}});
}

std::uint64_t ShapeList::hash() const {
    static_assert(sizeof(Shape) == 11 * 4, "Shape must have no padding");
    std::uint64_t h = 1469598103934665603ull;
    const auto* bytes = reinterpret_cast<const unsigned char*>(shapes_.data());
    for (std::size_t i = 0; i < shapes_.size() * sizeof(Shape); ++i) {
        h ^= bytes[i];
        h *= 1099511628211ull;
    }
    return h;
}

void ShapeList::paint(Raster& r) const {
    for (const Shape& s : shapes_) {
        const float* v = s.v;
        switch (s.kind) {
            case Kind::Rect:
                r.fill_rect({v[0], v[1], v[2], v[3]}, s.color);
                break;
            case Kind::Outline:
                r.outline({v[0], v[1], v[2], v[3]}, s.color, v[4]);
                break;
            case Kind::Triangle:
                r.fill_triangle({v[0], v[1]}, {v[2], v[3]}, {v[4], v[5]}, s.color);
                break;
            case Kind::Line:
                r.line({v[0], v[1]}, {v[2], v[3]}, s.color, v[4]);
                break;
            case Kind::Hatch:
                r.hatch({v[0], v[1], v[2], v[3]}, s.color, int(std::lround(v[4])));
                break;
            case Kind::Arrow: {
                if (v[6] <= 0) break;
                const ArrowShape a =
                    arrow_shape({{v[0], v[1]}, {v[2], v[3]}, {v[4], v[5]}}, v[6], v[8]);
                r.polyline(a.shaft, s.color, v[7]);
                r.fill_triangle(a.head.a, a.head.b, a.head.c, s.color);
                break;
            }
        }
    }
}

}  // namespace ws::ui
