// "Predict the next step" in the explanation panel: the question about the step after the
// cursor, an answer typed (or a cell clicked in the Shared memory panel), the verdict and its
// explanation from the trace, the score of the lesson or algorithm, the attempt's seed, and
// the buttons: reveal the step, new inputs, stop, the scores as CSV. It only reads the quiz
// (LessonState::quiz) and posts what is typed and answered to the lesson feature, which checks
// and counts it.
#pragma once
#include "ui/model/trace/trace_view.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

void draw_quiz_box(const TraceView& v, PanelContext& ctx);
// The box's height at `width`, with the window's fonts and style (no frame needed): what the
// slide's card gives it in lecture mode.
float quiz_box_height(const UiState& ui, float width);
// Where the score goes: the lesson on, else the algorithm on show.
std::string quiz_score_key(const TraceView& v, const UiState& ui);
// A cell clicked in the Shared memory panel while a question wants one: posted as the answer.
void answer_with_cell(PanelContext& ctx, std::uint32_t cell);

}  // namespace ws::ui
