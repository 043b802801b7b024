// The Global memory panel's moves rows for a device-wide run of several launches: each launch
// a line, with a chip for each time it reads or writes the elements, and the total ("4 moves an
// element"), so that a slide that counts moves shows them (ui/model/pictures/element_moves.hpp).
#pragma once
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

// Nothing for a run of one launch over the elements (a single pass, a reduction). A line a
// launch where the panel has room for them and its picture (`room_below`: the height the rest
// of the panel needs); else the same words wrapped as one paragraph.
void draw_element_moves(const TraceView& v, float room_below);

}  // namespace ws::ui
