// The window's fonts: DejaVu Sans for text, DejaVu Sans Mono for code and numbers, a larger
// Sans for headings; ImGui's built-in font where the DejaVu files are missing.
#pragma once
#include <imgui.h>

namespace ws::ui {

struct Fonts {
    ImFont* text = nullptr;
    ImFont* mono = nullptr;
    ImFont* heading = nullptr;
    ImFont* small = nullptr;
    float size = 17.0f;  // pixel size of `text`
};

inline constexpr float kBaseFontPixels = 17.0f;

// Rebuilds the atlas for `scale` (the caller recreates the GL font texture). Returns the fonts.
const Fonts& load_fonts(float scale);
const Fonts& fonts();

}  // namespace ws::ui
