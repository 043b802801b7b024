// Shapes recorded for a Raster, and a hash of them: a picture whose shapes (and place) are the
// same as last frame's need not be drawn or uploaded again. Plain data, no ImGui or OpenGL:
// tested in tests/ui/test_raster.cpp.
#pragma once
#include <cstdint>
#include <vector>

#include "ui/geometry/grid_geometry.hpp"
#include "ui/geometry/raster.hpp"
#include "ui/layout.hpp"

namespace ws::ui {

class ShapeList {
  public:
    void rect(const Rect& r, Rgba color);
    void outline(const Rect& r, Rgba color, float thickness);
    void triangle(Point a, Point b, Point c, Rgba color);
    void line(Point a, Point b, Rgba color, float thickness);
    void hatch(const Rect& r, Rgba color, float spacing);
    void arrow(const ArrowCurve& curve, float t, Rgba color, float thickness, float head);

    std::size_t size() const { return shapes_.size(); }
    // FNV-1a over every shape's kind, coordinates and colour, in order.
    std::uint64_t hash() const;
    // Draws the shapes, in the order recorded.
    void paint(Raster& r) const;

  private:
    enum class Kind : std::uint32_t { Rect, Outline, Triangle, Line, Hatch, Arrow };
    // Only 4-byte members: no padding, so that hashing the bytes is hashing the values.
    struct Shape {
        Kind kind;
        Rgba color;
        float v[9];  // per kind: a rectangle, points, a curve; then thickness, spacing, t, head
    };
    std::vector<Shape> shapes_;
};

}  // namespace ws::ui
