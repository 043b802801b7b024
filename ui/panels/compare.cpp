// Compare panel: the current variant and a second one, on the same input, side by side and
// stepped together by the one cursor (a variant with fewer steps stays on its last).
#include <imgui.h>

#include <algorithm>
#include <string>

#include "kernels/catalog.hpp"
#include "ui/fonts.hpp"
#include "ui/model/step_text.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/cell_grid.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/lane_strip.hpp"

namespace ws::ui {
namespace {

std::string totals_line(const TraceView& v) {
    const trace::Counters& c = v.block_totals;
    return plural(v.step_count(), "step", "steps") + ", " +
           plural(c.smem_instructions, "shared instruction", "shared instructions") + ", " +
           plural(c.bank_conflicts, "bank conflict", "bank conflicts") + ", " +
           plural(c.divergent_warps, "divergent warp-step", "divergent warp-steps");
}

// The warps of the step in a row (or rows of 8 when there are many).
void warp_row(const TraceView& v, std::size_t step) {
    const float width = ImGui::GetContentRegionAvail().x;
    const std::uint32_t per_row = std::min<std::uint32_t>(std::max(v.warps, 1u), 8);
    const std::uint32_t rows = (v.warps + per_row - 1) / per_row;
    const float strip_h = std::max(6.0f, ImGui::GetFontSize() * 0.6f);
    Canvas c = begin_canvas("##warprow", {width, float(rows) * (strip_h + 4)});
    const float w = c.rect.w / float(per_row);
    RasterPainter paint(c.dl, ImGui::GetID("##warprow"), c.rect, palette().panel_bg);
    for (std::uint32_t i = 0; i < v.warps; ++i) {
        const Rect r{c.rect.x + float(i % per_row) * w + 2,
                     c.rect.y + float(i / per_row) * (strip_h + 4) + 1, w - 6, strip_h};
        draw_lane_strip(paint, r, v.steps[step].active_mask[i], v.live_mask(i));
    }
    end_canvas(c);
}

void side(const char* id, float width, const TraceView* v, UiState& ui, GridViewState& grid,
          bool running) {
    const Palette& p = palette();
    ImGui::BeginChild(id, {width, 0}, true);
    if (!v || !v->trace) {
        ImGui::TextUnformatted(running ? "running\xe2\x80\xa6" : "nothing to compare yet");
        ImGui::EndChild();
        return;
    }
    const VariantInfo* info = find_variant(v->trace->request.algo);
    ImGui::PushFont(fonts().heading);
    ImGui::TextUnformatted(info ? info->title : v->trace->request.algo.c_str());
    ImGui::PopFont();
    if (!v->trace->error.empty()) text_wrapped_colored(p.conflict, v->trace->error);
    if (v->empty()) {
        ImGui::EndChild();
        return;
    }
    const std::size_t step = v->clamp(static_cast<long>(ui.step()));
    std::string line = step_summary(*v, step);
    if (step != ui.step()) line += "  (its last step)";
    ImGui::TextWrapped("%s", line.c_str());
    text_wrapped_colored(p.text_dim, totals_line(*v));
    warp_row(*v, step);
    const std::vector<std::string> why = explain_step(*v, step);
    const float text_h = ImGui::GetTextLineHeightWithSpacing() * 4.5f;
    draw_cell_grid("##grid", *v, ui.playback, grid,
                   {0, std::max(80.0f, ImGui::GetContentRegionAvail().y - text_h)});
    ImGui::PushFont(fonts().small);
    for (std::size_t i = 1; i < why.size(); ++i) ImGui::TextWrapped("%s", why[i].c_str());
    ImGui::PopFont();
    ImGui::EndChild();
}

}  // namespace

void draw_compare(const TraceView& v, UiState& ui) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Compare with");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
    const VariantInfo* cur = find_variant(ui.compare_algo);
    if (ImGui::BeginCombo("##compare", cur ? cur->title : ui.compare_algo.c_str())) {
        for (const VariantInfo& info : catalog())
            if (ImGui::Selectable(info.title, ui.compare_algo == info.id)) {
                ui.compare_algo = info.id;
                ui.compare_changed = true;
            }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().text_dim),
                       "same input, one step cursor for both");
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    side("##a", half, &v, ui, ui.compare_grid[0], ui.running);
    ImGui::SameLine();
    side("##b", half, ui.compare.get(), ui, ui.compare_grid[1], ui.compare_running);
}

}  // namespace ws::ui
