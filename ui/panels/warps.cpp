// Warps panel: warps x steps, each cell a 32-lane strip; divergent warps marked; the current
// step's totals in words. Clicking a column jumps to that step.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "ui/fonts.hpp"
#include "ui/model/step_text.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/lane_strip.hpp"

namespace ws::ui {
namespace {

struct WarpGrid {
    float label_w, header_h, col_w, row_h, strip_h;
    float x0, y0;  // top-left of the first strip
};

WarpGrid warp_grid(const TraceView& v, const Rect& area) {
    WarpGrid g;
    const float font = ImGui::GetFontSize();
    g.label_w = ImGui::CalcTextSize("w31").x + 8;
    g.header_h = font + 6;
    const float steps = float(std::max<std::size_t>(v.step_count(), 1));
    g.col_w = std::clamp((area.w - g.label_w) / steps, 40.0f, 160.0f);
    g.row_h = std::clamp((area.h - g.header_h) / float(std::max(v.warps, 1u)), 3.0f, 26.0f);
    g.strip_h = std::max(2.0f, g.row_h - (g.row_h >= 8 ? 3.0f : 1.0f));
    g.x0 = area.x + g.label_w;
    g.y0 = area.y + g.header_h;
    return g;
}

void draw_header_row(ImDrawList* dl, const TraceView& v, const WarpGrid& g) {
    const Palette& p = palette();
    for (std::size_t s = 0; s < v.step_count(); ++s) {
        const Rect cell{g.x0 + float(s) * g.col_w, g.y0 - g.header_h, g.col_w, g.header_h};
        text_centered(dl, cell, p.text_dim, step_label(v.steps[s]), fonts().small,
                      fonts().small->FontSize);
    }
}

}  // namespace

void draw_warps(const TraceView& v, UiState& ui) {
    const Palette& p = palette();
    const std::size_t step = v.clamp(static_cast<long>(ui.step()));
    ImGui::TextWrapped("%s", step_summary(v, step).c_str());
    ImGui::PushFont(fonts().small);
    legend_item(p.lane_on, "active lane");
    legend_item(p.lane_off, "idle lane");
    legend_item(p.divergent, "divergent warp", true);
    ImGui::NewLine();
    ImGui::PopFont();
    if (v.empty()) return;

    // Wide traces scroll sideways inside a child window.
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const Rect probe{0, 0, avail.x, avail.y - ImGui::GetStyle().ScrollbarSize};
    const WarpGrid probe_grid = warp_grid(v, probe);
    const float content_w = probe_grid.label_w + probe_grid.col_w * float(v.step_count()) + 4;
    ImGui::BeginChild("##warps", avail, false, ImGuiWindowFlags_HorizontalScrollbar);
    Canvas c = begin_canvas("##warpgrid", {std::max(content_w, avail.x), probe.h});
    const WarpGrid g = warp_grid(v, c.rect);
    draw_header_row(c.dl, v, g);

    // The current step's column, sliding from the previous one.
    const float t = float(eased(ui.playback));
    const float from_x = float(v.clamp(static_cast<long>(ui.playback.from_step)));
    const float col = from_x + (float(step) - from_x) * t;
    const Rect cur{g.x0 + col * g.col_w - 2, g.y0 - g.header_h, g.col_w,
                   g.header_h + g.row_h * float(v.warps) + 2};
    // The strips as one picture (a 1024-thread block has 32 warps by a dozen steps).
    RasterPainter paint(c.dl, ImGui::GetID("##warpgrid"), c.rect, p.panel_bg);
    paint.rect(cur, p.current_fill);
    paint.outline(cur, p.current, 2.0f);

    for (std::uint32_t w = 0; w < v.warps; ++w) {
        const float y = g.y0 + float(w) * g.row_h;
        const bool label = g.row_h >= fonts().small->FontSize - 1 || w % 4 == 0;
        if (label)
            c.dl->AddText(fonts().small, std::min(fonts().small->FontSize, g.row_h + 6),
                          {c.rect.x + 2, y}, p.text_dim, ("w" + std::to_string(w)).c_str());
        for (std::size_t s = 0; s < v.step_count(); ++s) {
            const Rect strip{g.x0 + float(s) * g.col_w + 2, y, g.col_w - 8, g.strip_h};
            if (!ImGui::IsRectVisible(tl(strip), br(strip))) continue;
            draw_lane_strip(paint, strip, v.steps[s].active_mask[w], v.live_mask(w));
        }
    }
    if (c.hovered) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const long s = static_cast<long>(std::floor((m.x - g.x0) / g.col_w));
        const long w = static_cast<long>(std::floor((m.y - g.y0) / g.row_h));
        if (s >= 0 && s < static_cast<long>(v.step_count())) {
            if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
                set_step(ui.playback, std::size_t(s), v.step_count());
            if (w >= 0 && w < static_cast<long>(v.warps)) {
                const std::uint32_t a = v.steps[std::size_t(s)].active_mask[std::size_t(w)];
                const std::uint32_t live = v.live_mask(std::uint32_t(w));
                ImGui::SetTooltip("warp %ld, step %s: %d of %d lanes active%s", w,
                                  step_label(v.steps[std::size_t(s)]).c_str(),
                                  __builtin_popcount(a), __builtin_popcount(live),
                                  is_divergent(a, live) ? " (divergent)" : "");
            }
        }
    }
    end_canvas(c);
    // Keep the current step's column in view when the step changes.
    if (ui.warps_scrolled_to != step) {
        ui.warps_scrolled_to = step;
        const float x = g.label_w + float(step) * g.col_w;
        const float view = ImGui::GetWindowWidth();
        if (x < ImGui::GetScrollX() || x + g.col_w > ImGui::GetScrollX() + view)
            ImGui::SetScrollX(std::max(0.0f, x - view * 0.4f));
    }
    ImGui::EndChild();
}

}  // namespace ws::ui
