// What panels and keys ask of the window, as typed actions posted to one queue that the session
// drains once a frame, in the order they were posted (issue 34: no flags polled in a fixed
// order). The window's own (the cursor, the help, presentation, the view, the tabs, the banner,
// the look) it applies itself (window_actions.hpp); each feature's goes to that feature
// (ui/features); those only the renderer can carry out (a new style, a PNG of the frame, a GIF,
// the clipboard) come back to the window (app_window.cpp). Keys post the same actions as the
// buttons (keys.hpp). Panels change nothing but their own state (ui/panel_context.hpp): every
// other change they make is one of these, a field edited included (its new value carried).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ui/layout.hpp"
#include "ui/model/lab/lab_data.hpp"
#include "ui/model/window/frame_export.hpp"
#include "ui/model/window/request_form.hpp"

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
struct StepAt {  // a click or a drag on the steps (the playback strip, the warps)
    std::size_t step = 0;
};
struct TogglePresentation {};
struct ToggleControls {};
struct ToggleHelp {};
struct CloseHelp {  // Esc: also cancels a GIF or PNG export (the overlay's close box does not)
    bool cancels_export = true;
};
struct ShowView {  // the header's view tabs
    View view = View::Step;
};
struct BringToFront {  // a tab clicked where panels share a place
    PanelId panel = PanelId::Controls;
};
struct DismissBanner {};  // a click on the header's banner
// The look and the playback's speed (Preferences): a new theme restyles at once, a new text
// size once the slider is let go (the controls then post Restyle).
struct SetTheme {
    std::string theme;
};
struct SetFontScale {
    float scale = 1.0f;
};
struct SetSpeed {
    double steps_per_second = 0;
};
// Runs: the form (UiState::form) changed; `confirmed`: run it whatever its size (Run it).
struct RunForm {
    bool confirmed = false;
};
// The controls edited the form into `form` (run as RunForm runs it); `note`: what a switch of
// algorithm changed in it, for the header (adopt_variant_rules), or "".
struct EditForm {
    RequestForm form;
    std::string note;
};
struct RunCompare {};    // the compare side's algorithm changed
struct RunCircuits {};   // the side-by-side networks were asked for
struct SetCompareAlgo {  // the compare side's algorithm chosen: set, then run
    std::string algo;
};
struct SetCompareN {  // the n the compare panel reads the timings at
    std::uint64_t n = 0;
};
struct SetSideBySide {  // the circuit view's mode: the three networks (run) or this block
    bool on = false;
};
// The ring: its GPUs, plan or size changed.
struct RunRing {};
struct SetRing {  // the panel's choice of GPUs, plan and size: set, then run
    unsigned gpus = 0;
    bool naive = false;
    std::uint64_t n = 0;
};
// The race lab: search the form's request for a schedule that changes its result.
struct FindRace {};
struct CloseRaceStory {};
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
struct KernelEdited {  // the text changed into `text`: its error mark and grade are stale
    std::string text;
};
struct GradeKernel {};
struct OpenPuzzle {
    std::string file;
};
struct LoadKernel {  // the text from a file (a template, the file below the editor)
    std::string path;
};
struct CopyKernel {};  // the text of the catalog's kernel the controls chose
struct SetKernelPath {
    std::string path;
};
struct ToggleHint {};  // the open puzzle's hint, shown or hidden
// The lab: the recording on show (`for_algo`: the algorithm it was chosen for), the type and
// family plotted, the multi-GPU family's page, a line shown or left out, the sweep's range.
struct ChooseLabFile {
    std::size_t file = 0;
    std::string for_algo;
};
struct SetLabType {
    std::string type;
};
struct SetLabFamily {
    LabLines lines = LabLines::Reductions;
};
struct SetLabFits {
    bool fits = false;
};
struct ShowLabLine {
    std::string algo;
    bool shown = true;
};
struct SetSweepRange {  // log2 of the smallest and largest n
    int from = 0, to = 0;
};
// The lab's live sweep.
struct StartSweep {};
struct CancelSweep {};
struct SaveSweep {};
// Files and export: the trace file's path, the picture to export (the window or a panel, the
// folder, the name) and the steps of a GIF or PNGs (`to` -1: the last).
struct SetTracePath {
    std::string path;
};
struct SetExport {
    std::optional<PanelId> panel;
    std::string folder, name;
};
struct SetFramesRange {
    long from = 0, to = -1;
};
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

using Action = std::variant<
    act::PlayPause, act::StepBy, act::StepTo, act::StepAt, act::TogglePresentation,
    act::ToggleControls, act::ToggleHelp, act::CloseHelp, act::ShowView, act::BringToFront,
    act::DismissBanner, act::SetTheme, act::SetFontScale, act::SetSpeed, act::RunForm,
    act::EditForm, act::RunCompare, act::RunCircuits, act::SetCompareAlgo, act::SetCompareN,
    act::SetSideBySide, act::RunRing, act::SetRing, act::FindRace, act::CloseRaceStory,
    act::OpenLesson, act::MoveSlide, act::ShowLessons, act::ToggleNotes, act::ToggleWholeStage,
    act::ShowRecording, act::StartQuiz, act::StopQuiz, act::ToggleQuiz, act::FollowCursor,
    act::TypeQuizAnswer, act::AnswerQuiz, act::PickQuizCell, act::RunKernel, act::KernelEdited,
    act::GradeKernel, act::OpenPuzzle, act::LoadKernel, act::CopyKernel, act::SetKernelPath,
    act::ToggleHint, act::ChooseLabFile, act::SetLabType, act::SetLabFamily, act::SetLabFits,
    act::ShowLabLine, act::SetSweepRange, act::StartSweep, act::CancelSweep, act::SaveSweep,
    act::SetTracePath, act::SetExport, act::SetFramesRange, act::OpenTrace, act::SaveTrace,
    act::ExportStats, act::ExportQuizScores, act::CopyLink, act::Restyle, act::ExportPng,
    act::StartFrames, act::CancelFrames, act::Clipboard>;

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
