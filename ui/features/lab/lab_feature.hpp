// The bandwidth lab: the recorded measurements (assets/measurements, read once), the family and
// type it plots, and the live sweep on a GPU that times (a SweepJob), whose file the lab shows and
// can save into assets/measurements. Its flags and link (in the lab view): --lab-family,
// --lab-type.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "ui/features/feature.hpp"
#include "ui/features/lab/lab_state.hpp"
#include "ui/features/lab/sweep_job.hpp"

namespace ws::ui {

class LabFeature final : public Feature {
  public:
    // Reads the measurements under `root`; `timer` sweeps when it can (nullptr: no sweeps).
    LabFeature(LabState& state, const std::string& root, const run::Backend* timer,
               bool background);

    Outcome apply(const WindowArgs& a, const FeatureContext& c) override;
    void link_args(const FeatureContext& c, WindowArgs& out) const override;
    std::optional<Outcome> handle(const Action& a, const FeatureContext& c) override;
    Outcome update(const FeatureContext& c) override;
    std::vector<std::string> data_problems() const override;

  private:
    // What the lab panel chose (the recording, type, family, page, lines, the sweep's range);
    // false for any other action.
    bool choice(const Action& a, const FeatureContext& c);
    Outcome save_sweep();
    void start_sweep(const FeatureContext& c);
    // Shows the recording of that name (its file's stem), kept for `algo`; false if none.
    bool show_file(const std::string& name, const std::string& algo);

    LabState& state_;
    std::string root_;
    LabData lab_;
    SweepJob sweeper_;
    // The running sweep's file among the lab's (its points so far), shown while it measures.
    std::optional<std::size_t> live_;
};

}  // namespace ws::ui
