// What the interactive window and the offscreen renderer share: applying the flags to a
// session, placing the step cursor, the style and layout for a frame, the one-line failure.
#pragma once
#include <string>

#include "ui/gui_context.hpp"
#include "ui/layout.hpp"
#include "ui/session.hpp"
#include "ui/window_args.hpp"

namespace ws::ui {

// Prints "warpscope: MESSAGE" to stderr and returns `code`.
int fail(int code, const std::string& message);
Style style_of(const UiState& ui);
Layout layout_for(const UiState& ui, const WindowArgs& a, float w, float h, float scale);
// Applies the flags to a session and runs (or opens) its trace; returns "" or the error for
// exit code 2.
std::string prepare(Session& s, const WindowArgs& a);
// Places the cursor for --step; returns "" or the error.
std::string place_step(Session& s, const WindowArgs& a);

}  // namespace ws::ui
