// One frame of the window: the header and one fixed ImGui window per panel rectangle of the
// layout, and the keys pressed in it (which trace the step cursor follows: cursor.hpp).
#pragma once
#include "ui/cursor.hpp"
#include "ui/layout.hpp"
#include "ui/model/trace/trace_view.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

void draw_frame(const TraceView& v, UiState& ui, const Layout& layout);
// The keys pressed this frame, posted as the actions they stand for (keys.hpp: Space play/pause,
// Left/Right step, Home/End, P presentation, C controls, ...), not while typing in a field.
void handle_keys(UiState& ui);
// F5, from anywhere, typing in a field too: runs the editor's kernel. Posted after the frame's
// panels, so that it runs the text as the frame left it (a character typed in the same frame
// included: the editor posts its text as it changes).
void handle_run_key(UiState& ui);

}  // namespace ws::ui
