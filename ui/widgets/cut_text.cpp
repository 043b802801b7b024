// Cut text in the rendered frame: windows that overflow without scrolling, glyphs outside their
// clip rectangle.
#include "ui/widgets/cut_text.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

namespace ws::ui {
namespace {

// The glyphs of every loaded font, by the top-left corner of their place in the atlas: the
// character and the bottom-right corner (a glyph ImGui trimmed to a clip rectangle on the CPU
// keeps its top left and ends short of it).
struct AtlasGlyph {
    unsigned code;
    float u1, v1;
};
using GlyphKeys = std::map<std::pair<float, float>, AtlasGlyph>;

GlyphKeys glyph_keys() {
    GlyphKeys keys;
    for (ImFont* f : ImGui::GetIO().Fonts->Fonts)
        for (const ImFontGlyph& g : f->Glyphs)
            if (g.Visible)
                keys.emplace(std::make_pair(g.U0, g.V0), AtlasGlyph{g.Codepoint, g.U1, g.V1});
    return keys;
}

std::string utf8(unsigned c) {
    char buf[5] = {};
    ImTextCharToUtf8(buf, c);
    return buf;
}

struct Glyph {
    ImVec2 min, max;
    unsigned code;
    const char* trimmed;  // the side ImGui trimmed it on ("right", "bottom"), or nullptr
};

// The glyph quads of one draw command: ImGui writes each as 4 vertices and 6 indices
// (0 1 2 0 2 3) with the glyph's atlas corners for UVs.
std::vector<Glyph> glyphs_of(const ImDrawList& dl, const ImDrawCmd& cmd, const GlyphKeys& keys) {
    std::vector<Glyph> out;
    const ImDrawIdx* idx = dl.IdxBuffer.Data + cmd.IdxOffset;
    const ImDrawVert* vtx = dl.VtxBuffer.Data + cmd.VtxOffset;
    for (unsigned i = 0; i + 6 <= cmd.ElemCount; ++i) {
        const unsigned a = idx[i];
        if (idx[i + 1] != a + 1 || idx[i + 2] != a + 2 || idx[i + 3] != a || idx[i + 4] != a + 2 ||
            idx[i + 5] != a + 3)
            continue;
        const ImDrawVert& tl = vtx[a];
        const ImDrawVert& br = vtx[a + 2];
        if (tl.uv.x == br.uv.x) continue;  // a solid quad (the white pixel)
        auto k = keys.find({tl.uv.x, tl.uv.y});
        if (k == keys.end()) continue;
        const AtlasGlyph& g = k->second;
        const char* trimmed = br.uv.x < g.u1 ? "right" : br.uv.y < g.v1 ? "bottom" : nullptr;
        out.push_back({tl.pos, br.pos, g.code, trimmed});
        i += 5;
    }
    return out;
}

// How far a glyph reaches outside the clip rectangle, and on which side.
std::pair<float, const char*> outside(const Glyph& g, const ImVec4& clip) {
    std::pair<float, const char*> worst{0, ""};
    auto side = [&](float by, const char* name) {
        if (by > worst.first) worst = {by, name};
    };
    side(clip.x - g.min.x, "left");
    side(g.max.x - clip.z, "right");
    side(clip.y - g.min.y, "top");
    side(g.max.y - clip.w, "bottom");
    return worst;
}

// The words of a run of glyphs (a gap wider than a fifth of its tallest glyph is a space).
std::string snippet(const std::vector<Glyph>& line) {
    float tallest = 0;
    for (const Glyph& g : line) tallest = std::max(tallest, g.max.y - g.min.y);
    std::string s;
    for (std::size_t j = 0; j < line.size(); ++j) {
        if (j > 0 && line[j].min.x - line[j - 1].max.x > 0.2f * tallest) s += ' ';
        s += utf8(line[j].code);
    }
    return s;
}

bool scrolls_y(const ImGuiWindow& w) {
    return !(w.Flags & ImGuiWindowFlags_NoScrollbar) && w.ScrollbarY;
}
bool scrolls_x(const ImGuiWindow& w) {
    return !(w.Flags & ImGuiWindowFlags_NoScrollbar) && w.ScrollbarX;
}

std::string name_of(const ImGuiWindow& w) {
    return "window \"" + std::string(w.Name) + "\"";
}

}  // namespace

std::vector<std::string> cut_text_problems(const std::vector<Rect>& scroll_areas, float slack) {
    std::vector<std::string> out;
    ImGuiContext* ctx = ImGui::GetCurrentContext();
    if (!ctx) return out;
    const GlyphKeys keys = glyph_keys();
    // A window's overflow hides a line only when it is half a line or more (less is padding: the
    // glyphs' own check finds a line cut through).
    const float line = 0.5f * ImGui::GetFont()->FontSize;
    for (ImGuiWindow* w : ctx->Windows) {
        if (!w->WasActive || w->Hidden || w->SkipItems) continue;
        if (!scrolls_y(*w) && w->ScrollMax.y > std::max(slack, line))
            out.push_back(name_of(*w) + ": its content is " +
                          std::to_string(int(std::ceil(w->ScrollMax.y))) +
                          " px taller than it (what is under its edge is not drawn)");
        if (!scrolls_x(*w) && w->ScrollMax.x > std::max(slack, line))
            out.push_back(name_of(*w) + ": its content is " +
                          std::to_string(int(std::ceil(w->ScrollMax.x))) +
                          " px wider than it (what is past its edge is not drawn)");
        std::set<std::pair<const ImDrawCmd*, std::size_t>> runs;  // one line per cut line
        for (const ImDrawCmd& cmd : w->DrawList->CmdBuffer) {
            const std::vector<Glyph> glyphs = glyphs_of(*w->DrawList, cmd, keys);
            for (std::size_t i = 0; i < glyphs.size(); ++i) {
                // A glyph's box is wider than its ink (a j's tail reaches left of its pen): a
                // tenth of its height past the clip is no cut.
                auto [by, side] = outside(glyphs[i], cmd.ClipRect);
                const float ink = std::max(slack, 0.1f * (glyphs[i].max.y - glyphs[i].min.y));
                if (glyphs[i].trimmed)
                    side = glyphs[i].trimmed;
                else if (by <= ink)
                    continue;
                const bool vertical = side[0] == 't' || side[0] == 'b';
                if (vertical ? scrolls_y(*w) : scrolls_x(*w)) continue;
                // Cut by the clip of a picture that scrolls (its centre in the picture).
                const ImVec4& c = cmd.ClipRect;
                if (std::any_of(scroll_areas.begin(), scroll_areas.end(), [&](const Rect& r) {
                        return r.contains(0.5f * (c.x + c.z), 0.5f * (c.y + c.w));
                    }))
                    continue;
                // The glyphs of its line around it: drawn one after another, left to right.
                auto same_line = [&](std::size_t a, std::size_t b) {
                    return glyphs[b].min.x >= glyphs[a].min.x &&
                           glyphs[b].min.y < glyphs[a].max.y && glyphs[a].min.y < glyphs[b].max.y;
                };
                std::size_t from = i, to = i + 1;
                while (from > 0 && same_line(from - 1, from)) --from;
                while (to < glyphs.size() && same_line(to - 1, to)) ++to;
                if (!runs.insert({&cmd, from}).second) continue;  // its line is told
                const std::size_t first = i - from;
                const std::vector<Glyph> line(
                    glyphs.begin() + long(from + (first > 24 ? first - 24 : 0)),
                    glyphs.begin() + long(std::min(to, i + 9)));
                const std::string words = snippet(line);
                const std::string problem =
                    name_of(*w) + ": text cut at its " + side + " edge: \"" + words + "\"";
                out.push_back(problem);
            }
        }
    }
    return out;
}

}  // namespace ws::ui
