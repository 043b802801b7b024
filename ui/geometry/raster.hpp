// A picture drawn on the processor: rectangles, lines and triangles into RGBA pixels, then shown
// as one textured quad (ui/widgets/painter.hpp). Why: a software OpenGL renderer (llvmpipe,
// what a classroom PC without a GPU and CI have) pays per small primitive, not per pixel of a
// big one — 1024 cells and 512 arrows drawn as triangles cost it ~3x more than one image of the
// same area. Plain data, no ImGui or OpenGL: tested in tests/ui/test_raster.cpp.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "ui/geometry/grid_geometry.hpp"
#include "ui/layout.hpp"

namespace ws::ui {

// Colours packed as ImGui packs them (IM_COL32: red in the low byte, alpha in the high), so
// that the pixels' bytes are R, G, B, A: OpenGL's GL_RGBA / GL_UNSIGNED_BYTE.
using Rgba = std::uint32_t;

class Raster {
  public:
    // Pixel (0, 0) covers the screen's pixel (x0, y0); every pixel starts as `background`.
    // `storage` lends its memory (a picture redrawn every frame need not allocate).
    Raster(int x0, int y0, int width, int height, Rgba background, std::vector<Rgba> storage = {});

    int x0() const { return x0_; }
    int y0() const { return y0_; }
    int width() const { return w_; }
    int height() const { return h_; }
    const std::vector<Rgba>& pixels() const { return px_; }
    std::vector<Rgba> take_pixels() { return std::move(px_); }
    // The pixel at screen coordinates, or 0 outside.
    Rgba at(int x, int y) const;

    // Pixels whose centres lie inside r (screen coordinates), blended by the colour's alpha.
    void fill_rect(const Rect& r, Rgba color);
    // The border of r, `thickness` pixels wide, inside r's outline.
    void outline(const Rect& r, Rgba color, float thickness);
    // The triangle (either winding), anti-aliased.
    void fill_triangle(Point a, Point b, Point c, Rgba color);
    // A line `thickness` pixels wide (at least 1) with round ends, anti-aliased; every pixel
    // blended once.
    void line(Point a, Point b, Rgba color, float thickness);
    // Diagonal lines ("/") across r, one pixel wide, every `spacing` pixels.
    void hatch(const Rect& r, Rgba color, int spacing);
    // Joints are blended twice: meant for opaque colours.
    void polyline(const std::vector<Point>& points, Rgba color, float thickness);

  private:
    void blend(int x, int y, Rgba color);                  // screen coordinates, clipped
    void span(int y, int x_begin, int x_end, Rgba color);  // screen coordinates, [begin, end)

    int x0_, y0_, w_, h_;
    std::vector<Rgba> px_;
};

// Alpha blending of colour over an opaque background (the result is opaque).
Rgba blend_over(Rgba background, Rgba color);

}  // namespace ws::ui
