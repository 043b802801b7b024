// The race lab: Find a race searches the form's request (warpscope race: block 0 under schedules
// with a few threads sent ahead) off the window's thread; its story goes to the explanation panel
// and, when a schedule changes the result, that schedule into the form, the cursor placed on the
// race's first access once its trace arrives. Its flag: --find-race; its link: nothing of its
// own (the schedule it found is in the request).
#pragma once
#include <optional>
#include <string>

#include "kernels/run/race_search.hpp"
#include "ui/features/feature.hpp"
#include "ui/features/job.hpp"
#include "ui/features/race/race_state.hpp"

namespace ws::ui {

class RaceFeature final : public Feature {
  public:
    RaceFeature(RaceState& state, bool background) : state_(state), search_(background) {}

    Outcome apply(const WindowArgs& a, const FeatureContext& c) override;
    void link_args(const FeatureContext&, WindowArgs&) const override {}
    std::optional<Outcome> handle(const Action& a, const FeatureContext& c) override;
    Outcome update(const FeatureContext& c) override;
    std::optional<std::size_t> shown(const TraceView& v) override;

  private:
    RaceState& state_;
    Job<run::RaceStory> search_;
    // The found race's first access, shown when the trace of its schedule arrives.
    std::optional<run::RaceAccess> jump_;
    std::string jump_schedule_;
};

}  // namespace ws::ui
