// The shared-memory picture: one slot per shared cell (and per thread), the thread's marker
// above its cell coloured by warp (lit when the thread ran in this step), the cell's value,
// this step's reads and writes, and arrows from the cells read to the cell written; shuffles
// as arrows between thread markers. Wheel zooms about the cursor, dragging pans, double-click
// fits; when zoomed, an overview of the whole block shows where the view is.
#pragma once
#include <imgui.h>

#include <cstdint>

#include "ui/model/trace/trace_view.hpp"
#include "ui/model/window/playback.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

struct CellGridOptions {
    bool interactive = true;    // zoom, pan, tooltips
    bool overview = true;       // the overview box when zoomed in
    std::uint32_t columns = 0;  // 0: the grid chooses; 32: one bank row per row (the banks lesson)
    long* clicked_cell = nullptr;  // where given: the cell clicked this frame (else left as is)
};

void draw_cell_grid(const char* id, const TraceView& v, const Playback& pb, GridViewState& vs,
                    ImVec2 size, const CellGridOptions& options = {});

}  // namespace ws::ui
