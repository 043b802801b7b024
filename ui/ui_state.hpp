// UiState: everything the window remembers between frames. Its playback cursor
// (`playback.step`, read through step()) is the single current step every panel shows.
// Panels read the TraceView and write only here; the app loop acts on the requests they leave
// (a changed form re-runs, a file action runs) at the end of the frame.
#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kernels/multi/ring_emulator.hpp"
#include "ui/layout.hpp"
#include "ui/model/frame_export.hpp"
#include "ui/model/hardware_view.hpp"
#include "ui/model/kernel_editor.hpp"
#include "ui/model/lesson.hpp"
#include "ui/model/measurements.hpp"
#include "ui/model/playback.hpp"
#include "ui/model/quiz_state.hpp"
#include "ui/model/request_form.hpp"
#include "ui/model/sass_listing.hpp"
#include "ui/model/trace_view.hpp"
#include "ui/preferences.hpp"
#include "ui/sweeper.hpp"

namespace ws::ui {

// Zoom and pan of one shared-memory picture.
struct GridViewState {
    float zoom = 1.0f;
    float pan_x = 0, pan_y = 0;
    std::size_t followed_step = static_cast<std::size_t>(-1);  // the step last scrolled to
};

// Zoom and pan of one circuit picture (columns only).
struct CircuitViewState {
    float zoom = 1.0f;
    float pan_x = 0;
};

enum class FileAction {
    None,
    OpenTrace,
    SaveTrace,
    ExportPng,
    ExportCsv,
    ExportJson,
    ExportQuizCsv,  // the quiz scores, for a teacher (export folder, quiz-scores.csv)
};

// Preferences (the base) are what the settings file keeps: the form, the view, the look, the
// playback speed.
struct UiState : Preferences {
    Playback playback;
    std::size_t step() const { return playback.step; }
    bool help_open = false;  // the keys and mouse overlay (F1 or ?)
    // Where panels share a rectangle as tabs: the panels the user brought to the front, most
    // recent first (a group shows the first of them it holds, else its first panel), and the
    // tab groups drawn in the last frame (a new group selects its front tab once).
    std::vector<PanelId> recent_tabs;
    std::vector<std::string> tab_groups_drawn;
    // The algorithm whose lesson panel was last brought to the front (frame.cpp: a memory-family
    // kernel shows the Global memory panel first, once, when its trace arrives).
    std::string lesson_tab_for;

    // The request as the controls edit it (Preferences::form); the app re-runs when
    // `form_changed` is set.
    std::string form_error;        // why the form is not a valid request ("" when it is)
    std::uint64_t max_memory = 0;  // --max-memory: requests needing more are refused; 0: free
    bool form_changed = false;
    // A request this large takes the emulator seconds: it waits for the Run button
    // (slow_run_seconds estimates how long) instead of running at every keystroke.
    bool slow_run_pending = false, slow_run_confirmed = false;
    double slow_run_seconds = 0;
    bool running = false;  // the main request is being run (show "running...")
    double running_seconds = 0;

    // A race search of the form's request (warpscope race): asked for by the controls, run by
    // the session off the UI thread; its story shows in the explanation panel while the
    // algorithm stays the one it was told of, and its schedule goes into the form.
    bool race_find = false, race_running = false;
    std::vector<std::string> race_story;
    std::string race_story_algo;

    // Lecture mode: a lesson (ui/model/lesson.hpp) and its slide; `slide_changed` asks the
    // session to show the slide (its request, view, panel and step). N shows the teacher's note.
    const LessonLibrary* lessons = nullptr;
    std::string lesson;  // Lesson::name; "" when no lesson is on
    std::size_t slide = 0;
    bool slide_changed = false;
    bool notes_shown = false;

    // Predict the next step (ui/model/quiz_state.hpp): Q starts or stops an attempt.
    QuizState quiz;

    // Your kernel (ui/model/kernel_editor.hpp): the editor's text, run by the session; the
    // puzzles it can open (assets/puzzles: file and "3. Title"), read once by the session.
    EditorState editor;
    std::vector<std::pair<std::string, std::string>> puzzles;

    // Compare: a second variant (Preferences::compare_algo) on the same input, stepped with the
    // same cursor.
    bool compare_changed = false;
    bool compare_running = false;
    std::shared_ptr<const TraceView> compare;
    std::uint64_t compare_n = 0;  // the n compare's timings are read at (0: the largest measured)

    // Circuit: the traced block's network, or (Preferences::circuit_side_by_side) three networks
    // of circuit_m elements side by side (kSideBySide in ui/model/circuit_text.hpp), run on the
    // same input when asked for.
    bool circuit_changed = false;
    bool circuit_running = false;
    std::uint32_t circuit_m = 0;
    std::array<std::shared_ptr<const TraceView>, 3> circuits;

    // Ring: the all-reduce across virtual GPUs (issue 20), emulated on the CPU (kernels/multi)
    // for ring_gpus GPUs of ring_n floats each, by the ring or the naive plan; stepped with the
    // playback cursor (state 0 the start, s after step s).
    unsigned ring_gpus = 4;
    bool ring_naive = false;
    std::uint64_t ring_n = 1000;
    bool ring_changed = true;
    std::shared_ptr<const multi::RingRun> ring;

    // The look (Preferences): the app applies a change before the next frame.
    bool style_changed = false;

    // Panels' own state.
    GridViewState shared_grid, compare_grid[2];
    CircuitViewState circuit_view, circuit_side_view[3];
    long bank_pick = -1;  // instruction (index into the step's) the banks panel shows
    std::size_t bank_pick_step = static_cast<std::size_t>(-1);  // step the pick belongs to
    long global_pick = -1;  // the same for the global memory panel's instruction
    std::size_t global_pick_step = static_cast<std::size_t>(-1);
    std::size_t code_scrolled_to = static_cast<std::size_t>(-1);   // step the code panel followed
    std::size_t warps_scrolled_to = static_cast<std::size_t>(-1);  // and the warps panel
    std::string lab_type = "int";
    // The lab's lines: a family (none chosen: the chosen algorithm's), less the ones left out
    // (the user ticks them back).
    std::optional<LabLines> lab_lines;
    std::vector<std::string> lab_hidden = hidden_baselines();
    std::size_t lab_file = 0;
    std::string lab_file_chosen_for;  // the algorithm the lab last picked a file for
    const LabData* lab = nullptr;
    const SassLibrary* sass = nullptr;  // every algorithm's SASS (assets/sass), for its panel
    // The GPU's own counts for the trace on show, beside ours (made when a trace arrives).
    HardwareView hardware;
    // Live sweeps (only with a GPU backend): the lab asks, the session runs them.
    bool sweep_available = false;
    SweepStatus sweep;
    int sweep_from = 10, sweep_to = 26;  // log2 of the smallest and largest n
    bool sweep_start = false, sweep_cancel = false, sweep_save = false;

    // What the header shows.
    std::string banner;         // an error the program survived, until dismissed
    std::string note;           // the last run's note (fallbacks, timings)
    std::string gpu_name;       // empty: no GPU backend registered
    std::string replayed_from;  // the trace file on show, "" when it is a run of this session

    // A file operation asked for by the controls panel, carried out by the app.
    FileAction file_action = FileAction::None;
    std::string file_path = "warpscope-trace.wstrace";
    std::string file_message;
    // Export PNG: the whole window or one panel, into a folder, under a name (empty: the one
    // default_png_name suggests for the algorithm, step and panel).
    std::optional<PanelId> export_panel;
    std::string export_folder = ".";
    std::string export_name;
    // A step range as an animated GIF or numbered PNGs (run by the app a frame at a time).
    FramesExport frames;
    // "Copy link": what was put on the clipboard, shown until the next copy.
    std::string link_copied;
};

// Puts `p` first among the panels brought to the front (tab groups select it).
inline void bring_to_front(UiState& ui, PanelId p) {
    ui.recent_tabs.erase(std::remove(ui.recent_tabs.begin(), ui.recent_tabs.end(), p),
                         ui.recent_tabs.end());
    ui.recent_tabs.insert(ui.recent_tabs.begin(), p);
}

}  // namespace ws::ui
