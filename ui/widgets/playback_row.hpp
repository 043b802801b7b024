// A view's own playback row (the ring's steps, the pipeline's moments): first, back, play,
// forward and last on the window's playback cursor (ui.playback; posted as the keys post them,
// the session steps it over the view's states: playback_count), then a caption of the state
// shown.
#pragma once
#include <cstddef>
#include <string>

#include "ui/ui_state.hpp"

namespace ws::ui {

void playback_row(PanelContext& ctx, const std::string& caption);

}  // namespace ws::ui
