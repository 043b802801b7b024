// Rendering without a window on screen: `--screenshot FILE` (one view or one --panel),
// `--screenshot-panels DIR` (every panel at its first, middle and last step, for the smoke
// test) and `--bench-frames N` (the median frame time). Deterministic: the request runs on the
// calling thread and no settings are read or written.
#pragma once
#include "ui/window_args.hpp"

namespace ws::ui {
int run_offscreen(const WindowArgs& args);
}  // namespace ws::ui
