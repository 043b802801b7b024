// UiState: everything the window remembers between frames. Its playback cursor
// (`playback.step`, read through step()) is the single current step every panel shows.
//
// The hub holds only what every part of the window shares: the preferences the settings keep
// (the base), the cursor, the tabs in front, the header's lines and the action queue panels post
// to; the session and the window (its own actions: window_actions.hpp) write it. Each feature's own
// part is its state struct (ui/features/*/..._state.hpp), written by its controller alone. Panels
// and widgets get it read-only (PanelContext: `const UiState&`, their own PanelState and the
// queue) and post actions (ui/actions.hpp) for the session to drain before the next frame.
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include "ui/actions.hpp"
#include "ui/features/editor/editor_state.hpp"
#include "ui/features/files/files_state.hpp"
#include "ui/features/lab/lab_state.hpp"
#include "ui/features/lesson/lesson_state.hpp"
#include "ui/features/race/race_state.hpp"
#include "ui/features/ring/ring_state.hpp"
#include "ui/features/runs/runs_state.hpp"
#include "ui/layout.hpp"
#include "ui/model/lab/sass_listing.hpp"
#include "ui/model/trace/hardware_view.hpp"
#include "ui/model/window/playback.hpp"
#include "ui/model/window/stale_view.hpp"
#include "ui/panel_context.hpp"
#include "ui/panel_state.hpp"
#include "ui/preferences.hpp"

namespace ws::ui {

// Preferences (the base) are what the settings file keeps: the form, the view, the look, the
// playback speed.
struct UiState : Preferences {
    Playback playback;
    std::size_t step() const { return playback.step; }
    bool help_open = false;  // the keys and mouse overlay (F1 or ?)
    // How often the lesson list was asked for (act::ShowLessons: Page Down with no lesson on,
    // --show-lessons): the controls open their Lessons list and scroll to it once for each.
    unsigned lessons_asked = 0;
    // Where panels share a rectangle as tabs: the panels the user brought to the front, most
    // recent first (a group shows the first of them it holds, else its first panel), and the
    // tab groups drawn in the last frame (a new group selects its front tab once).
    std::vector<PanelId> recent_tabs;
    std::vector<std::string> tab_groups_drawn;
    // The algorithm whose lesson panel was last brought to the front (frame.cpp: a memory-family
    // kernel shows the Global memory panel first, once, when its trace arrives).
    std::string lesson_tab_for;

    // What panels and keys ask for, drained by the session once a frame in order.
    ActionQueue actions;
    void post(Action a) { actions.post(std::move(a)); }

    // What the header shows.
    std::string banner;         // an error the program survived, until dismissed
    std::string note;           // the last run's note (fallbacks, timings)
    std::string gpu_name;       // empty: no GPU backend registered
    std::string replayed_from;  // the trace file on show, "" when it is a run of this session
    // The trace on show is the last good run after a failed one: the header says why, the trace
    // panels draw dimmed (written by the session).
    StaleView stale;
    // The GPU's own counts for the trace on show, beside ours (made when a trace arrives), and
    // every algorithm's SASS (assets/sass), for its panel.
    HardwareView hardware;
    const SassLibrary* sass = nullptr;

    // The features' own parts (ui/features).
    RunsState runs;      // step-through and compare
    EditorState editor;  // your kernel and the puzzles
    RaceState race;      // the race lab
    LessonState lesson;  // lecture mode and the quiz
    LabState lab;        // the bandwidth lab and its live sweep
    RingState ring;      // across GPUs
    FilesState files;    // trace files, exports, links

    // The panels' own (zoom, picks, scrolling).
    PanelState panels;
};

// What the panels draw with: `ui` to read, its panels' own state and its action queue.
inline PanelContext panel_context(UiState& ui) {
    return {ui, ui.panels, ui.actions};
}

// Puts `p` first among the panels brought to the front (tab groups select it).
inline void bring_to_front(UiState& ui, PanelId p) {
    ui.recent_tabs.erase(std::remove(ui.recent_tabs.begin(), ui.recent_tabs.end(), p),
                         ui.recent_tabs.end());
    ui.recent_tabs.insert(ui.recent_tabs.begin(), p);
}

}  // namespace ws::ui
