// The window's settings, kept as JSON in the user's config directory
// ($XDG_CONFIG_HOME/warpscope/settings.json, else ~/.config/warpscope/settings.json), never in
// the working directory.
#pragma once
#include <string>

#include "ui/model/request_form.hpp"

namespace ws::ui {

struct Settings {
    float font_scale = 1.0f;         // on top of the base font size
    std::string theme = "dark";      // dark | light
    bool presentation = false;       // larger font, high contrast, colour-blind-safe palette
    double speed = 2.0;              // playback, steps per second
    int width = 1600, height = 900;  // window size
    std::string view = "step";       // step | compare | lab | circuit
    bool controls_hidden = false;
    bool circuit_side_by_side = false;
    std::string compare_algo = "reduce-interleaved-strided";
    RequestForm request;  // the last request
};

// The settings file's path, or "" when neither XDG_CONFIG_HOME nor HOME is set.
std::string settings_path();
// Defaults where the file is missing or a field is unreadable; `problem` gets one line if the
// file exists but is not valid JSON.
Settings load_settings(const std::string& path, std::string* problem = nullptr);
// Creates the directory if needed; returns "" or a one-line error.
std::string save_settings(const Settings& s, const std::string& path);

std::string settings_to_json(const Settings& s);
Settings settings_from_json(const std::string& text, std::string* problem = nullptr);

}  // namespace ws::ui
