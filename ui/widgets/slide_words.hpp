// Lecture mode: the current slide's words (the lesson, "slide k of N", the heading, what to say,
// the question, and the teacher's note when N shows it), drawn where the explanation panel is,
// or over the bottom of a view that has none (the circuit view, the lab).
#pragma once

namespace ws::ui {

struct Layout;
struct UiState;

// Into the current window; false (nothing drawn) when no lesson is on.
bool draw_slide_words(const UiState& ui);
// Over the bottom of the stage, when a lesson is on and the view has no explanation panel.
void draw_slide_overlay(const UiState& ui, const Layout& layout);

}  // namespace ws::ui
