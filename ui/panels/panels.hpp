// The panels. Each draws its contents inside the window the frame opened for it, reads only the
// TraceView, and writes only UiState. One file each.
#pragma once
#include "ui/model/trace_view.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

void draw_header(const TraceView& v, UiState& ui);
void draw_controls(const TraceView& v, UiState& ui);
void draw_shared_memory(const TraceView& v, UiState& ui);
void draw_warps(const TraceView& v, UiState& ui);
void draw_banks(const TraceView& v, UiState& ui);
void draw_code(const TraceView& v, UiState& ui);
void draw_explanation(const TraceView& v, UiState& ui);
void draw_timeline(const TraceView& v, UiState& ui);
void draw_compare(const TraceView& v, UiState& ui);
void draw_lab(const TraceView& v, UiState& ui);
void draw_circuit(const TraceView& v, UiState& ui);
// Over the panels, while UiState::help_open: the keys and the mouse (F1 or ?).
void draw_help(UiState& ui);

}  // namespace ws::ui
