// The editor's feature: a puzzle opens with its start kernel run, never the catalog kernel of
// the controls (its solution); an edit or a new run clears a stale grade, so a compile error
// never sits under "PASS ... solved"; F5 runs the kernel from anywhere in the window.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "kernels/io/data_file.hpp"
#include "kernels/user/puzzle.hpp"
#include "kernels/user/toolchain.hpp"
#include "tests/test_paths.hpp"
#include "tests/ui/headless_imgui.hpp"
#include "ui/features/editor/editor_feature.hpp"
#include "ui/frame.hpp"
#include "ui/keys.hpp"
#include "ui/ui_state.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("a puzzle opens with its own start kernel, not the catalog's solution", "[editor]") {
    UiState ui;
    ui.form.algo = "reduce-sequential";
    EditorFeature editor(ui.editor, WS_SOURCE_DIR, true);
    const auto files = user::puzzle_files(WS_SOURCE_DIR);
    REQUIRE_FALSE(files.empty());
    TraceView none;
    const FeatureContext c{ui, none};
    const std::optional<Outcome> out = editor.handle(act::OpenPuzzle{files.front()}, c);
    REQUIRE(out);
    REQUIRE(out->form);
    CHECK(out->run == Outcome::Run::Nothing);  // the controls' algorithm is not run
    REQUIRE(out->then.size() == 1);
    CHECK(is<act::RunKernel>(out->then.front()));  // the start kernel is
    CHECK(std::find(out->to_front.begin(), out->to_front.end(), PanelId::Editor) !=
          out->to_front.end());
}

TEST_CASE("a window opened on a puzzle or a kernel shows the step view, the editor in front",
          "[editor]") {
    UiState ui;
    EditorFeature editor(ui.editor, WS_SOURCE_DIR, true);  // the run waits in `then`
    TraceView none;
    const FeatureContext c{ui, none};
    const std::string kernel =
        std::string(WS_SOURCE_DIR) + "/tests/data/user_kernels/reduce_sequential.cu";
    for (View saved : {View::Lab, View::Compare, View::Step}) {  // the settings' last view
        ui.view = saved;
        for (int flags = 0; flags < 3; ++flags) {
            INFO(view_name(saved) << " " << flags);
            WindowArgs a;
            if (flags != 1) a.puzzle = "1";
            if (flags != 0) a.kernel_file = kernel;
            const Outcome out = editor.apply(a, c);
            REQUIRE(out.error.empty());
            CHECK(out.view == View::Step);
            CHECK(std::find(out.to_front.begin(), out.to_front.end(), PanelId::Editor) !=
                  out.to_front.end());
        }
    }
    // A view or a panel asked for beside them is kept (the session sets it).
    WindowArgs a;
    a.puzzle = "1";
    a.view = View::Compare;
    CHECK_FALSE(editor.apply(a, c).view);
    a.view.reset();
    a.panel = PanelId::Editor;
    CHECK_FALSE(editor.apply(a, c).view);
    CHECK_FALSE(editor.apply(WindowArgs{}, c).view);  // neither: the view stays
}

TEST_CASE("an edit or a new run clears a stale grade", "[editor]") {
    UiState ui;
    EditorFeature editor(ui.editor, WS_SOURCE_DIR, true);
    TraceView none;
    const FeatureContext c{ui, none};
    auto graded = [&] {
        ui.editor.grade_lines = {"PASS n=300", "solved: 3 of 3 checks"};
        ui.editor.solved = true;
        ui.editor.error_line = 12;
    };
    graded();
    REQUIRE(editor.handle(act::KernelEdited{"edited"}, c));
    CHECK(ui.editor.text == "edited");  // the panel's edit, carried by the action
    CHECK(ui.editor.grade_lines.empty());
    CHECK_FALSE(ui.editor.solved);
    CHECK(ui.editor.error_line == -1);
    // A run (here one whose file cannot be written, so it ends at once) replaces the grade.
    graded();
    ui.editor.loaded = true;
    ui.editor.text = "x";
    ui.editor.path = "/proc/warpscope-no-such-dir/k.cu";
    REQUIRE(editor.handle(act::RunKernel{}, c));
    CHECK(ui.editor.grade_lines.empty());
    CHECK_FALSE(ui.editor.solved);
    CHECK(ui.editor.message_is_error);
}

TEST_CASE("Grade marks a self-reported check and says once what the mark means", "[editor]") {
    user::use_child_program(WS_BINARY);  // the children are warpscope's, not this test program's
    UiState ui;
    EditorFeature editor(ui.editor, WS_SOURCE_DIR, false);  // graded at once
    TraceView none;
    const FeatureContext c{ui, none};
    const std::string puzzles = std::string(WS_SOURCE_DIR) + "/assets/puzzles/";
    std::string error;
    ui.editor.text =
        io::read_data_file(puzzles + "02-bank-conflicts.start.cu", io::DataKind::KernelFile, error);
    REQUIRE(error.empty());
    ui.editor.loaded = true;
    ui.editor.puzzle_file = puzzles + "02-bank-conflicts.puzzle";
    ui.editor.path =
        (std::filesystem::temp_directory_path() / "warpscope-editor-grade-test.cu").string();
    REQUIRE(editor.handle(act::GradeKernel{}, c));
    std::filesystem::remove(ui.editor.path);
    INFO(ui.editor.message);
    REQUIRE_FALSE(ui.editor.grading);
    REQUIRE(ui.editor.grade_lines.size() == 3);
    CHECK(ui.editor.grade_lines[0] == "PASS correct");  // warpscope's own check: no mark
    CHECK(ui.editor.grade_lines[1].rfind("FAIL bank_conflicts == 0 (self-reported): got 720", 0) ==
          0);
    CHECK(ui.editor.grade_lines[2] == "not yet: 1 of 2 checks fail");
    CHECK(ui.editor.grade_note == user::self_reported_note());
    // A run clears the grade, its note too.
    ui.editor.path = "/proc/warpscope-no-such-dir/k.cu";
    REQUIRE(editor.handle(act::RunKernel{}, c));
    CHECK(ui.editor.grade_lines.empty());
    CHECK(ui.editor.grade_note.empty());
}

TEST_CASE("F5 runs the kernel from anywhere, typing in a field too", "[editor][keys]") {
    testing::HeadlessImGui gui;
    CHECK(key_action(KeyAction::RunKernel));
    for (bool typing : {false, true}) {
        UiState ui;
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = {800, 600};
        io.DeltaTime = 1.0f / 60;
        io.KeysDown[GLFW_KEY_F5] = true;
        ImGui::NewFrame();
        io.WantTextInput = typing;
        handle_keys(ui);
        handle_run_key(ui);
        ImGui::Render();
        io.KeysDown[GLFW_KEY_F5] = false;
        ImGui::NewFrame();
        ImGui::Render();
        const std::vector<Action> posted = ui.actions.take();
        REQUIRE(posted.size() == 1);
        CHECK(is<act::RunKernel>(posted.front()));
    }
}
