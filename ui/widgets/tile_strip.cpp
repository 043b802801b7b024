// Drawing the look-back's tiles.
#include "ui/widgets/tile_strip.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "ui/fonts.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {
namespace {

const char* letter(TileState s) {
    switch (s) {
        case TileState::Unknown:
            return "?";
        case TileState::None:
            return "-";
        case TileState::Aggregate:
            return "A";
        case TileState::Prefix:
            return "P";
    }
    return "";
}

ImU32 fill(TileState s) {
    const Palette& p = palette();
    switch (s) {
        case TileState::Aggregate:
            return p.tile_aggregate;
        case TileState::Prefix:
            return p.tile_prefix;
        default:
            return p.cell_undefined;
    }
}

}  // namespace

float draw_tile_strip(const TraceView& v, std::size_t step) {
    const TileStrip& t = v.tiles;
    if (!t.shown || v.steps.empty()) return 0;
    step = std::min(step, v.steps.size() - 1);
    const Palette& p = palette();
    ImFont* small = fonts().small;
    ImGui::PushFont(small);
    std::string line =
        "this block drew tile " + std::to_string(t.tile) + " of " + std::to_string(t.tiles) + ": ";
    line += t.changes[step].empty() ? tile_state_name(t.after[step]) : t.changes[step];
    text_line_clipped(p.text, line);
    const float box = small->FontSize * 1.6f;
    const float width = ImGui::GetContentRegionAvail().x;
    const auto visible = std::uint32_t(std::max(1.0f, width / (box + 4)));
    const std::uint32_t first =
        t.tile > visible / 2
            ? std::min(t.tile - visible / 2, t.tiles > visible ? t.tiles - visible : 0)
            : 0;
    const std::uint32_t last = std::min(t.tiles, first + visible);
    Canvas c = begin_canvas("##tiles", {width, box + small->FontSize + 4});
    for (std::uint32_t i = first; i < last; ++i) {
        const TileState s = t.state(i, step);
        const Rect r{c.rect.x + float(i - first) * (box + 4), c.rect.y, box, box};
        fill_rect(c.dl, r, fill(s));
        if (s == TileState::Unknown) hatch(c.dl, r, p.text_dim, 5.0f, 1.0f);
        text_centered(c.dl, r, text_on(fill(s)), letter(s), small, small->FontSize);
        if (i == t.tile) stroke_rect(c.dl, {r.x - 2, r.y - 2, r.w + 4, r.h + 4}, p.current, 2.0f);
        text_centered(c.dl, {r.x - 4, r.bottom() + 1, r.w + 8, small->FontSize + 2}, p.text_dim,
                      std::to_string(i), small, small->FontSize * 0.85f);
        if (c.hovered && r.contains(ImGui::GetIO().MousePos.x, ImGui::GetIO().MousePos.y))
            ImGui::SetTooltip("tile %u: %s", i, tile_state_name(s));
    }
    end_canvas(c);
    if (!t.emulated)
        text_line_clipped(p.text_dim, "other tiles: ? (a GPU records no timing between blocks)");
    ImGui::PopFont();
    return box;
}

}  // namespace ws::ui
