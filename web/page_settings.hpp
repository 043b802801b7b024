// The window's settings in the web page (ui/settings.hpp's JSON): kept in the browser's
// localStorage, so that quiz scores, the theme, presentation mode and the last request outlive
// the page, as the settings file does natively.
#pragma once
#include <string>

#include "ui/session.hpp"

namespace ws::web {

// The stored settings applied to the session's preferences; returns "" or one line saying the
// stored copy was unreadable (the defaults are used then).
std::string restore_settings(ui::Session& s);
// Stores the preferences when they differ from the copy last stored (called each frame).
void keep_settings(const ui::UiState& ui);

}  // namespace ws::web
