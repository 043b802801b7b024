// The window: `warpscope` with no arguments, or with window flags (see window_args.hpp).
#pragma once

namespace ws::ui {
// Returns the exit code: 0, 1 (a window or file could not be made), 2 (bad input).
int run_window(int argc, char** argv);
}  // namespace ws::ui
