// A window session: the UiState, the trace being shown (never null), the runners for it and
// for the compare variant, and the actions panels ask for (re-run, compare, open and save
// trace files, export stats). Works in the background (the interactive window) or on the
// calling thread (screenshots and benches, which must be deterministic).
#pragma once
#include <array>
#include <future>
#include <memory>
#include <optional>
#include <string>

#include "kernels/run/race_search.hpp"
#include "kernels/user/puzzle.hpp"
#include "kernels/user/user_run.hpp"
#include "ui/model/measurements.hpp"
#include "ui/runner.hpp"
#include "ui/sweeper.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

class Session {
  public:
    explicit Session(bool background);

    UiState ui;
    const TraceView& view() const { return *view_; }

    // Checks ui.form and runs it (and the compare variant on the same input). A form that is
    // not a valid request leaves the current trace and sets ui.form_error.
    void run_form();
    void run_compare();
    // The side-by-side networks (only while ui.circuit_side_by_side is on).
    void run_circuits();
    // Shows a saved trace (its request fills the form). Returns "" or a one-line error.
    std::string open_trace(const std::string& path);
    // The current lesson's slide, or nullptr when no lesson is on.
    const Slide* current_slide() const;
    // Picks up finished runs and acts on what the panels asked for in the last frame
    // (except ExportPng, which needs the renderer).
    void update();

    // The ring view's emulated all-reduce for its GPUs, size and plan (UiState::ring).
    static void run_ring(UiState& ui);

  private:
    void show(RunResult result, const std::string& replayed_from = "");
    void file_action();
    void sweep_actions();
    void race_actions();
    void slide_actions();
    void quiz_actions();
    // "cuda" when the controls chose the GPU and this build, a GPU and NVRTC can run a
    // student's kernel there; else "cpu".
    static std::string editor_backend(const RequestForm& form);
    void editor_actions();
    void take_editor_result(user::UserRunResult result);
    void take_grade(const user::PuzzleGrade& grade);

    bool background_;
    std::shared_ptr<const TraceView> view_;
    std::unique_ptr<Runner> main_, compare_;
    std::array<std::unique_ptr<Runner>, 3> circuits_;  // made at the first side-by-side run
    std::unique_ptr<Sweeper> sweeper_;
    std::future<run::RaceStory> race_;
    std::future<user::UserRunResult> editor_run_;  // the editor's kernel, running
    std::future<user::PuzzleGrade> grade_run_;     // its puzzle's checks, running
    std::string editor_form_algo_;  // the controls' algorithm when it ran (another: the catalog)
    // The found race's first access, shown when the trace of its schedule arrives.
    std::optional<run::RaceAccess> race_jump_;
    std::string race_jump_schedule_;
    LabData lab_;
    SassLibrary sass_;
    HardwareLibrary hardware_;
    LessonLibrary lessons_;
    // The step a slide (or a quiz attempt) asks for, placed when the trace of its request
    // arrives.
    std::optional<long> slide_step_;
    trace::Request slide_request_;
};

}  // namespace ws::ui
