// The two painters, and the textures that carry raster pictures to OpenGL.
#include "ui/widgets/painter.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ui/widgets/draw.hpp"

namespace ws::ui {
namespace {

struct RasterTexture {
    GLuint id = 0;
    int w = 0, h = 0;
    std::uint64_t key = 0;     // what the texture shows: its shapes, place and background
    std::vector<Rgba> memory;  // the last picture's pixels, reused for the next
};

std::unordered_map<ImGuiID, RasterTexture>& textures() {
    static std::unordered_map<ImGuiID, RasterTexture> t;
    return t;
}

RasterTexture& texture_for(ImGuiID id) {
    RasterTexture& t = textures()[id];
    if (!t.id) {
        GLint bound = 0;
        glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
        glGenTextures(1, &t.id);
        glBindTexture(GL_TEXTURE_2D, t.id);
        // One texel per screen pixel: nearest keeps edges crisp.
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        glBindTexture(GL_TEXTURE_2D, GLuint(bound));
    }
    return t;
}

void upload(RasterTexture& t, Raster& r) {
    GLint bound = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
    glBindTexture(GL_TEXTURE_2D, t.id);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    if (t.w != r.width() || t.h != r.height())
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, r.width(), r.height(), 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, r.pixels().data());
    else
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, r.width(), r.height(), GL_RGBA, GL_UNSIGNED_BYTE,
                        r.pixels().data());
    glBindTexture(GL_TEXTURE_2D, GLuint(bound));
    t.w = r.width(), t.h = r.height();
    t.memory = r.take_pixels();
}

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
    if (area_.empty()) return;
    const RasterTexture& t = texture_for(id_);
    // Every pixel is opaque: drawn without blending, which a software renderer does in a
    // third of the time (it need not read what lies beneath).
    dl->AddCallback([](const ImDrawList*, const ImDrawCmd*) { glDisable(GL_BLEND); }, nullptr);
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(t.id)), tl(area_),
                 br(area_));
    dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

RasterPainter::~RasterPainter() {
    if (area_.empty()) return;
    RasterTexture& t = texture_for(id_);
    ShapeList place;  // the picture's place and background count as much as its shapes
    place.rect(area_, background_);
    const std::uint64_t key = shapes_.hash() ^ (place.hash() * 31);
    if (key == t.key && t.w == int(area_.w) && t.h == int(area_.h)) return;
    Raster raster(int(area_.x), int(area_.y), int(area_.w), int(area_.h), background_,
                  std::move(t.memory));
    shapes_.paint(raster);
    upload(t, raster);
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

void release_raster_textures() {
    for (auto& [id, t] : textures())
        if (t.id) glDeleteTextures(1, &t.id);
    textures().clear();
}

}  // namespace ws::ui
