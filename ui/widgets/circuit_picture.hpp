// One scan (or reduction) network drawn from its Circuit: a wire per element column, a row per
// level, a dot for each addition with an edge from each operand. Levels before the current step
// are drawn solid, the current step's level highlighted (its edges grow in as the step eases in),
// later levels faint, so that the whole shape shows from the first step. Wheel zooms the columns
// about the cursor, dragging pans, double-click fits; hovering a dot names the addition.
#pragma once
#include <imgui.h>

#include "ui/model/trace/trace_view.hpp"
#include "ui/model/window/playback.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

struct CircuitPictureOptions {
    bool interactive = true;     // zoom and pan (tooltips always)
    bool step_labels = true;     // "(3,0)" beside each level's number
    std::uint32_t min_rows = 0;  // share a row height with deeper networks beside this one
};

// `step`: the trace view's step the picture shows (already clamped by the caller).
void draw_circuit_picture(const char* id, const TraceView& v, std::size_t step, const Playback& pb,
                          CircuitViewState& vs, ImVec2 size,
                          const CircuitPictureOptions& options = {});

}  // namespace ws::ui
