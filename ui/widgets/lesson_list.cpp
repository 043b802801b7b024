// The Lessons list.
#include "ui/widgets/lesson_list.hpp"

#include <imgui.h>

#include "ui/fonts.hpp"
#include "ui/model/lesson/lesson_list.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {
namespace {

// A selectable row as tall as its words wrapped at the column's width (a long title stays
// whole in a narrow controls column).
bool wrapped_selectable(const std::string& text, bool selected) {
    const float wrap = ImGui::GetContentRegionAvail().x;
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float h = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap).y;
    const bool clicked = ImGui::Selectable("##entry", selected, 0, {0, h});
    ImGui::GetWindowDrawList()->AddText(nullptr, 0, pos, ImGui::GetColorU32(ImGuiCol_Text),
                                        text.c_str(), nullptr, wrap);
    return clicked;
}

}  // namespace

void draw_lesson_list(PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const LessonState& lesson = ui.lesson;
    const std::vector<LessonEntry> entries =
        lesson.library ? lesson_entries(*lesson.library) : std::vector<LessonEntry>{};
    if (entries.empty()) ImGui::TextDisabled("no lessons in assets/lessons");
    for (const LessonEntry& e : entries) {
        ImGui::PushID(e.name.c_str());
        if (!e.problem.empty()) {
            ImGui::TextDisabled("%s", e.label.c_str());
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("refused: %s", e.problem.c_str());
            ImGui::PopID();
            continue;
        }
        const bool on = lesson.name == e.name;
        if (wrapped_selectable(e.label, on)) ctx.post(act::OpenLesson{e.name, 0});
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%zu slides, from slide 1 (warpscope --lesson %s)", e.slides,
                              e.name.c_str());
        if (on) {
            ImGui::PushFont(fonts().small);
            ImGui::Indent();
            text_wrapped_colored(palette().text_dim, "slide " + std::to_string(lesson.slide + 1) +
                                                         " of " + std::to_string(e.slides) +
                                                         ": Page Down, Page Up");
            ImGui::Unindent();
            ImGui::PopFont();
        }
        ImGui::PopID();
    }
    ImGui::PushFont(fonts().small);
    text_wrapped_colored(palette().text_dim, lesson_flag_how());
    ImGui::PopFont();
}

}  // namespace ws::ui
