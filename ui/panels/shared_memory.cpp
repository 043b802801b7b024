// Shared-memory panel: the traced block's cells with their values, this step's reads and
// writes, arrows from the cells read to the cell written, threads above coloured by warp.
#include <imgui.h>

#include <string>

#include "kernels/catalog.hpp"
#include "ui/fonts.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/cell_grid.hpp"
#include "ui/widgets/deadlock_row.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/quiz_box.hpp"
#include "ui/widgets/stale_dim.hpp"
#include "ui/widgets/tile_strip.hpp"

namespace ws::ui {

void draw_shared_memory(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const StaleDim dim(ui);  // greyed while this is the last good run after a failed one
    const Palette& p = palette();
    // Two lines of legend and one of facts at most, so that a narrow panel keeps its room for
    // the picture (what does not fit is under "more…").
    ImGui::PushFont(fonts().small);
    // The roles this trace shows (padding and races only where they happen).
    std::vector<LegendEntry> legend = {
        {p.read, "read"},
        {p.written, "written"},
        {p.arrow, "value added into"},
        {p.from_global, "loaded from global"},
        {warp_color(0), "thread (warps alternate two tones, faint = idle)"}};
    if (v.any_padding) {
        const VariantInfo* info = v.variant;
        const bool zero_words = info && info->layout == trace::TileLayout::ZeroPadded;
        legend.push_back({p.cell_undefined,
                          zero_words ? "padding (the layout's zero words; no data past n)"
                                     : "padding (no data: past n)",
                          true});
    }
    if (!v.races.empty())
        legend.push_back(
            {p.raced, "race: two threads, one word, no sync (first \xe2\x86\x92 second)"});
    legend.push_back({0, "~ value shortened (hover: all of it)", false, true});
    legend_row(legend, 2);
    if (v.trace) {
        std::string what = (v.cells ? std::to_string(v.cells) + " cells of " +
                                          trace::dtype_name(v.trace->smem_type)
                                    : std::string("no shared memory (") +
                                          trace::dtype_name(v.trace->smem_type) + ")") +
                           ", block " + std::to_string(v.block ? v.block->block : 0) + " of " +
                           std::to_string(v.trace->grid);
        if (!v.block_result.empty()) what += ": " + v.block_result;
        // Several results (min, max, sum, avg and the true average) wrap: the lesson is at its
        // end. One line otherwise.
        const VariantInfo* info = v.variant;
        if (info && result_names(info->reduce_op).size() > 1)
            text_wrapped_colored(p.text_dim, what);
        else
            text_line_clipped(p.text_dim, what);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s\nwheel: scroll (Ctrl+wheel: zoom), drag: pan, double-click: fit",
                              what.c_str());
    }
    ImGui::PopFont();
    draw_deadlock_row(v);
    draw_tile_strip(v, v.clamp(static_cast<long>(ui.step())));
    if (ctx.panels.shared_grid.zoom > 1.01f) {
        ImGui::SameLine();
        if (ImGui::SmallButton("fit")) ctx.panels.shared_grid = GridViewState{};
        ImGui::SameLine();
        ImGui::Text("%.1fx", double(ctx.panels.shared_grid.zoom));
    }
    // A quiz question that wants a cell takes a click on one.
    CellGridOptions options;
    long clicked = -1;
    if (ui.lesson.quiz.question && ui.lesson.quiz.question->shape == AnswerShape::Cell)
        options.clicked_cell = &clicked;
    draw_cell_grid("##shared", v, ui.playback, ctx.panels.shared_grid, ImVec2(0, 0), options);
    if (clicked >= 0) answer_with_cell(ctx, std::uint32_t(clicked));
}

}  // namespace ws::ui
