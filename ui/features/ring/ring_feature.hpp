// Across GPUs (issue 20): the all-reduce of `gpus` virtual GPUs' arrays by the ring or the naive
// plan, emulated on the CPU (kernels/multi; a few milliseconds at the view's sizes, so on the
// window's thread) whenever the panel changes them. Its flags and link (in the ring view):
// --ring-gpus, --ring-naive, --ring-n.
#pragma once
#include "ui/features/feature.hpp"
#include "ui/features/ring/ring_state.hpp"

namespace ws::ui {

class RingFeature final : public Feature {
  public:
    explicit RingFeature(RingState& state) : state_(state) {}

    Outcome apply(const WindowArgs& a, const FeatureContext& c) override;
    void link_args(const FeatureContext& c, WindowArgs& out) const override;
    std::optional<Outcome> handle(const Action& a, const FeatureContext& c) override;
    Outcome update(const FeatureContext&) override { return {}; }

    // Runs the emulated all-reduce for the state's GPUs, size and plan; the cursor to its start.
    Outcome run();

  private:
    RingState& state_;
};

}  // namespace ws::ui
