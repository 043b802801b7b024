// Where a picture's shapes go. VectorPainter: straight into ImGui's draw list (anti-aliased,
// rounded corners), right for a few hundred shapes. RasterPainter: into a Raster shown as one
// texture, right for thousands of small ones (a block of 1024 cells with 512 arrows), which a
// software OpenGL renderer draws several times faster as one image. Text is not a shape: it
// always goes to the draw list, over the picture.
#pragma once
#include <imgui.h>

#include "ui/geometry/grid_geometry.hpp"
#include "ui/geometry/raster.hpp"
#include "ui/geometry/shape_list.hpp"
#include "ui/layout.hpp"

namespace ws::ui {

class Painter {
  public:
    virtual ~Painter() = default;
    void rect(const Rect& r, ImU32 color, float rounding = 0) { do_rect(r, color, rounding); }
    void outline(const Rect& r, ImU32 color, float thickness, float rounding = 0) {
        do_outline(r, color, thickness, rounding);
    }
    void triangle(Point a, Point b, Point c, ImU32 color) { do_triangle(a, b, c, color); }
    void line(Point a, Point b, ImU32 color, float thickness) { do_line(a, b, color, thickness); }
    // Diagonal lines across r, a pattern (divergence is not told by colour alone).
    void hatch(const Rect& r, ImU32 color, float spacing) { do_hatch(r, color, spacing); }
    // The first `t` (0..1) of a curved arrow, with its head.
    void arrow(const ArrowCurve& curve, float t, ImU32 color, float thickness, float head) {
        do_arrow(curve, t, color, thickness, head);
    }

  private:
    virtual void do_rect(const Rect& r, ImU32 color, float rounding) = 0;
    virtual void do_outline(const Rect& r, ImU32 color, float thickness, float rounding) = 0;
    virtual void do_triangle(Point a, Point b, Point c, ImU32 color) = 0;
    virtual void do_line(Point a, Point b, ImU32 color, float thickness) = 0;
    virtual void do_hatch(const Rect& r, ImU32 color, float spacing) = 0;
    virtual void do_arrow(const ArrowCurve& curve, float t, ImU32 color, float thickness,
                          float head) = 0;
};

class VectorPainter final : public Painter {
  public:
    explicit VectorPainter(ImDrawList* dl) : dl_(dl) {}

  private:
    void do_rect(const Rect& r, ImU32 color, float rounding) override;
    void do_outline(const Rect& r, ImU32 color, float thickness, float rounding) override;
    void do_triangle(Point a, Point b, Point c, ImU32 color) override;
    void do_line(Point a, Point b, ImU32 color, float thickness) override;
    void do_hatch(const Rect& r, ImU32 color, float spacing) override;
    void do_arrow(const ArrowCurve& curve, float t, ImU32 color, float thickness,
                  float head) override;
    ImDrawList* dl_;
};

// Paints `area` (clipped to the draw list's clip rectangle, whole pixels) on a `background`
// of the given colour. The image is placed in the draw list at construction, so everything
// drawn there afterwards (text) lies over it. The shapes are recorded and, when the painter
// goes, drawn and uploaded to the texture kept for `id` (ui/widgets/raster_textures.hpp) — unless
// they, the place and the background are those of the texture's last picture. Rounded corners
// are drawn square. With no window open it paints nothing.
class RasterPainter final : public Painter {
  public:
    RasterPainter(ImDrawList* dl, ImGuiID id, const Rect& area, ImU32 background);
    ~RasterPainter() override;
    RasterPainter(const RasterPainter&) = delete;
    RasterPainter& operator=(const RasterPainter&) = delete;

  private:
    void do_rect(const Rect& r, ImU32 color, float rounding) override;
    void do_outline(const Rect& r, ImU32 color, float thickness, float rounding) override;
    void do_triangle(Point a, Point b, Point c, ImU32 color) override;
    void do_line(Point a, Point b, ImU32 color, float thickness) override;
    void do_hatch(const Rect& r, ImU32 color, float spacing) override;
    void do_arrow(const ArrowCurve& curve, float t, ImU32 color, float thickness,
                  float head) override;
    ImGuiID id_;
    Rect area_;  // whole pixels
    ImU32 background_;
    ShapeList shapes_;  // drawn when the painter goes, if they differ from last frame's
};

}  // namespace ws::ui
