// "Copy link": the state on show as the one-line command that reopens it
// (`warpscope --algo ... --view step --focus banks --step 3 --presentation`) and as a
// `warpscope://open?algo=...&step=3` link the program takes as its only argument. The flags come
// from the session (Session::link_flags: its own and every feature's, written by the rows of
// window_flags() a link carries). A link may name only those rows' flags (never one that reads or
// writes a file, so a link clicked in a browser or a chat cannot make warpscope read or write
// anything).
#pragma once
#include <string>
#include <vector>

namespace ws::ui {

// "warpscope --algo reduce-sequential --n 64 ... --step 3"; values quoted for a POSIX shell
// where they need it.
std::string state_command(const std::vector<std::string>& flags);
// "warpscope://open?algo=reduce-sequential&n=64&...&step=3&presentation" (percent-encoded).
std::string state_link(const std::vector<std::string>& flags);

inline constexpr const char* kLinkScheme = "warpscope://";
bool is_state_link(const std::string& arg);
// A link back into window flags; false and `error` (one line) for a link that is not one of
// ours, a key a link may not carry, or bad percent-encoding.
bool flags_of_link(const std::string& link, std::vector<std::string>& flags, std::string& error);

}  // namespace ws::ui
