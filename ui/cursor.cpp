#include "ui/cursor.hpp"

namespace ws::ui {

const TraceView& cursor_view(const TraceView& v, const UiState& ui) {
    if (ui.view != View::Circuit || !ui.circuit_side_by_side) return v;
    const TraceView* deepest = &v;
    for (const auto& c : ui.runs.circuits)
        if (c && c->step_count() > deepest->step_count()) deepest = c.get();
    return *deepest;
}

std::size_t playback_count(const TraceView& v, const UiState& ui) {
    if (ui.view == View::Ring) return ui.ring.run ? ui.ring.run->after_step.size() : 0;
    if (ui.view == View::Pipeline) return v.pipeline.moments.size();
    return cursor_view(v, ui).step_count();
}

}  // namespace ws::ui
