// Lecture mode: the slide's card of the presenter layout (ui/geometry/presenter_layout.hpp): the
// lesson and "slide k of N", the heading, what to say and the question to the class, in large
// type across the window, and the quiz box at its right while an attempt is on. The teacher's
// note is never drawn here: it is in the teacher's own window (ui/teacher_window.hpp).
#pragma once
#include <string>

#include "ui/geometry/presenter_layout.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

struct UiState;
struct PanelContext;

// A lesson's slide is on: the window uses the presenter layout.
bool lecture_on(const UiState& ui);
// What the card needs at those widths, measured with the window's fonts (no frame needed).
SlideCardNeeds measure_slide_card(const UiState& ui, const SlideCardWidths& widths);
// Every word the card shows, a paragraph a line (what the class sees of the slide).
std::string slide_card_text(const UiState& ui);
// The card at layout.slide; nothing when it is empty.
void draw_slide_card(const TraceView& v, PanelContext& ctx, const Layout& layout);

}  // namespace ws::ui
