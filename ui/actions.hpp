// What panels and keys ask of the window, as typed actions posted to one queue that the session
// drains once a frame, in the order they were posted (issue 34: no flags polled in a fixed
// order). The window's own (the cursor, the help, presentation) it applies itself
// (window_actions.hpp); each feature's goes to that feature (ui/features); those only the
// renderer can carry out (a new style, a PNG of the frame, a GIF, the clipboard) come back to the
// window (app_window.cpp). Keys post the same actions as the buttons (keys.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ui/model/window/frame_export.hpp"

namespace ws::ui {
namespace act {

// The cursor and the window.
struct PlayPause {};
struct StepBy {
    int by = 1;
};
struct StepTo {
    bool last = false;  // Home: the first step; End: the last
};
struct TogglePresentation {};
struct ToggleControls {};
struct ToggleHelp {};
struct CloseHelp {};  // Esc: also cancels a GIF or PNG export
// Runs: the form (UiState::form) changed; `confirmed`: run it whatever its size (Run it).
struct RunForm {
    bool confirmed = false;
};
struct RunCompare {};   // the compare side's algorithm changed
struct RunCircuits {};  // the side-by-side networks were asked for
// The ring: its GPUs, plan or size changed.
struct RunRing {};
// The race lab: search the form's request for a schedule that changes its result.
struct FindRace {};
// Lessons and the quiz.
struct OpenLesson {
    std::string lesson;  // its name or number
    std::size_t slide = 0;
};
struct MoveSlide {
    int by = 1;
};
// The lesson list: the controls shown, their Lessons list opened and scrolled to (Page Down with
// no lesson on, --show-lessons).
struct ShowLessons {};
struct ToggleNotes {};
struct ToggleWholeStage {};  // Z: the slide's panel on the whole stage, or its words back
// The lab and compare show the recording `name` ("nvidia-h100"): a slide's figures come from it.
struct ShowRecording {
    std::string name;
    std::string algo;  // the slide's algorithm (the lab keeps this file for it), or ""
};
struct StartQuiz {
    bool new_inputs = false;  // a fresh seed rather than the one typed
};
struct StopQuiz {};
struct ToggleQuiz {};  // Q
// Before a frame is drawn (the cursor may have moved since the actions were drained): the
// quiz's question follows the cursor, made once per step.
struct FollowCursor {};
// The quiz box: the answer as typed so far; an answer to check (Check, Enter); a cell clicked in
// the Shared memory panel. Each is about the question on show when it was posted (`question`:
// its QuizState::questions_made), and is dropped once another has replaced it.
struct TypeQuizAnswer {
    std::string text;
    std::uint64_t question = 0;
};
struct AnswerQuiz {
    std::string typed;
    std::uint64_t question = 0;
};
struct PickQuizCell {
    std::uint32_t cell = 0;
    std::uint64_t question = 0;
};
// The editor.
struct RunKernel {};
struct KernelEdited {};  // the text changed: its error mark and grade are stale
struct GradeKernel {};
struct OpenPuzzle {
    std::string file;
};
// The lab's live sweep.
struct StartSweep {};
struct CancelSweep {};
struct SaveSweep {};
// Files and export.
struct OpenTrace {};
struct SaveTrace {};
struct ExportStats {
    bool json = false;  // else CSV
};
struct ExportQuizScores {};
struct CopyLink {
    bool command = false;   // the command line rather than the warpscope:// link
    bool announce = false;  // say it in the note too (the L key)
};
// The renderer's: the session hands these back to the window.
struct Restyle {};  // theme, presentation or text size changed
struct ExportPng {};
struct StartFrames {
    FramesKind kind = FramesKind::Gif;
};
struct CancelFrames {};
struct Clipboard {
    std::string text;
};

}  // namespace act

using Action =
    std::variant<act::PlayPause, act::StepBy, act::StepTo, act::TogglePresentation,
                 act::ToggleControls, act::ToggleHelp, act::CloseHelp, act::RunForm,
                 act::RunCompare, act::RunCircuits, act::RunRing, act::FindRace, act::OpenLesson,
                 act::MoveSlide, act::ShowLessons, act::ToggleNotes, act::ToggleWholeStage,
                 act::ShowRecording, act::StartQuiz, act::StopQuiz, act::ToggleQuiz,
                 act::FollowCursor, act::TypeQuizAnswer, act::AnswerQuiz, act::PickQuizCell,
                 act::RunKernel, act::KernelEdited, act::GradeKernel, act::OpenPuzzle,
                 act::StartSweep, act::CancelSweep, act::SaveSweep, act::OpenTrace, act::SaveTrace,
                 act::ExportStats, act::ExportQuizScores, act::CopyLink, act::Restyle,
                 act::ExportPng, act::StartFrames, act::CancelFrames, act::Clipboard>;

template <class A>
bool is(const Action& a) {
    return std::holds_alternative<A>(a);
}

// Whether only the renderer can carry `a` out (Restyle, ExportPng, StartFrames, CancelFrames,
// Clipboard).
bool for_renderer(const Action& a);

class ActionQueue {
  public:
    void post(Action a) { pending_.push_back(std::move(a)); }
    // Everything posted so far, in order; the queue is empty after.
    std::vector<Action> take() { return std::exchange(pending_, {}); }
    bool empty() const { return pending_.empty(); }

  private:
    std::vector<Action> pending_;
};

}  // namespace ws::ui
