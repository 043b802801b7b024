// The editor at 1280x720 (issue 36): with a puzzle open, its statement shown, Your kernel takes
// the side column's whole height and shows at least 20 lines of code without scrolling; the
// explanation and the SASS move to the centre's tabs, nothing is lost.
#include <catch2/catch.hpp>

#include <imgui.h>

#include <algorithm>

#include "kernels/user/puzzle.hpp"
#include "tests/test_paths.hpp"
#include "tests/ui/headless_imgui.hpp"
#include "ui/layout.hpp"
#include "ui/panels/panels.hpp"
#include "ui/ui_state.hpp"

using namespace ws::ui;
using namespace ws::ui::testing;

namespace {

// Your kernel drawn alone in its rectangle of `l`, under the tab strip, as the window does.
float lines_in_view(UiState& ui, const Layout& l, const TraceView& v) {
    const Rect r = l[PanelId::Editor];
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = {1280, 720};
    for (int frame = 0; frame < 2; ++frame) {  // the second: wrapped text has its size
        io.DeltaTime = 1.0f / 60;
        ImGui::NewFrame();
        ImGui::SetNextWindowPos({r.x, r.y + tab_strip_height(1.0f)});
        ImGui::SetNextWindowSize({r.w, r.h - tab_strip_height(1.0f)});
        ImGui::Begin("Your kernel", nullptr,
                     ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoSavedSettings);
        PanelContext ctx = panel_context(ui);
        draw_editor(v, ctx);
        ImGui::End();
        ImGui::Render();
    }
    return ui.panels.editor_lines_in_view;
}

}  // namespace

TEST_CASE("a puzzle in the editor shows 20 lines of code at 1280x720", "[layout][editor]") {
    HeadlessImGui imgui;
    const auto puzzle =
        ws::user::load_puzzle(std::string(WS_SOURCE_DIR) + "/assets/puzzles/01-any-n.puzzle");
    REQUIRE(puzzle.ok());
    UiState ui;
    ui.editor.loaded = true;
    ui.editor.puzzle_file = puzzle.puzzle.file;
    ui.editor.puzzle_title = puzzle.puzzle.title;
    ui.editor.puzzle_statement = puzzle.puzzle.statement;
    ui.editor.puzzle_hint = puzzle.puzzle.hint;
    ui.editor.message = "ran 01-any-n.cu: wrong result: got 0, expected 124716";
    for (int i = 0; i < 40; ++i) ui.editor.text += "    s[t] += s[t + stride];  // a line\n";
    const auto v = emulated_view("reduce-sequential", "1000", 64);

    const Layout editing = compute_layout(View::Step, 1280, 720, 1.0f, true, false, 0, std::nullopt,
                                          SideFocus::Editor);
    CHECK(lines_in_view(ui, editing, *v) >= 20);
    // Every panel of the step view is still shown, the explanation and SASS as tabs.
    for (PanelId p : {PanelId::Shared, PanelId::Warps, PanelId::Banks, PanelId::Global,
                      PanelId::Code, PanelId::Explanation, PanelId::Sass, PanelId::Editor})
        CHECK(editing.shows(p));
    CHECK(editing.group_of(PanelId::Editor)->rect.h ==
          Approx(720 - header_height(1) - timeline_height(1)));
    CHECK(editing.group_of(PanelId::Explanation) != editing.group_of(PanelId::Editor));

    // Without a kernel open, the usual layout: the editor a tab over the explanation, fewer
    // lines (what issue 36 found: 4).
    const Layout usual = compute_layout(View::Step, 1280, 720, 1.0f);
    CHECK(lines_in_view(ui, usual, *v) < 20);
}
