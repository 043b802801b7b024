// What the web page cannot do, one line each: what it needs that a browser does not give it.
#pragma once

namespace ws::web {

inline constexpr const char* kNoGif =
    "GIF export needs giflib, which the web page does not have: use the desktop window";
inline constexpr const char* kNoRunKernel =
    "Running your own kernel needs a C++ compiler and a sandboxed child process, which a web "
    "page has not: use `warpscope run-kernel` or the desktop window";
inline constexpr const char* kNoNotesWindow =
    "The teacher's notes open in a second window, which a web page has not: use the desktop "
    "window for notes beside the projector";

}  // namespace ws::web
