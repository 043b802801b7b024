// The actions that are the window's own: the step cursor, the help, the lesson list (Page Down
// with no lesson on), presentation mode and the controls column, the view, the tabs in front,
// the header's banner, the theme, the text size and the playback's speed. The session applies them
// as it drains the queue (and the keys' test, with no session, does the same).
#pragma once
#include <cstddef>
#include <vector>

#include "ui/actions.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

// Applies `a` when it is the window's own and returns true; false for any other. `steps`: how
// many steps the cursor runs over (playback_count). What only the renderer can do about it (a new
// style, cancelling an export) is added to `for_window`.
bool apply_window_action(UiState& ui, const Action& a, std::size_t steps,
                         std::vector<Action>& for_window);

// Every action posted so far: the window's own applied, the others returned in order.
std::vector<Action> apply_window_actions(UiState& ui, std::size_t steps);

}  // namespace ws::ui
