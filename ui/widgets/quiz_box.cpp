// The quiz box.
#include "ui/widgets/quiz_box.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ui/fonts.hpp"
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

// "score in KEY: 3 of 5 right", with room for three-digit counts when measuring.
std::string score_text(const std::string& key, int correct, int attempts) {
    return "score in " + key + ": " + std::to_string(correct) + " of " + std::to_string(attempts) +
           " right";
}

void score_line(const TraceView& v, const UiState& ui) {
    const std::string key = quiz_score_key(v, ui);
    const QuizScore* s = find_score(ui.quiz_scores, key);
    const QuizTally total = s ? s->total : QuizTally{};
    text_wrapped_colored(palette().text_dim,
                         score_text(key, int(total.correct), int(total.attempts)));
}

// The buttons' labels, in order; the first only while a question is asked.
constexpr const char* kShowStep = "Show the step (\xe2\x86\x92)";
constexpr const char* kSkipStep = "Skip: show the step";
constexpr const char* kButtons[] = {"New inputs", "Stop (Q)", "Scores as CSV"};
constexpr const char* kCheck = "Check (Enter)";

// With the text font (the box's), so that it measures outside a frame too.
float button_w(const char* label) {
    ImFont* f = fonts().text;
    return f->CalcTextSizeA(f->FontSize, 1e9f, 0, label).x + 2 * ImGui::GetStyle().FramePadding.x;
}

// Where the buttons break into rows in `width`: the number of rows (each a frame high).
int button_rows(bool question, float width) {
    std::vector<const char*> labels;
    if (question) labels.push_back(kSkipStep);
    for (const char* l : kButtons) labels.push_back(l);
    int rows = 1;
    float x = 0;
    for (const char* l : labels) {
        const float w = button_w(l);
        if (x > 0 && x + ImGui::GetStyle().ItemSpacing.x + w > width) {
            ++rows;
            x = 0;
        }
        x += (x > 0 ? ImGui::GetStyle().ItemSpacing.x : 0) + w;
    }
    return rows;
}

// The next button on this row where it fits, else on the next.
void same_row_if_fits(const char* label) {
    const float w = button_w(label);
    const float end = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + w;
    if (end <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

void buttons(PanelContext& ctx) {
    const QuizState& q = ctx.ui.lesson.quiz;
    if (q.question) {
        if (ImGui::Button(q.verdict ? kShowStep : kSkipStep)) ctx.post(act::StepBy{1});
        same_row_if_fits(kButtons[0]);
    }
    if (ImGui::Button(kButtons[0])) ctx.post(act::StartQuiz{true});
    same_row_if_fits(kButtons[1]);
    if (ImGui::Button(kButtons[1])) ctx.post(act::StopQuiz{});
    same_row_if_fits(kButtons[2]);
    if (ImGui::Button(kButtons[2])) ctx.post(act::ExportQuizScores{});
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("quiz-scores.csv in the export folder (Files): every lesson's score");
}

constexpr const char* kNoQuestionLast = "The last step: nothing left to predict.";
constexpr const char* kNoQuestion =
    "No question about the next step: it does nothing the trace can ask about. Step on "
    "(\xe2\x86\x92).";

std::string header_text(const QuizState& q) {
    return "Predict the next step \xc2\xb7 seed " + std::to_string(q.seed) + " (Q: stop)";
}

float wrapped_h(ImFont* font, const std::string& text, float width) {
    return font->CalcTextSizeA(font->FontSize, 1e9f, std::max(width, 1.0f), text.c_str()).y;
}

}  // namespace

std::string quiz_score_key(const TraceView& v, const UiState& ui) {
    return ws::ui::quiz_score_key(ui.lesson.name, v, ui.form.algo);
}

void answer_with_cell(PanelContext& ctx, std::uint32_t cell) {
    const QuizState& q = ctx.ui.lesson.quiz;
    if (!q.question || q.question->shape != AnswerShape::Cell) return;
    ctx.post(act::PickQuizCell{cell, q.questions_made});
}

void draw_quiz_box(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const Palette& p = palette();
    const QuizState& q = ui.lesson.quiz;
    if (ctx.panels.quiz_question_shown != q.questions_made) ImGui::SetScrollY(0.0f);
    ctx.panels.quiz_question_shown = q.questions_made;
    ImGui::PushFont(fonts().small);
    text_wrapped_colored(p.text_dim, header_text(q));
    ImGui::PopFont();
    if (!q.question) {
        ImGui::TextWrapped("%s", v.step_count() && v.clamp(long(ui.step())) + 1 >= v.step_count()
                                     ? kNoQuestionLast
                                     : kNoQuestion);
        score_line(v, ui);
        buttons(ctx);
        return;
    }
    const Question& question = *q.question;
    ImGui::TextWrapped("%s", question.prompt.c_str());
    // The answer's box and Check on one row; what is typed goes to the lesson feature.
    ImGui::SetNextItemWidth(std::max(
        ImGui::GetContentRegionAvail().x - button_w(kCheck) - ImGui::GetStyle().ItemSpacing.x,
        4 * ImGui::GetFontSize()));
    std::string typed = q.typed;
    const bool entered = ImGui::InputTextWithHint("##quizanswer", answer_hint(question.shape),
                                                  &typed, ImGuiInputTextFlags_EnterReturnsTrue);
    if (typed != q.typed) ctx.post(act::TypeQuizAnswer{typed, q.questions_made});
    ImGui::SameLine();
    if (ImGui::Button(kCheck) || entered) ctx.post(act::AnswerQuiz{typed, q.questions_made});
    if (q.verdict) {
        const Verdict& verdict = *q.verdict;
        // The verdict and why, in view, once for each answer.
        if (ctx.panels.quiz_verdict_shown != q.answers_taken) ImGui::SetScrollHereY(0.0f);
        ctx.panels.quiz_verdict_shown = q.answers_taken;
        text_wrapped_colored(verdict.correct ? p.agree : p.disagree, verdict.message);
        if (verdict.understood) ImGui::TextWrapped("%s", question.explain.c_str());
    }
    score_line(v, ui);
    buttons(ctx);
}

float quiz_box_height(const UiState& ui, float width) {
    const QuizState& q = ui.lesson.quiz;
    const ImGuiStyle& st = ImGui::GetStyle();
    const Fonts& f = fonts();
    if (!f.text || !f.small) return 0;
    const float sp = st.ItemSpacing.y, frame = f.text->FontSize + 2 * st.FramePadding.y;
    const std::string key = ui.lesson.name.empty() ? ui.form.algo : ui.lesson.name;
    float h = wrapped_h(f.small, header_text(q), width) + sp;
    if (!q.question) {
        h += wrapped_h(f.text, kNoQuestion, width) + sp;
    } else {
        h += wrapped_h(f.text, q.question->prompt, width) + sp;
        h += frame + sp;  // the answer's box and Check
        if (q.verdict) {
            h += wrapped_h(f.text, q.verdict->message, width) + sp;
            if (q.verdict->understood) h += wrapped_h(f.text, q.question->explain, width) + sp;
        }
    }
    h += wrapped_h(f.text, score_text(key, 999, 999), width) + sp;
    const int rows = button_rows(bool(q.question), width);
    return h + float(rows) * frame + float(rows - 1) * sp;
}

}  // namespace ws::ui
