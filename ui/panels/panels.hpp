// The panels (ui/panel_table.hpp lists them). Each draws its contents inside the window the frame
// opened for it from a PanelContext (ui/panel_context.hpp): it reads the TraceView and the
// window's state (const: the features' states and the hub's), keeps its own in ctx.panels
// (zoom, picks, scrolling) and posts actions (ui/actions.hpp) for every other change, a field's
// edit included; each feature's state is written by its controller alone
// (ui/features/*/..._feature.cpp), the hub's by the session and the window (window_actions.hpp).
// The layering test (tests/check_layering.cmake) holds it for ui/panels and ui/widgets. One
// file each.
#pragma once
#include "ui/model/trace/trace_view.hpp"
#include "ui/panel_context.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

void draw_header(const TraceView& v, PanelContext& ctx);
// Each panel's draw function, named in its row of ui/panel_table.hpp.
#define WS_PANEL_DECLARE(id, name, title, min_w, min_h, scrolls, view, steps, draw) \
    void draw(const TraceView& v, PanelContext& ctx);
WS_PANEL_TABLE(WS_PANEL_DECLARE)
#undef WS_PANEL_DECLARE
// Over the panels, while UiState::help_open: the keys and the mouse (F1 or ?).
void draw_help(PanelContext& ctx);

}  // namespace ws::ui
