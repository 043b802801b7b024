// ImGui without a window or renderer, for tests that draw panels or press keys: a context with
// the app's fonts and theme, and a trace run on the emulator.
#pragma once
#include <catch2/catch.hpp>

#include <imgui.h>

#include <cstdint>
#include <memory>
#include <string>

#include "kernels/run/emulator_backend.hpp"
#include "ui/fonts.hpp"
#include "ui/model/request_form.hpp"
#include "ui/model/trace_view.hpp"
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

inline std::shared_ptr<const TraceView> emulated_view(const std::string& algo, const std::string& n,
                                                      std::uint32_t block) {
    RequestForm f;
    f.algo = algo;
    f.n = n;
    f.block = block;
    const FormCheck c = check_form(f);
    REQUIRE(c.ok());
    return make_trace_view(std::make_shared<trace::Trace>(run::run_on_emulator(c.request)));
}

}  // namespace ws::ui::testing
