// The code panel keeps the line that ran in view: it follows the line again when P (larger
// type) or a resize moved it, not only on a new step; and no line of the kernel is cut where the
// panel is narrow (the formula line above the one that ran wraps like it).
#include <catch2/catch.hpp>

#include <imgui.h>
#include <imgui_internal.h>

#include <cstring>
#include <vector>

#include "tests/ui/headless_imgui.hpp"
#include "ui/geometry/code_follow.hpp"
#include "ui/panels/panels.hpp"
#include "ui/ui_state.hpp"
#include "ui/widgets/cut_text.hpp"

using namespace ws;
using namespace ws::ui;
using namespace ws::ui::testing;

TEST_CASE("the code panel follows its line again when the type or the panel changes size",
          "[panels]") {
    const CodeFollow before{3, 17.0f, 300};
    CodeFollow presentation = before;
    presentation.font_px = 17.0f * 1.35f;  // P
    CHECK_FALSE(before == presentation);
    CodeFollow resized = before;
    resized.view_h = 200;
    CHECK_FALSE(before == resized);
    CHECK(before == CodeFollow{3, 17.0f, 300});
    // A line in view stays; one pushed below the view by larger type is brought back whole.
    CHECK_FALSE(follow_scroll(100, 20, 20, 0, 300));
    const auto y = follow_scroll(420, 40, 27, 0, 300);
    REQUIRE(y);
    CHECK(*y <= 420 - 27);
    CHECK(*y + 300 >= 420 + 40 + 27);
    // Taller than the view: its first row at the top.
    const auto tall = follow_scroll(500, 400, 20, 0, 300);
    REQUIRE(tall);
    CHECK(*tall == Approx(500));
}

namespace {

// The glyphs and shapes the code panel draws for its lines (its source child) in a window of that
// size (tall enough that no line scrolls out of it), and what ImGui cut of its text.
struct CodeDrawn {
    std::size_t vertices = 0;
    std::vector<std::string> cuts;
};
CodeDrawn code_drawn(const TraceView& v, UiState& ui, ImVec2 size) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = {4000, 4000};
    io.DeltaTime = 1.0f / 60;
    CodeDrawn out;
    for (int frame = 0; frame < 3; ++frame) {
        ImGui::NewFrame();
        ImGui::SetNextWindowPos({0, 0});
        ImGui::SetNextWindowSize(size);
        ImGui::Begin("code", nullptr, ImGuiWindowFlags_NoSavedSettings);
        PanelContext ctx = panel_context(ui);
        draw_code(v, ctx);
        ImGui::End();
        ImGui::Render();
        out.vertices = 0;
        for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
            if (w->WasActive && std::strstr(w->Name, "##source"))
                out.vertices += std::size_t(w->DrawList->VtxBuffer.size());
    }
    out.cuts = cut_text_problems();
    return out;
}

}  // namespace

TEST_CASE("no line of the code is cut where the panel is narrow", "[panels]") {
    HeadlessImGui gui;
    for (const char* algo : {"reduce-interleaved-strided", "scan-blelloch"}) {
        INFO(algo);
        const auto v = emulated_view(algo, "256", 256);
        UiState ui;
        ui.playback.step = ui.playback.from_step = 2;
        ui.playback.transition = 1.0;
        // The same characters drawn in a panel as narrow as 1280x720's presentation code panel
        // and in a wide one: a cut line would lose some.
        const CodeDrawn wide = code_drawn(*v, ui, {3000, 3900});
        const CodeDrawn narrow = code_drawn(*v, ui, {420, 3900});
        CHECK(narrow.vertices == wide.vertices);
        CHECK(wide.cuts.empty());
        CHECK(narrow.cuts.empty());  // the file's path gives way to its name, cut with "…"
        for (const std::string& cut : narrow.cuts) INFO(cut);
    }
}
