// One frame of the window: the header and one fixed ImGui window per panel rectangle of the
// layout; the playback keys; and which trace the step cursor follows.
#pragma once
#include "ui/layout.hpp"
#include "ui/model/trace_view.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

void draw_frame(const TraceView& v, UiState& ui, const Layout& layout);
// The trace whose steps the one cursor runs over (the timeline, keys and playback): the shown
// one, or in the circuit view's side-by-side mode the one of the three networks with the most
// steps, so that every level of each can be reached (the others stay on their last step).
const TraceView& cursor_view(const TraceView& v, const UiState& ui);
// How many steps the playback cursor moves over: the ring's states in the ring view, else
// cursor_view's steps.
std::size_t playback_count(const TraceView& v, const UiState& ui);
// Space play/pause, Left/Right step, Home/End, P presentation, C controls (not while typing in a
// field).
void handle_keys(const TraceView& v, UiState& ui);

}  // namespace ws::ui
