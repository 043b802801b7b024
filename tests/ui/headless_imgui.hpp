// ImGui without a window or renderer, for tests that draw panels or press keys: a context with
// the app's fonts and theme (and emulated_view, the trace they show).
#pragma once
#include <catch2/catch.hpp>

#include <imgui.h>

#include "tests/ui/emulated_view.hpp"
#include "ui/fonts.hpp"
#include "ui/theme.hpp"

namespace ws::ui::testing {

struct HeadlessImGui {
    HeadlessImGui() {
        ImGui::CreateContext();
        ImGui::GetIO().IniFilename = nullptr;
        load_fonts(1.0f);
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        apply_theme("dark", false);
    }
    ~HeadlessImGui() { ImGui::DestroyContext(); }
    HeadlessImGui(const HeadlessImGui&) = delete;
    HeadlessImGui& operator=(const HeadlessImGui&) = delete;
};

}  // namespace ws::ui::testing
