#include "ui/widgets/teacher_notes.hpp"

#include <imgui.h>

#include "ui/fonts.hpp"
#include "ui/model/lesson/lesson.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {
namespace {

constexpr const char* kKeys =
    "Page Down / Page Up: next / previous slide \xc2\xb7 \xe2\x86\x92 \xe2\x86\x90: step \xc2\xb7 "
    "Z: the slide's picture or its words \xc2\xb7 N: close this window";
constexpr const char* kAnswer = "Answer: ";

}  // namespace

std::vector<std::string> teacher_notes_lines(const UiState& ui) {
    const LessonState& ls = ui.lesson;
    const Lesson* l = ls.library && !ls.name.empty() ? find_lesson(*ls.library, ls.name) : nullptr;
    const Slide* s = ls.current_slide();
    if (!l || !s) return {};
    std::vector<std::string> out;
    out.push_back(l->title + " \xc2\xb7 slide " + std::to_string(ls.slide + 1) + " of " +
                  std::to_string(l->slides.size()) + ": " + ls.words.heading);
    // The words with their {facts} filled (the lesson feature keeps them).
    out.push_back(s->note.empty() ? "No note for this slide." : "Note: " + ls.words.note);
    // The question, and its answer under it (lesson.cpp refuses an ask without one).
    if (!s->ask.empty()) {
        out.push_back("The class is asked: " + ls.words.ask);
        out.push_back(kAnswer + ls.words.answer);
    }
    std::size_t next = ls.slide;
    if (next_slide(*ls.library, ls.name, next, 1)) {
        const Slide& n = l->slides[next];
        out.push_back("Next: " + n.heading);  // its words' facts come with its trace
    } else {
        out.push_back("Next: the end of the lesson.");
    }
    out.push_back(kKeys);
    return out;
}

void draw_teacher_notes(const UiState& ui) {
    const Palette& p = palette();
    const std::vector<std::string> lines = teacher_notes_lines(ui);
    if (lines.empty()) {
        ImGui::TextWrapped("No lesson is on (warpscope --lesson NAME opens one).");
        return;
    }
    ImGui::PushFont(fonts().heading);
    ImGui::TextWrapped("%s", lines.front().c_str());
    ImGui::PopFont();
    ImGui::Separator();
    for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
        // The answer sits under its question, indented as the card indents a question.
        const bool answer = lines[i].rfind(kAnswer, 0) == 0;
        const float indent = ImGui::GetFontSize();
        if (answer) ImGui::Indent(indent);
        ImGui::TextWrapped("%s", lines[i].c_str());
        if (answer) ImGui::Unindent(indent);
        ImGui::Spacing();
    }
    ImGui::Separator();
    ImGui::PushFont(fonts().small);
    text_wrapped_colored(p.text_dim, lines.back());
    ImGui::PopFont();
}

}  // namespace ws::ui
