// Drawing a deadlock between blocks (ui/model/pictures/deadlock_picture.hpp): the row of blocks,
// the arrows from each waiting block to the one it waits for, and the sentences that say why.
#pragma once

namespace ws::ui {

struct TraceView;

// Draws nothing and returns false unless the trace on show ended in a deadlock between blocks.
bool draw_deadlock_row(const TraceView& v);

}  // namespace ws::ui
