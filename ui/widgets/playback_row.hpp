// A view's own playback row (the ring's steps, the pipeline's moments): first, back, play,
// forward and last over `states` states, on the window's playback cursor (ui.playback), then a
// caption of the state shown.
#pragma once
#include <cstddef>
#include <string>

#include "ui/ui_state.hpp"

namespace ws::ui {

void playback_row(UiState& ui, std::size_t states, const std::string& caption);

}  // namespace ws::ui
