// The window's keys, pressed through ImGui as the GLFW backend reports them: one step cursor
// moved by the arrows, Home and End; Space plays and pauses; P presentation; C the controls;
// nothing while the user types in a field.
#include <catch2/catch.hpp>

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "tests/ui/headless_imgui.hpp"
#include "ui/frame.hpp"
#include "ui/keys.hpp"
#include "ui/ui_state.hpp"
#include "ui/window_actions.hpp"
#include "ui/window_args.hpp"

using namespace ws::ui;
using namespace ws::ui::testing;

namespace {

struct Keyboard {
    Keyboard() {
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = {800, 600};
        io.DeltaTime = 1.0f / 60;
        io.KeyMap[ImGuiKey_Space] = GLFW_KEY_SPACE;
        io.KeyMap[ImGuiKey_RightArrow] = GLFW_KEY_RIGHT;
        io.KeyMap[ImGuiKey_LeftArrow] = GLFW_KEY_LEFT;
        io.KeyMap[ImGuiKey_Home] = GLFW_KEY_HOME;
        io.KeyMap[ImGuiKey_End] = GLFW_KEY_END;
    }
    // One frame with `key` down (handled: its action posted, then applied as the session drains
    // the queue), one with it up. What only the renderer can do comes back in `for_window`.
    void press(int key, const TraceView& v, UiState& ui, bool typing = false, bool ctrl = false) {
        ImGuiIO& io = ImGui::GetIO();
        io.KeysDown[key] = true;
        io.KeyCtrl = ctrl;
        ImGui::NewFrame();
        io.WantTextInput = typing;
        handle_keys(ui);
        for_window = apply_window_actions(ui, v.step_count());
        ImGui::Render();
        io.KeysDown[key] = false;
        io.KeyCtrl = false;
        ImGui::NewFrame();
        ImGui::Render();
    }
    bool restyled() const {
        for (const Action& a : for_window)
            if (is<act::Restyle>(a)) return true;
        return false;
    }
    std::vector<Action> for_window;
};

}  // namespace

TEST_CASE("the keys move the one step cursor and toggle play, presentation and controls",
          "[keys]") {
    HeadlessImGui gui;
    Keyboard keys;
    const auto v = emulated_view("reduce-sequential", "64", 32);
    const std::size_t last = v->step_count() - 1;
    REQUIRE(last >= 3);
    UiState ui;

    keys.press(GLFW_KEY_RIGHT, *v, ui);
    keys.press(GLFW_KEY_RIGHT, *v, ui);
    CHECK(ui.step() == 2);
    keys.press(GLFW_KEY_LEFT, *v, ui);
    CHECK(ui.step() == 1);
    keys.press(GLFW_KEY_END, *v, ui);
    CHECK(ui.step() == last);
    keys.press(GLFW_KEY_RIGHT, *v, ui);  // stays on the last step
    CHECK(ui.step() == last);
    keys.press(GLFW_KEY_HOME, *v, ui);
    CHECK(ui.step() == 0);
    keys.press(GLFW_KEY_LEFT, *v, ui);  // and on the first
    CHECK(ui.step() == 0);

    keys.press(GLFW_KEY_SPACE, *v, ui);
    CHECK(ui.playback.playing);
    keys.press(GLFW_KEY_SPACE, *v, ui);
    CHECK_FALSE(ui.playback.playing);

    keys.press('P', *v, ui);
    CHECK(ui.presentation);
    CHECK(ui.controls_hidden);  // presentation folds the controls away
    CHECK(keys.restyled());     // the window applies the new style
    keys.press('P', *v, ui);
    CHECK_FALSE(ui.presentation);
    CHECK_FALSE(ui.controls_hidden);
    keys.press('P', *v, ui, false, true);  // Ctrl+P is not P
    CHECK_FALSE(ui.presentation);

    keys.press('C', *v, ui);
    CHECK(ui.controls_hidden);
    keys.press('C', *v, ui);
    CHECK_FALSE(ui.controls_hidden);
}

TEST_CASE("keys typed into a field do not move the cursor", "[keys]") {
    HeadlessImGui gui;
    Keyboard keys;
    const auto v = emulated_view("reduce-sequential", "64", 32);
    UiState ui;
    for (int key : {GLFW_KEY_RIGHT, GLFW_KEY_END, GLFW_KEY_SPACE, int('P'), int('C')})
        keys.press(key, *v, ui, true);
    CHECK(ui.step() == 0);
    CHECK_FALSE(ui.playback.playing);
    CHECK_FALSE(ui.presentation);
    CHECK_FALSE(ui.controls_hidden);
}

TEST_CASE("F1 or ? opens the help, Esc or F1 closes it, keys wait while it is open", "[keys]") {
    HeadlessImGui gui;
    Keyboard keys;
    ImGui::GetIO().KeyMap[ImGuiKey_Escape] = GLFW_KEY_ESCAPE;
    const auto v = emulated_view("reduce-sequential", "64", 32);
    UiState ui;
    keys.press(GLFW_KEY_F1, *v, ui);
    CHECK(ui.help_open);
    keys.press(GLFW_KEY_RIGHT, *v, ui);  // the help is in front: the step stays
    CHECK(ui.step() == 0);
    keys.press(GLFW_KEY_ESCAPE, *v, ui);
    CHECK_FALSE(ui.help_open);
    // '?' arrives as a character.
    ImGui::GetIO().AddInputCharacter('?');
    ImGui::NewFrame();
    handle_keys(ui);
    apply_window_actions(ui, v->step_count());
    ImGui::Render();
    CHECK(ui.help_open);
    keys.press(GLFW_KEY_F1, *v, ui);
    CHECK_FALSE(ui.help_open);
    keys.press(GLFW_KEY_RIGHT, *v, ui);
    CHECK(ui.step() == 1);
}

TEST_CASE("the help lists every key the window answers, from the one table", "[keys]") {
    const std::string line = keys_line();
    for (const KeyBinding& k : key_bindings()) {
        if (k.action == KeyAction::CloseHelp) continue;
        CHECK(line.find(k.keys) != std::string::npos);
    }
    CHECK(window_usage().find(line) != std::string::npos);
    CHECK_FALSE(mouse_hints().empty());
}
