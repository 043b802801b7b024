// Panels drawn by ImGui without a renderer: a settled step draws the same picture frame after
// frame. (The Code panel once took its font scale from text measured at the scale it had kept
// from the frame before, and flickered between two sizes every frame.)
#include <catch2/catch.hpp>

#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "tests/ui/headless_imgui.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

using namespace ws;
using namespace ws::ui;
using namespace ws::ui::testing;

namespace {

// One frame with `draw` in a window of the given size; what it drew: every vertex.
template <class Draw>
std::vector<ImDrawVert> frame_vertices(ImVec2 size, Draw draw) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = {1600, 900};
    io.DeltaTime = 1.0f / 60;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos({100, 100});
    ImGui::SetNextWindowSize(size);
    ImGui::Begin("panel", nullptr, ImGuiWindowFlags_NoSavedSettings);
    draw();
    ImGui::End();
    ImGui::Render();
    std::vector<ImDrawVert> out;
    const ImDrawData* dd = ImGui::GetDrawData();
    for (int i = 0; i < dd->CmdListsCount; ++i)
        for (const ImDrawVert& v : dd->CmdLists[i]->VtxBuffer) out.push_back(v);
    return out;
}

// Every vertex's position.
template <class Draw>
std::vector<float> frame(ImVec2 size, Draw draw) {
    std::vector<float> out;
    for (const ImDrawVert& v : frame_vertices(size, draw)) {
        out.push_back(v.pos.x);
        out.push_back(v.pos.y);
    }
    return out;
}

// The tallest rectangle of one colour (four vertices in a row).
float tallest_rect(const std::vector<ImDrawVert>& verts, ImU32 color) {
    float tallest = 0;
    for (std::size_t i = 0; i + 3 < verts.size(); ++i) {
        if (verts[i].col != color || verts[i + 3].col != color) continue;
        tallest = std::max(tallest, verts[i + 2].pos.y - verts[i].pos.y);
        i += 3;
    }
    return tallest;
}

}  // namespace

TEST_CASE("the code and explanation panels draw a settled step the same every frame", "[panels]") {
    HeadlessImGui gui;
    const auto v = emulated_view("reduce-interleaved-strided", "2048", 1024);
    UiState ui;
    PanelContext ctx = panel_context(ui);
    ui.playback.step = ui.playback.from_step = 1;
    ui.playback.transition = 1.0;
    // Narrow enough that the code is shrunk to fit its gutter.
    for (ImVec2 size : {ImVec2(410, 476), ImVec2(300, 400), ImVec2(700, 600)}) {
        INFO("window " << size.x << "x" << size.y);
        std::vector<std::vector<float>> code, explanation;
        for (int i = 0; i < 9; ++i) {
            code.push_back(frame(size, [&] { draw_code(*v, ctx); }));
            explanation.push_back(frame(size, [&] { draw_explanation(*v, ctx); }));
        }
        // The first frames settle (tables, scroll positions and the code's wrapped lines size
        // themselves: every line wraps now, which takes up to four frames), then stay.
        for (int i = 5; i < 9; ++i) {
            CHECK(code[i] == code[4]);
            CHECK(explanation[i] == explanation[4]);
        }
        CHECK(!code[2].empty());
    }
}

TEST_CASE("the code panel wraps a line that ran rather than cut it where it is narrow",
          "[panels]") {
    HeadlessImGui gui;
    // Step (3,0) of the strided variant runs line 24, 59 characters: wider than 300 pixels of
    // code even at the smallest scale.
    const auto v = emulated_view("reduce-interleaved-strided", "512", 256);
    UiState ui;
    PanelContext ctx = panel_context(ui);
    ui.playback.step = ui.playback.from_step = 3;
    ui.playback.transition = 1.0;
    float height[2] = {};
    for (int narrow = 0; narrow < 2; ++narrow) {
        const ImVec2 size = narrow ? ImVec2(300, 400) : ImVec2(900, 400);
        std::vector<ImDrawVert> verts;
        for (int i = 0; i < 3; ++i) verts = frame_vertices(size, [&] { draw_code(*v, ctx); });
        height[narrow] = tallest_rect(verts, palette().line_ran);
    }
    INFO("highlight " << height[0] << " px tall at 900 px wide, " << height[1] << " at 300");
    REQUIRE(height[0] > 0);
    // Several rows at the smallest scale (0.8) against one at full size.
    CHECK(height[1] > 1.5f * height[0]);
}
