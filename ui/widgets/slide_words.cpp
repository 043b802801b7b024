#include "ui/widgets/slide_words.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ui/fonts.hpp"
#include "ui/model/lesson/lesson.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"
#include "ui/widgets/quiz_box.hpp"

namespace ws::ui {
namespace {

// One paragraph of the card: its font, colour and words; the question is indented behind a bar.
struct CardLine {
    ImFont* font;
    ImU32 colour;
    std::string text;
    bool question = false;
};

std::vector<CardLine> card_lines(const UiState& ui) {
    const LessonState& ls = ui.lesson;
    const Lesson* l = ls.library && !ls.name.empty() ? find_lesson(*ls.library, ls.name) : nullptr;
    const Slide* s = ls.current_slide();
    if (!l || !s) return {};
    const Palette& p = palette();
    const Fonts& f = fonts();
    std::vector<CardLine> out;
    out.push_back({f.small, p.text_dim,
                   l->title + "  \xc2\xb7  slide " + std::to_string(ls.slide + 1) + " of " +
                       std::to_string(l->slides.size())});
    // The words with their {facts} filled from the screen (the lesson feature keeps them).
    const LessonState::Words& w = ls.words;
    out.push_back({f.heading, p.text, w.heading});
    if (!w.say.empty()) out.push_back({f.text, p.text, w.say});
    if (!w.ask.empty()) out.push_back({f.text, p.text, "Ask: " + w.ask, true});
    return out;
}

// The question's indent: its bar and a gap.
float question_indent() {
    return std::round(0.75f * fonts().size);
}

float text_height(ImFont* font, const std::string& text, float wrap_w) {
    if (!font) return 0;
    return font->CalcTextSizeA(font->FontSize, 1e9f, std::max(wrap_w, 1.0f), text.c_str()).y;
}

}  // namespace

bool lecture_on(const UiState& ui) {
    return ui.lesson.current_slide() != nullptr;
}

std::string slide_card_text(const UiState& ui) {
    std::string out;
    for (const CardLine& c : card_lines(ui)) out += c.text + "\n";
    return out;
}

SlideCardNeeds measure_slide_card(const UiState& ui, const SlideCardWidths& widths) {
    SlideCardNeeds out;
    const float spacing = ImGui::GetStyle().ItemSpacing.y;
    const std::vector<CardLine> lines = card_lines(ui);
    for (const CardLine& c : lines)
        out.words_h +=
            text_height(c.font, c.text, widths.words - (c.question ? question_indent() : 0)) +
            spacing;
    if (!lines.empty()) out.words_h -= spacing;
    if (ui.lesson.quiz.on) out.quiz_h = quiz_box_height(ui, widths.quiz);
    return out;
}

void draw_slide_card(const TraceView& v, UiState& ui, const Layout& layout) {
    if (layout.slide.empty()) return;
    const Rect& r = layout.slide;
    ImGui::SetNextWindowPos({r.x, r.y});
    ImGui::SetNextWindowSize({r.w, r.h});
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoScrollbar |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus;
    if (ImGui::Begin("##slide", nullptr, flags)) {
        const Rect& w = layout.slide_words;
        ImGui::SetCursorScreenPos({w.x, w.y});
        ImGui::BeginChild("##slide-words", {w.w, w.h}, false, ImGuiWindowFlags_NoScrollbar);
        for (const CardLine& c : card_lines(ui)) {
            ImGui::PushFont(c.font);
            ImGui::PushStyleColor(ImGuiCol_Text, c.colour);
            if (c.question) {
                const ImVec2 top = ImGui::GetCursorScreenPos();
                ImGui::Indent(question_indent());
                ImGui::TextWrapped("%s", c.text.c_str());
                ImGui::Unindent(question_indent());
                const float bottom = ImGui::GetItemRectMax().y;
                ImGui::GetWindowDrawList()->AddRectFilled(
                    top, {top.x + std::round(question_indent() * 0.4f), bottom},
                    palette().question);
            } else {
                ImGui::TextWrapped("%s", c.text.c_str());
            }
            ImGui::PopStyleColor();
            ImGui::PopFont();
        }
        ImGui::EndChild();
        const Rect& q = layout.slide_quiz;
        if (!q.empty() && ui.lesson.quiz.on) {
            ImGui::SetCursorScreenPos({q.x, q.y});
            ImGui::BeginChild("##slide-quiz", {q.w, q.h}, false);
            draw_quiz_box(v, ui);
            ImGui::EndChild();
        }
    }
    ImGui::End();
}

}  // namespace ws::ui
