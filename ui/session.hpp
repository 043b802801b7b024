// A window session: the UiState, the trace on show (never null), the data every panel shares
// (SASS listings, the GPU's recorded counts) and one controller per feature (ui/features), each
// owning its part of the state and its background work. The session applies the window's flags
// through the features, drains the actions panels and keys post, in order, handing each to its
// feature, and applies what the features return (a trace to show, a request to run, a banner).
// Works in the background (the interactive window) or on the calling thread (screenshots and
// benches, which must be deterministic).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "ui/actions.hpp"
#include "ui/features/editor/editor_feature.hpp"
#include "ui/features/files/files_feature.hpp"
#include "ui/features/lab/lab_feature.hpp"
#include "ui/features/lesson/lesson_feature.hpp"
#include "ui/features/race/race_feature.hpp"
#include "ui/features/ring/ring_feature.hpp"
#include "ui/features/runs/runs_feature.hpp"
#include "ui/model/lab/sass_listing.hpp"
#include "ui/model/trace/hardware_view.hpp"
#include "ui/ui_state.hpp"
#include "ui/window_args.hpp"

namespace ws::ui {

// The flags' look (theme, font scale, presentation mode): part of Session::apply, and apart for
// a window that opens before the flags run (the web page: its fonts then built once).
void apply_look(UiState& ui, const WindowArgs& a);

class Session {
  public:
    // `gpu`: the registered GPU backend is offered (the controls' choice, the lab's live
    // sweep, which always runs in the background); the interactive window offers it, pictures
    // only when asked (--backend cuda, --sweep).
    explicit Session(bool background, bool gpu);
    explicit Session(bool background) : Session(background, background) {}
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    UiState ui;
    const TraceView& view() const { return *view_; }

    // The window's flags: the session's own (the view, the look), then each feature's, each
    // running what it asks for (at once, for a synchronous session). "" or the one-line error
    // for exit code 2.
    std::string apply(const WindowArgs& a);
    // Picks up finished work, then drains the actions posted since the last call, in order (and
    // those they post in turn). Returns the ones only the renderer can carry out (a new style, a
    // PNG of the frame, a GIF, the clipboard), for the window.
    std::vector<Action> update();
    void post(Action a) { ui.post(std::move(a)); }
    // Right before a frame is drawn, after the playback clock moved the cursor: what follows
    // the cursor (the quiz's question: act::FollowCursor, the lesson feature's) follows it now,
    // so that the frame shows the question about the step after the one it shows.
    void follow_cursor();
    // The window flags that reproduce the state on show: the request (or the lesson's slide that
    // brings it), the view and the look, and every feature's (Copy link and Copy command carry
    // these; state_link.hpp writes them).
    std::vector<std::string> link_flags() const;
    // One line for each data file that could not be read at start (lessons, measurements,
    // hardware counts, SASS, puzzles): the window starts without them.
    std::vector<std::string> data_problems() const;

    // The actions the tests and the offscreen renderer ask for directly, run now.
    void run_form();
    void run_circuits();
    std::string open_trace(const std::string& path);  // "" or the one-line error

  private:
    FeatureContext context() const { return {ui, *view_}; }
    void dispatch(const Action& a, std::vector<Action>& for_window);
    void take(Outcome o, std::vector<Action>& for_window);
    void show(std::shared_ptr<const TraceView> v, const std::string& note,
              const std::string& replayed_from);
    void copy_link(const act::CopyLink& c, std::vector<Action>& for_window);

    std::shared_ptr<const TraceView> view_;
    SassLibrary sass_;
    HardwareLibrary hardware_;
    std::unique_ptr<RingFeature> ring_;
    std::unique_ptr<LabFeature> lab_;
    std::unique_ptr<FilesFeature> files_;
    std::unique_ptr<RunsFeature> runs_;
    std::unique_ptr<LessonFeature> lessons_;
    std::unique_ptr<EditorFeature> editor_;
    std::unique_ptr<RaceFeature> race_;
    // Every feature, in the order they apply the window's flags (the ring's cursor first, then
    // the trace or the request, then what runs on it) and give their link flags.
    std::vector<Feature*> features_;
};

}  // namespace ws::ui
