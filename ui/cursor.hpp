// The one step cursor: which trace its steps run over, and how many there are in the view on
// show. Plain C++ (the session places steps with it, the frame draws with it).
#pragma once
#include <cstddef>

#include "ui/model/trace/trace_view.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

// The trace whose steps the one cursor runs over (the timeline, keys and playback): the shown
// one, or in the circuit view's side-by-side mode the one of the three networks with the most
// steps, so that every level of each can be reached (the others stay on their last step).
const TraceView& cursor_view(const TraceView& v, const UiState& ui);
// How many steps the playback cursor moves over: the ring's states in the ring view, else
// cursor_view's steps.
std::size_t playback_count(const TraceView& v, const UiState& ui);

}  // namespace ws::ui
