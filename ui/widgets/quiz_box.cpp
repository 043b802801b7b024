// The quiz box.
#include "ui/widgets/quiz_box.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <string>

#include "ui/fonts.hpp"
#include "ui/model/window/playback.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {
namespace {

const char* answer_hint(AnswerShape s) {
    switch (s) {
        case AnswerShape::Number:
            return "a number, e.g. 7";
        case AnswerShape::Numbers:
            return "numbers, e.g. 0, 2 (or none)";
        case AnswerShape::Cell:
            return "a cell, e.g. s[12], or click it in Shared memory";
        case AnswerShape::Value:
            return "a value, e.g. 42";
    }
    return "";
}

void score_line(const TraceView& v, UiState& ui) {
    const std::string key = quiz_score_key(v, ui);
    const QuizScore& s = score_of(ui.quiz_scores, key);
    text_wrapped_colored(palette().text_dim, "score in " + key + ": " +
                                                 std::to_string(s.total.correct) + " of " +
                                                 std::to_string(s.total.attempts) + " right");
}

void buttons(const TraceView& v, UiState& ui) {
    QuizState& q = ui.lesson.quiz;
    const std::size_t n = v.step_count();
    if (q.question) {
        if (ImGui::Button(q.verdict ? "Show the step (\xe2\x86\x92)" : "Skip: show the step"))
            step_by(ui.playback, 1, n);
        ImGui::SameLine();
    }
    if (ImGui::Button("New inputs")) ui.post(act::StartQuiz{true});
    ImGui::SameLine();
    if (ImGui::Button("Stop (Q)")) ui.post(act::StopQuiz{});
    ImGui::SameLine();
    if (ImGui::Button("Scores as CSV")) ui.post(act::ExportQuizScores{});
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("quiz-scores.csv in the export folder (Files): every lesson's score");
}

}  // namespace

std::string quiz_score_key(const TraceView& v, const UiState& ui) {
    if (!ui.lesson.name.empty()) return ui.lesson.name;
    return v.trace ? v.trace->request.algo : ui.form.algo;
}

void answer_with_cell(const TraceView& v, UiState& ui, std::uint32_t cell) {
    QuizState& q = ui.lesson.quiz;
    if (!q.question || q.question->shape != AnswerShape::Cell) return;
    q.typed = "s[" + std::to_string(cell) + "]";
    take_answer(q, check_cell(*q.question, cell), ui.quiz_scores, quiz_score_key(v, ui));
}

void draw_quiz_box(const TraceView& v, UiState& ui) {
    const Palette& p = palette();
    QuizState& q = ui.lesson.quiz;
    if (q.question_new) ImGui::SetScrollY(0.0f);
    q.question_new = false;
    ImGui::PushFont(fonts().small);
    text_wrapped_colored(
        p.text_dim, "Predict the next step \xc2\xb7 seed " + std::to_string(q.seed) + " (Q: stop)");
    ImGui::PopFont();
    if (!q.question) {
        ImGui::TextWrapped("%s", v.step_count() && v.clamp(long(ui.step())) + 1 >= v.step_count()
                                     ? "The last step: nothing left to predict."
                                     : "No question about the next step: it does nothing the "
                                       "trace can ask about. Step on (\xe2\x86\x92).");
        score_line(v, ui);
        buttons(v, ui);
        return;
    }
    const Question& question = *q.question;
    ImGui::TextWrapped("%s", question.prompt.c_str());
    ImGui::SetNextItemWidth(-1);
    const bool entered = ImGui::InputTextWithHint("##quizanswer", answer_hint(question.shape),
                                                  &q.typed, ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::Button("Check (Enter)") || entered)
        take_answer(q, check_answer(question, q.typed), ui.quiz_scores, quiz_score_key(v, ui));
    if (q.verdict) {
        const Verdict& verdict = *q.verdict;
        if (q.verdict_new) ImGui::SetScrollHereY(0.0f);  // the verdict and why, in view
        q.verdict_new = false;
        text_wrapped_colored(verdict.correct ? p.agree : p.disagree, verdict.message);
        if (verdict.understood) ImGui::TextWrapped("%s", question.explain.c_str());
    }
    score_line(v, ui);
    buttons(v, ui);
}

}  // namespace ws::ui
