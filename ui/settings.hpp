// The window's settings, kept as JSON in the user's config directory
// ($XDG_CONFIG_HOME/warpscope/settings.json, else ~/.config/warpscope/settings.json), never in
// the working directory.
#pragma once
#include <string>

#include "ui/preferences.hpp"

namespace ws::ui {

struct Settings : Preferences {
    int width = 1600, height = 900;  // window size
};

// The settings file's path, or "" when neither XDG_CONFIG_HOME nor HOME is set.
std::string settings_path();
// Defaults where the file is missing or a field is unreadable; `problem` gets one line if the
// file exists but is not valid JSON.
Settings load_settings(const std::string& path, std::string* problem = nullptr);
// Creates the directory if needed; returns "" or a one-line error.
std::string save_settings(const Settings& s, const std::string& path);

// What is kept on exit: the window's preferences as they are now, except, for a run a link
// opened, the look it had before (the settings of the flag rows that say so: theme, text size,
// presentation and the controls): a link's look is for the run it opens, never kept.
Preferences kept_preferences(const Preferences& before, const Preferences& now, bool from_link);

std::string settings_to_json(const Settings& s);
Settings settings_from_json(const std::string& text, std::string* problem = nullptr);

}  // namespace ws::ui
