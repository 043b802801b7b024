// The two painters.
#include "ui/widgets/painter.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "ui/widgets/draw.hpp"
#include "ui/widgets/raster_textures.hpp"

namespace ws::ui {
namespace {

// The painted area: `area` within the clip rectangle, in whole pixels.
Rect clipped_area(const ImDrawList* dl, const Rect& area) {
    const ImVec2 lo = dl->GetClipRectMin(), hi = dl->GetClipRectMax();
    const float x0 = std::floor(std::max(area.x, lo.x));
    const float y0 = std::floor(std::max(area.y, lo.y));
    const float x1 = std::ceil(std::min(area.right(), hi.x));
    const float y1 = std::ceil(std::min(area.bottom(), hi.y));
    return {x0, y0, std::max(x1 - x0, 0.0f), std::max(y1 - y0, 0.0f)};
}

}  // namespace

void VectorPainter::do_rect(const Rect& r, ImU32 color, float rounding) {
    fill_rect(dl_, r, color, rounding);
}
void VectorPainter::do_outline(const Rect& r, ImU32 color, float thickness, float rounding) {
    stroke_rect(dl_, r, color, thickness, rounding);
}
void VectorPainter::do_triangle(Point a, Point b, Point c, ImU32 color) {
    dl_->AddTriangleFilled(iv(a), iv(b), iv(c), color);
}
void VectorPainter::do_line(Point a, Point b, ImU32 color, float thickness) {
    dl_->AddLine(iv(a), iv(b), color, thickness);
}
void VectorPainter::do_hatch(const Rect& r, ImU32 color, float spacing) {
    ws::ui::hatch(dl_, r, color, spacing, 1.0f);
}
void VectorPainter::do_arrow(const ArrowCurve& curve, float t, ImU32 color, float thickness,
                             float head) {
    draw_arrow(dl_, curve, t, color, thickness, head);
}

RasterPainter::RasterPainter(ImDrawList* dl, ImGuiID id, const Rect& area, ImU32 background)
    : id_(id), area_(clipped_area(dl, area)), background_(background) {
    if (!RasterTextures::current()) area_ = {};  // no OpenGL context: nothing can be shown
    if (area_.empty()) return;
    const RasterTextures::Texture& t = RasterTextures::current()->of(id_);
    // Every pixel is opaque: drawn without blending, which a software renderer does in a
    // third of the time (it need not read what lies beneath).
    dl->AddCallback([](const ImDrawList*, const ImDrawCmd*) { glDisable(GL_BLEND); }, nullptr);
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(t.id)), tl(area_),
                 br(area_));
    dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

RasterPainter::~RasterPainter() {
    if (area_.empty()) return;
    RasterTextures& textures = *RasterTextures::current();
    RasterTextures::Texture& t = textures.of(id_);
    ShapeList place;  // the picture's place and background count as much as its shapes
    place.rect(area_, background_);
    const std::uint64_t key = shapes_.hash() ^ (place.hash() * 31);
    if (key == t.key && t.w == int(area_.w) && t.h == int(area_.h)) return;
    Raster raster(int(area_.x), int(area_.y), int(area_.w), int(area_.h), background_,
                  std::move(t.memory));
    shapes_.paint(raster);
    textures.upload(t, raster);
    t.key = key;
}

void RasterPainter::do_rect(const Rect& r, ImU32 color, float) {
    shapes_.rect(r, color);
}
void RasterPainter::do_outline(const Rect& r, ImU32 color, float thickness, float) {
    shapes_.outline(r, color, thickness);
}
void RasterPainter::do_triangle(Point a, Point b, Point c, ImU32 color) {
    shapes_.triangle(a, b, c, color);
}
void RasterPainter::do_line(Point a, Point b, ImU32 color, float thickness) {
    shapes_.line(a, b, color, thickness);
}
void RasterPainter::do_hatch(const Rect& r, ImU32 color, float spacing) {
    shapes_.hatch(r, color, spacing);
}
void RasterPainter::do_arrow(const ArrowCurve& curve, float t, ImU32 color, float thickness,
                             float head) {
    shapes_.arrow(curve, t, color, thickness, head);
}

}  // namespace ws::ui
