// The window's keys and mouse actions, written once: the key handling (frame.cpp) acts on these
// actions, the help overlay (F1 or ?) and `warpscope --help` list them from here.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ui/actions.hpp"

namespace ws::ui {

// GLFW's codes for the function keys (the backend reports GLFW's key codes).
inline constexpr int kGlfwKeyF1 = 290, kGlfwKeyF5 = 294;

enum class KeyAction {
    PlayPause,
    StepBack,
    StepForward,
    First,
    Last,
    Presentation,
    Controls,
    Help,       // open or close the help
    CloseHelp,  // Esc
    NextSlide,  // lecture mode (a lesson on): the next slide
    PrevSlide,
    Notes,       // lecture mode: the teacher's window (the note, the next slide), open or closed
    WholeStage,  // lecture mode: the slide's panel on the whole stage, or its words back
    CopyLink,    // the state as a warpscope:// link on the clipboard
    Quiz,        // predict the next step: start or stop an attempt
    RunKernel,   // the editor's kernel saved and run (the editor panel handles it)
};

struct KeyBinding {
    KeyAction action;
    const char* keys;  // as the overlay prints them: "Space", "F1 or ?"
    const char* what;  // "play / pause"
};
const std::vector<KeyBinding>& key_bindings();
// The keys of an action as the overlay prints them ("Z"), from the table; "" if it has none.
const char* keys_of(KeyAction action);

struct MouseHint {
    const char* where;  // "Shared memory"
    const char* what;   // "wheel: scroll (Ctrl+wheel: zoom), drag: pan, double-click: fit"
};
const std::vector<MouseHint>& mouse_hints();

// The action a key stands for: the same the buttons post (ui/actions.hpp).
std::optional<Action> key_action(KeyAction k);

// "Space play / pause, ←/→ step back / forward, ..." for a one-line usage.
std::string keys_line();

}  // namespace ws::ui
