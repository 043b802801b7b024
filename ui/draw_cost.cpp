// Triangle areas of a frame's draw lists, clipped (by bounding box) to their clip rectangles.
#include "ui/draw_cost.hpp"

#include <algorithm>
#include <cmath>

namespace ws::ui {
namespace {

// A triangle's area, scaled by how much of its bounding box lies inside the clip rectangle
// (exact for the axis-aligned rectangles that are most of the pixels, close for the rest).
// The 4x4 blocks a block rasteriser (llvmpipe) shades for a triangle: those it covers and
// those its edges cross, at most its clipped bounding box's.
double shaded_blocks(const ImVec2& a, const ImVec2& b, const ImVec2& c, const ImVec4& clip) {
    const float x0 = std::max(std::min({a.x, b.x, c.x}), clip.x);
    const float x1 = std::min(std::max({a.x, b.x, c.x}), clip.z);
    const float y0 = std::max(std::min({a.y, b.y, c.y}), clip.y);
    const float y1 = std::min(std::max({a.y, b.y, c.y}), clip.w);
    if (x1 <= x0 || y1 <= y0) return 0;
    const double box =
        (std::ceil(x1 / 4) - std::floor(x0 / 4)) * (std::ceil(y1 / 4) - std::floor(y0 / 4));
    auto len = [](const ImVec2& p, const ImVec2& q) {
        return std::hypot(double(q.x - p.x), double(q.y - p.y));
    };
    const double area =
        std::fabs(double(b.x - a.x) * (c.y - a.y) - double(c.x - a.x) * (b.y - a.y)) * 0.5;
    return std::min(box, area / 16 + (len(a, b) + len(b, c) + len(c, a)) / 4 + 1);
}

double clipped_area(const ImVec2& a, const ImVec2& b, const ImVec2& c, const ImVec4& clip) {
    const double area =
        std::fabs(double(b.x - a.x) * (c.y - a.y) - double(c.x - a.x) * (b.y - a.y)) * 0.5;
    const float x0 = std::min({a.x, b.x, c.x}), x1 = std::max({a.x, b.x, c.x});
    const float y0 = std::min({a.y, b.y, c.y}), y1 = std::max({a.y, b.y, c.y});
    const double box = double(x1 - x0) * (y1 - y0);
    if (box <= 0) return 0;
    const double in_w = std::max(0.0f, std::min(x1, clip.z) - std::max(x0, clip.x));
    const double in_h = std::max(0.0f, std::min(y1, clip.w) - std::max(y0, clip.y));
    return area * (in_w * in_h) / box;
}

}  // namespace

DrawCost draw_cost(const ImDrawData* dd) {
    DrawCost out;
    if (!dd) return out;
    for (int l = 0; l < dd->CmdListsCount; ++l) {
        const ImDrawList* list = dd->CmdLists[l];
        WindowCost w;
        w.name = list->_OwnerName ? list->_OwnerName : "?";
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.UserCallback) continue;
            ++w.commands;
            for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
                const ImDrawIdx* idx = list->IdxBuffer.Data + cmd.IdxOffset + i;
                const ImDrawVert* v = list->VtxBuffer.Data + cmd.VtxOffset;
                w.pixels += clipped_area(v[idx[0]].pos, v[idx[1]].pos, v[idx[2]].pos, cmd.ClipRect);
                w.shaded +=
                    16 * shaded_blocks(v[idx[0]].pos, v[idx[1]].pos, v[idx[2]].pos, cmd.ClipRect);
                ++w.triangles;
            }
        }
        out.pixels += w.pixels;
        out.triangles += w.triangles;
        out.shaded += w.shaded;
        out.commands += w.commands;
        out.windows.push_back(std::move(w));
    }
    std::sort(out.windows.begin(), out.windows.end(),
              [](const WindowCost& a, const WindowCost& b) { return a.shaded > b.shaded; });
    return out;
}

}  // namespace ws::ui
