// The look-back's tiles around the shown block's: a box per tile with its state after the
// current step (a letter and a colour: - nothing, A aggregate, P inclusive prefix, ? unknown),
// the shown tile outlined, and a line saying what it published in this step.
#pragma once
#include <cstddef>

#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

// Draws the strip (when v.tiles.shown) on the current line; returns its height (0: none).
float draw_tile_strip(const TraceView& v, std::size_t step);

}  // namespace ws::ui
