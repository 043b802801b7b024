// Warps panel: warps x steps, each cell a 32-lane strip; divergent warps marked; the current
// step's totals in words. Clicking a column jumps to that step.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "ui/fonts.hpp"
#include "ui/model/pictures/ballot_rows.hpp"
#include "ui/model/trace/lane_slots.hpp"
#include "ui/model/trace/step_text.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/hardware_counts.hpp"
#include "ui/widgets/lane_strip.hpp"
#include "ui/widgets/stale_dim.hpp"

namespace ws::ui {
namespace {

struct WarpGrid {
    float label_w, header_h, col_w, row_h, strip_h;
    float x0, y0;  // top-left of the first strip
};

// Columns at least wide enough for their step label, rows at least tall enough to see a lane
// (a third of a line): a large block scrolls rather than shrinks its strips away.
WarpGrid warp_grid(const TraceView& v, const Rect& area) {
    WarpGrid g;
    const float font = ImGui::GetFontSize();
    g.label_w = ImGui::CalcTextSize("w31").x + 8;
    g.header_h = font + 6;
    const float steps = float(std::max<std::size_t>(v.step_count(), 1));
    const float min_col = std::max(40.0f, ImGui::CalcTextSize("(10,0).12").x * 0.8f + 6);
    g.col_w = std::clamp((area.w - g.label_w) / steps, min_col, 160.0f);
    g.row_h = std::clamp((area.h - g.header_h) / float(std::max(v.warps, 1u)),
                         std::max(6.0f, font * 0.45f), 26.0f);
    g.strip_h = std::max(2.0f, g.row_h - (g.row_h >= 8 ? 3.0f : 1.0f));
    g.x0 = area.x + g.label_w;
    g.y0 = area.y + g.header_h;
    return g;
}

// One warp in one step as the strip draws it: lanes by path; in an access-step, its threads
// marked.
LaneStrip strip_of(const TraceView& v, const StepView& s, std::uint32_t warp,
                   const std::vector<WarpSlots>& slots) {
    LaneStrip lanes;
    lanes.live = v.live_mask(warp);
    if (warp < s.paths.size()) {
        lanes.paths = s.paths[warp].masks;
        lanes.divergent = s.paths[warp].divergent;
    }
    if (warp < slots.size() && slots[warp].instructions) {
        const WarpSlots& w = slots[warp];
        lanes.busy.resize(32);
        for (unsigned lane = 0; lane < 32; ++lane)
            lanes.busy[lane] = float(w.used[lane]) / float(w.instructions);
    }
    for (std::uint16_t t : s.micro_threads)
        if (t / trace::kWarpSize == warp) lanes.highlight |= 1u << (t % trace::kWarpSize);
    return lanes;
}

// "lanes 4–31 ran lines 30–32, lanes 0–3 ran line 34"
std::string paths_text(const WarpPathView& p) {
    std::string out;
    for (std::size_t k = 0; k < p.masks.size(); ++k)
        out += (k ? "\n" : "") + lanes_text(p.masks[k]) + " ran " + lines_text(p.lines[k]);
    if (p.idle_mask) out += (out.empty() ? "" : "\n") + lanes_text(p.idle_mask) + " idle";
    return out;
}

// The steps after `shown_until` are a question's answer: their columns are "?".
void draw_header_row(ImDrawList* dl, const TraceView& v, const WarpGrid& g,
                     std::size_t shown_until) {
    const Palette& p = palette();
    for (std::size_t s = 0; s < v.step_count(); ++s) {
        const Rect cell{g.x0 + float(s) * g.col_w, g.y0 - g.header_h, g.col_w, g.header_h};
        text_centered(dl, cell, p.text_dim, s > shown_until ? "?" : step_label(v.steps[s]),
                      fonts().small, fonts().small->FontSize);
    }
}

// The current step's ballots: a row of 32 cells a warp, lit where the lane's predicate was
// true, and the popcount beside it. At most a third of the panel; the rest are counted.
void draw_ballots(const TraceView& v, const StepView& s) {
    if (s.ballots.empty()) return;
    const Palette& p = palette();
    ImFont* font = fonts().small;
    const float font_px = font->FontSize;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float label_w = ImGui::CalcTextSize("w31").x + 6;
    const float count_w = ImGui::CalcTextSize("= 32").x + 4;
    const float max_h = std::max(font_px * 2, avail.y / 3);
    const BallotLayout probe =
        ballot_layout(s.ballots, {0, 0, avail.x, max_h}, font_px, label_w, count_w);
    ImGui::TextUnformatted(s.ballots.size() == 1
                               ? "ballot word (bit k: lane k's predicate) and its popcount:"
                               : "ballot words (bit k: lane k's predicate) and their popcounts:");
    const float extra = probe.hidden ? font_px + 4 : 0;
    Canvas c = begin_canvas("##ballots", {avail.x, probe.height + extra + 4});
    const BallotLayout l = ballot_layout(s.ballots, {c.rect.x, c.rect.y + 2, c.rect.w, max_h},
                                         font_px, label_w, count_w);
    for (std::size_t r = 0; r < l.rows.size(); ++r) {
        const BallotRow& row = l.rows[r];
        draw_label(c.dl, {row.label.x + 2, row.label.y}, p.text_dim, "w" + std::to_string(row.warp),
                   row.label, "ballot", font, font_px);
        const std::uint32_t live = v.live_mask(row.warp);
        for (unsigned lane = 0; lane < 32; ++lane) {
            const Rect cell = l.cell(r, lane);
            const bool launched = (live >> lane) & 1u;
            const ImU32 fill = !launched ? p.lane_dead : l.lit(r, lane) ? p.lane_on : p.lane_off;
            c.dl->AddRectFilled(tl(cell), br(cell), fill);
            if (lane % 8 == 0 && lane)  // a tick every 8 lanes, to count by
                c.dl->AddLine({cell.x - 1, cell.y - 2}, {cell.x - 1, cell.bottom() + 2},
                              p.text_dim);
        }
        draw_label(c.dl, {row.count_box.x, row.count_box.y}, p.text,
                   "= " + std::to_string(row.count), row.count_box, "ballot", font, font_px);
    }
    if (l.hidden)
        draw_label(c.dl, {c.rect.x + 2, c.rect.y + 2 + l.height + 2}, p.text_dim,
                   "and " + std::to_string(l.hidden) + " more warps' ballots", c.rect, "ballot",
                   font, font_px);
    if (c.hovered) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        for (std::size_t r = 0; r < l.rows.size(); ++r)
            if (l.rows[r].cells.contains(m.x, m.y) || l.rows[r].count_box.contains(m.x, m.y))
                ImGui::SetTooltip("warp %u, line %u: ballot word 0x%08x, %u of 32 lanes true",
                                  l.rows[r].warp, unsigned(s.ballots[r].line), l.rows[r].word,
                                  l.rows[r].count);
    }
    end_canvas(c);
}

}  // namespace

// The warps a slide's step is about, drawn large under the grid: the divergent ones, else the
// busy ones, at most `most`.
std::vector<std::uint32_t> warps_that_matter(const TraceView& v, const StepView& s,
                                             std::size_t most) {
    std::vector<std::uint32_t> divergent, busy;
    for (std::uint32_t w = 0; w < v.warps && w < s.paths.size(); ++w) {
        if (s.paths[w].divergent) divergent.push_back(w);
        if (w < s.active_mask.size() && s.active_mask[w]) busy.push_back(w);
    }
    std::vector<std::uint32_t>& out = divergent.empty() ? busy : divergent;
    if (out.size() > most) out.resize(most);
    return out;
}

// The zoom's height for `rows` warps: a row of lane numbers, then a strip a warp.
float zoom_height(std::size_t rows) {
    const float label_h = fonts().small->FontSize + 4;
    return rows ? label_h + float(rows) * (2.2f * label_h) + 6 : 0.0f;
}

// Those warps at the step, a lane a box across the panel's width, its number over it (every
// lane where the numbers fit, else every fourth), the warp's name at the left.
void draw_zoom(const TraceView& v, std::size_t step, const std::vector<std::uint32_t>& warps) {
    const Palette& p = palette();
    const StepView& s = v.steps[step];
    ImFont* small = fonts().small;
    const float label_h = small->FontSize + 4, row_h = 2.2f * label_h;
    Canvas c = begin_canvas("##warpzoom", {0, zoom_height(warps.size())});
    const float name_w = small->CalcTextSizeA(small->FontSize, 1e9f, 0, "w31").x + 8;
    const Rect lanes{c.rect.x + name_w, c.rect.y, c.rect.w - name_w, c.rect.h};
    const float lane_w = lanes.w / 32.0f;
    const bool every = small->CalcTextSizeA(small->FontSize, 1e9f, 0, "31").x + 2 < lane_w;
    for (unsigned lane = 0; lane < 32; lane += every ? 1 : 4)
        draw_label(
            c.dl, {lanes.x + float(lane) * lane_w + 1, lanes.y}, p.text_dim, std::to_string(lane),
            {lanes.x + float(lane) * lane_w, lanes.y, lane_w * (every ? 1.0f : 4.0f), label_h},
            "zoom lane", small, small->FontSize);
    std::vector<WarpSlots> slots = warp_slots(v, step);
    VectorPainter paint(c.dl);
    for (std::size_t r = 0; r < warps.size(); ++r) {
        const float y = lanes.y + label_h + float(r) * row_h;
        draw_label(c.dl, {c.rect.x + 2, y + (row_h - small->FontSize) / 2 - 2}, p.text_dim,
                   "w" + std::to_string(warps[r]), {c.rect.x, y, name_w, row_h}, "zoom warp", small,
                   small->FontSize);
        draw_lane_strip(paint, {lanes.x, y, lanes.w, row_h - 4}, strip_of(v, s, warps[r], slots));
    }
    end_canvas(c);
}

void draw_warps(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const StaleDim dim(ui);  // greyed while this is the last good run after a failed one
    const Palette& p = palette();
    const std::size_t step = v.clamp(static_cast<long>(ui.step()));
    ImGui::TextWrapped("%s", step_summary(v, step).c_str());
    ImGui::PushFont(fonts().small);
    std::vector<LegendEntry> legend = {{p.path[0], "active lane (first path)"}};
    if (v.max_paths > 1) legend.push_back({p.path[1], "second path"});
    if (v.max_paths > 2) legend.push_back({p.path[2], "third path"});
    legend.push_back({p.lane_off, "idle lane"});
    legend.push_back({p.divergent, "divergent warp", true});
    if (!v.races.empty()) legend.push_back({p.current, "this access-step's lanes"});
    legend_row(legend, 2);
    ImGui::PopFont();
    if (v.empty()) return;
    // Warp instructions of the memory accesses (those the kernel has: zeros are left out).
    draw_hardware_counts(ui.hardware, kWarpMetrics);
    if (!ui.hardware.divergence.empty()) {  // one line, whole on hover: the grid keeps its room
        ImGui::PushFont(fonts().small);
        text_line_clipped(p.text_dim, ui.hardware.divergence);
        ImGui::PopFont();
    }
    draw_ballots(v, v.steps[step]);

    // Wide traces scroll sideways inside a child window.
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const Rect probe{0, 0, avail.x, avail.y - ImGui::GetStyle().ScrollbarSize};
    const WarpGrid probe_grid = warp_grid(v, probe);
    const float content_w = probe_grid.label_w + probe_grid.col_w * float(v.step_count()) + 4;
    const float content_h = probe_grid.header_h + probe_grid.row_h * float(v.warps) + 4;
    // On a slide, where the grid leaves room: the step's warps that matter, large, under it.
    std::vector<std::uint32_t> zoomed;
    if (ui.lesson.current_slide())
        for (std::size_t most = 4; most > 0 && zoomed.empty(); --most) {
            std::vector<std::uint32_t> w = warps_that_matter(v, v.steps[step], most);
            if (content_h + zoom_height(w.size()) + ImGui::GetStyle().ScrollbarSize <= avail.y)
                zoomed = std::move(w);
        }
    const ImVec2 grid_size{
        avail.x,
        avail.y -
            (zoomed.empty() ? 0.0f : zoom_height(zoomed.size()) + ImGui::GetStyle().ItemSpacing.y)};
    ImGui::BeginChild("##warps", grid_size, false, ImGuiWindowFlags_HorizontalScrollbar);
    Canvas c = begin_canvas("##warpgrid",
                            {std::max(content_w, avail.x),
                             std::max(content_h, grid_size.y - ImGui::GetStyle().ScrollbarSize)});
    const WarpGrid g = warp_grid(v, c.rect);
    // While the slide's question is asked, the steps after the one on show stay hidden.
    const std::size_t shown_until =
        ui.lesson.hides_later_steps() ? step : std::numeric_limits<std::size_t>::max();
    draw_header_row(c.dl, v, g, shown_until);

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

    std::vector<std::vector<WarpSlots>> slots(v.step_count());
    for (std::size_t s = 0; s < v.step_count(); ++s) slots[s] = warp_slots(v, s);
    for (std::uint32_t w = 0; w < v.warps; ++w) {
        const float y = g.y0 + float(w) * g.row_h;
        const bool label = g.row_h >= fonts().small->FontSize - 1 || w % 4 == 0;
        if (label)
            // In the column left of the strips, over its row (or the four it heads).
            draw_label(c.dl, {c.rect.x + 2, y}, p.text_dim, "w" + std::to_string(w),
                       {c.rect.x, y - 1, g.x0 - c.rect.x,
                        std::max(g.row_h * (g.row_h >= fonts().small->FontSize - 1 ? 1 : 4),
                                 fonts().small->FontSize) +
                            2},
                       "warp", fonts().small, std::min(fonts().small->FontSize, g.row_h + 6));
        for (std::size_t s = 0; s < v.step_count() && s <= shown_until; ++s) {
            const Rect strip{g.x0 + float(s) * g.col_w + 2, y, g.col_w - 8, g.strip_h};
            if (!ImGui::IsRectVisible(tl(strip), br(strip))) continue;
            draw_lane_strip(paint, strip, strip_of(v, v.steps[s], w, slots[s]));
        }
    }
    if (c.hovered) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const long s = static_cast<long>(std::floor((m.x - g.x0) / g.col_w));
        const long w = static_cast<long>(std::floor((m.y - g.y0) / g.row_h));
        if (s >= 0 && s < static_cast<long>(v.step_count())) {
            if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) ctx.post(act::StepAt{std::size_t(s)});
            if (w >= 0 && w < static_cast<long>(v.warps) && std::size_t(s) <= shown_until) {
                const StepView& st = v.steps[std::size_t(s)];
                const std::uint32_t a = st.active_mask[std::size_t(w)];
                const std::uint32_t live = v.live_mask(std::uint32_t(w));
                const WarpPathView& paths = st.paths[std::size_t(w)];
                ImGui::SetTooltip("warp %ld, step %s: %d of %d lanes active%s\n%s", w,
                                  step_label(st).c_str(), __builtin_popcount(a),
                                  __builtin_popcount(live), paths.divergent ? " (divergent)" : "",
                                  paths_text(paths).c_str());
            }
        }
    }
    end_canvas(c);
    // Keep the current step's column in view when the step changes.
    if (ctx.panels.warps_scrolled_to != step) {
        ctx.panels.warps_scrolled_to = step;
        const float x = g.label_w + float(step) * g.col_w;
        const float view = ImGui::GetWindowWidth();
        if (x < ImGui::GetScrollX() || x + g.col_w > ImGui::GetScrollX() + view)
            ImGui::SetScrollX(std::max(0.0f, x - view * 0.4f));
    }
    ImGui::EndChild();
    if (!zoomed.empty()) draw_zoom(v, step, zoomed);
}

}  // namespace ws::ui
