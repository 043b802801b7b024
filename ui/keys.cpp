// The table of keys and mouse actions.
#include "ui/keys.hpp"

namespace ws::ui {

const std::vector<KeyBinding>& key_bindings() {
    static const std::vector<KeyBinding> keys = {
        {KeyAction::PlayPause, "Space", "play / pause"},
        {KeyAction::StepForward, "\xe2\x86\x92",
         "step forward (inside a race: the next access-step)"},
        {KeyAction::StepBack, "\xe2\x86\x90", "step back"},
        {KeyAction::First, "Home", "first step"},
        {KeyAction::Last, "End", "last step"},
        {KeyAction::Presentation, "P", "presentation mode: large type, high contrast"},
        {KeyAction::Controls, "C", "show or hide the controls"},
        {KeyAction::Help, "F1 or ?", "this help"},
        {KeyAction::CloseHelp, "Esc", "close the help; cancel a GIF or PNG export"},
        {KeyAction::NextSlide, "Page Down",
         "a lesson's next slide (what clickers send); with no lesson on, the list of lessons"},
        {KeyAction::PrevSlide, "Page Up", "a lesson's previous slide"},
        {KeyAction::Notes, "N",
         "lecture mode: the teacher's window (note, next slide), opened or closed"},
        {KeyAction::WholeStage, "Z",
         "lecture mode: the slide's picture on the whole stage, and back to its words"},
        {KeyAction::Quiz, "Q",
         "predict the next step: a question before each step is shown (again: stop)"},
        {KeyAction::RunKernel, "F5", "Your kernel: save and run it"},
        {KeyAction::CopyLink, "L", "copy a link that reopens this view (warpscope LINK)"},
    };
    return keys;
}

const char* keys_of(KeyAction action) {
    for (const KeyBinding& k : key_bindings())
        if (k.action == action) return k.keys;
    return "";
}

const std::vector<MouseHint>& mouse_hints() {
    static const std::vector<MouseHint> hints = {
        {"Shared memory",
         "hover: a cell's whole value; wheel: scroll (Ctrl+wheel: zoom); "
         "drag: pan; double-click: fit; the strip at the right: jump"},
        {"Warps", "click a column: go to that step; hover a strip: the paths its lanes took"},
        {"Banks", "pick the instruction above the picture; hover a bank: its words and lanes"},
        {"Global memory", "pick the instruction above the picture; hover a sector: its bytes"},
        {"Code", "hover a highlighted line: its warp instructions, divergence, conflicts"},
        {"Playback", "click or drag the strip of steps to go there"},
        {"Tabs", "where the window is small, panels share a place: click a tab"},
        {"Bandwidth lab", "hover a point: n, time, GB/s; Lines... picks the lines"},
    };
    return hints;
}

std::optional<Action> key_action(KeyAction k) {
    switch (k) {
        case KeyAction::PlayPause:
            return act::PlayPause{};
        case KeyAction::StepForward:
            return act::StepBy{1};
        case KeyAction::StepBack:
            return act::StepBy{-1};
        case KeyAction::First:
            return act::StepTo{false};
        case KeyAction::Last:
            return act::StepTo{true};
        case KeyAction::Presentation:
            return act::TogglePresentation{};
        case KeyAction::Controls:
            return act::ToggleControls{};
        case KeyAction::Help:
            return act::ToggleHelp{};
        case KeyAction::CloseHelp:
            return act::CloseHelp{};
        case KeyAction::NextSlide:
            return act::MoveSlide{1};
        case KeyAction::PrevSlide:
            return act::MoveSlide{-1};
        case KeyAction::Notes:
            return act::ToggleNotes{};
        case KeyAction::WholeStage:
            return act::ToggleWholeStage{};
        case KeyAction::CopyLink:
            return act::CopyLink{false, true};
        case KeyAction::Quiz:
            return act::ToggleQuiz{};
        case KeyAction::RunKernel:  // anywhere in the window, even while typing
            return act::RunKernel{};
    }
    return std::nullopt;
}

std::string keys_line() {
    std::string out;
    for (const KeyBinding& k : key_bindings()) {
        if (k.action == KeyAction::CloseHelp) continue;
        out += (out.empty() ? "" : ", ") + std::string(k.keys) + " " + k.what;
    }
    return out;
}

}  // namespace ws::ui
