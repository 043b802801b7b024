// Shared-memory panel: the traced block's cells with their values, this step's reads and
// writes, arrows from the cells read to the cell written, threads above coloured by warp.
#include <imgui.h>

#include <string>

#include "ui/fonts.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/cell_grid.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {

void draw_shared_memory(const TraceView& v, UiState& ui) {
    const Palette& p = palette();
    ImGui::PushFont(fonts().small);
    legend_item(p.read, "read");
    legend_item(p.written, "written");
    legend_item(p.arrow, "value added into");
    legend_item(p.from_global, "loaded from global");
    legend_item(warp_color(0), "thread (colour = warp, faint = idle)");
    legend_item(p.cell_undefined, "padding (no data: past n)", true);
    legend_note("~ value shortened (hover: all of it)");
    ImGui::NewLine();
    ImGui::PopFont();
    if (v.trace) {
        std::string what = std::to_string(v.cells) + " cells of " +
                           trace::dtype_name(v.trace->smem_type) + ", block " +
                           std::to_string(v.block ? v.block->block : 0) + " of " +
                           std::to_string(v.trace->grid);
        if (!v.block_result.empty()) what += ": " + v.block_result;
        what += "    wheel: scroll (Ctrl: zoom), drag: pan, double-click: fit";
        ImGui::PushFont(fonts().small);
        text_wrapped_colored(p.text_dim, what);
        ImGui::PopFont();
    }
    if (ui.shared_grid.zoom > 1.01f) {
        ImGui::SameLine();
        if (ImGui::SmallButton("fit")) ui.shared_grid = GridViewState{};
        ImGui::SameLine();
        ImGui::Text("%.1fx", double(ui.shared_grid.zoom));
    }
    draw_cell_grid("##shared", v, ui.playback, ui.shared_grid, ImVec2(0, 0));
}

}  // namespace ws::ui
