// "Copy link": the state on show as the one-line command that reopens it
// (`warpscope --algo ... --step 3 --view step --focus banks --presentation`) and as a
// `warpscope://open?algo=...&step=3` link the program takes as its only argument. Both carry the
// request, the step, the view, the panel in front, the lesson and slide, presentation mode and
// the side-by-side circuit. A link may name only those flags (never one that writes a file, so a
// link clicked in a browser or a chat cannot make warpscope write anything). Plain data.
#pragma once
#include <string>
#include <vector>

#include "ui/ui_state.hpp"

namespace ws::ui {

// The window flags that reopen `ui`'s state, in the order the command writes them.
std::vector<std::string> state_flags(const UiState& ui);
// "warpscope --algo reduce-sequential --n 64 ... --step 3"; values quoted for a POSIX shell
// where they need it.
std::string state_command(const UiState& ui);
// "warpscope://open?algo=reduce-sequential&n=64&...&step=3&presentation" (percent-encoded).
std::string state_link(const UiState& ui);

inline constexpr const char* kLinkScheme = "warpscope://";
bool is_state_link(const std::string& arg);
// A link back into window flags; false and `error` (one line) for a link that is not one of
// ours, a key a link may not carry, or bad percent-encoding.
bool link_flags(const std::string& link, std::vector<std::string>& flags, std::string& error);

}  // namespace ws::ui
