// The panels (ui/panel_table.hpp lists them). Each draws its contents inside the window the frame
// opened for it, reads the TraceView and the features' states, keeps its own in UiState::panels
// and posts actions (ui/actions.hpp) for anything else. One file each.
#pragma once
#include "ui/model/trace/trace_view.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

void draw_header(const TraceView& v, UiState& ui);
// Each panel's draw function, named in its row of ui/panel_table.hpp.
#define WS_PANEL_DECLARE(id, name, title, min_w, min_h, scrolls, view, steps, draw) \
    void draw(const TraceView& v, UiState& ui);
WS_PANEL_TABLE(WS_PANEL_DECLARE)
#undef WS_PANEL_DECLARE
// Over the panels, while UiState::help_open: the keys and the mouse (F1 or ?).
void draw_help(UiState& ui);

}  // namespace ws::ui
