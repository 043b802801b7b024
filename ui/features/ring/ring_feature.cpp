#include "ui/features/ring/ring_feature.hpp"

namespace ws::ui {

Outcome RingFeature::apply(const WindowArgs& a, const FeatureContext&) {
    if (a.ring_gpus) state_.gpus = *a.ring_gpus;
    if (a.ring_n) state_.n = *a.ring_n;
    state_.naive = state_.naive || a.ring_naive;
    return run();
}

void RingFeature::link_args(const FeatureContext& c, WindowArgs& out) const {
    if (c.ui.view != View::Ring) return;
    if (state_.gpus != kDefaultRingGpus) out.ring_gpus = state_.gpus;
    if (state_.n != kDefaultRingElements) out.ring_n = state_.n;
    out.ring_naive = state_.naive;
}

std::optional<Outcome> RingFeature::handle(const Action& a, const FeatureContext&) {
    if (const auto* s = std::get_if<act::SetRing>(&a)) {
        state_.gpus = s->gpus;
        state_.naive = s->naive;
        state_.n = s->n;
        return run();
    }
    if (!is<act::RunRing>(a)) return std::nullopt;
    return run();
}

Outcome RingFeature::run() {
    const multi::RingPlan plan = state_.naive
                                     ? multi::naive_plan(state_.n, state_.gpus, sizeof(float))
                                     : multi::ring_plan(state_.n, state_.gpus, sizeof(float));
    state_.run = std::make_shared<const multi::RingRun>(
        multi::emulate_ring(plan, trace::DType::Float32, "random", 1));
    Outcome out;
    out.step = 0;
    return out;
}

}  // namespace ws::ui
