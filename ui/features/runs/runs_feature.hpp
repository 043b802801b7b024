// Runs: the request the controls edit (Preferences::form), run in the background and shown; the
// compare side (Preferences::compare_algo) on the same input; the three side-by-side networks
// (Preferences::circuit_side_by_side). Its flags: the request's, --max-memory, --compare and
// --side-by-side; its link: the request (unless a slide brings it), the compare side in the
// compare view, the side-by-side networks in the circuit view.
#pragma once
#include <array>
#include <memory>

#include "ui/features/feature.hpp"
#include "ui/features/job.hpp"
#include "ui/features/runs/run_request.hpp"
#include "ui/features/runs/runs_state.hpp"
#include "ui/preferences.hpp"

namespace ws::ui {

class RunsFeature final : public Feature {
  public:
    // Owns `state` and, of the preferences, the form, the compare side and the circuit's mode.
    RunsFeature(RunsState& state, Preferences& prefs, bool background);

    Outcome apply(const WindowArgs& a, const FeatureContext& c) override;
    void link_args(const FeatureContext& c, WindowArgs& out) const override;
    std::optional<Outcome> handle(const Action& a, const FeatureContext& c) override;
    Outcome update(const FeatureContext& c) override;

    // Checks the form and runs it, then the compare side and (when on) the networks on the same
    // input. A form that is not a valid request leaves the trace on show and says why in
    // state.form_error; one that would take the emulator seconds waits for `confirmed`.
    Outcome run_form(const FeatureContext& c, bool confirmed);
    // The form as it is, without running it (a trace opened or a feature's request).
    void set_form(const RequestForm& f) { prefs_.form = f; }
    void run_compare();
    // The side-by-side networks for the form's request (or the one on show).
    void run_circuits(const FeatureContext& c);

  private:
    RunsState& state_;
    Preferences& prefs_;
    bool background_;
    bool confirmed_ = false;  // the next run may be slow: it was asked for
    Job<RunResult> main_, compare_;
    std::array<std::unique_ptr<Job<RunResult>>, 3> circuits_;  // made at the first request
};

}  // namespace ws::ui
