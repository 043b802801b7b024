// One frame of the window: the header and one fixed ImGui window per panel rectangle of the
// layout; and the playback keys.
#pragma once
#include "ui/layout.hpp"
#include "ui/model/trace_view.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

void draw_frame(const TraceView& v, UiState& ui, const Layout& layout);
// Space play/pause, Left/Right step, Home/End, P presentation (not while typing in a field).
void handle_keys(const TraceView& v, UiState& ui);

}  // namespace ws::ui
