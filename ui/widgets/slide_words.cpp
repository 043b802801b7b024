#include "ui/widgets/slide_words.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "ui/fonts.hpp"
#include "ui/layout.hpp"
#include "ui/model/lesson/lesson.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {
namespace {

const Slide* current(const UiState& ui, const Lesson*& lesson) {
    const LessonState& l = ui.lesson;
    lesson = l.library && !l.name.empty() ? find_lesson(*l.library, l.name) : nullptr;
    return l.current_slide();
}

}  // namespace

bool draw_slide_words(const UiState& ui) {
    const Lesson* l = nullptr;
    const Slide* slide = current(ui, l);
    if (!slide) return false;
    const Palette& p = palette();
    ImGui::PushFont(fonts().small);
    text_wrapped_colored(
        p.text_dim, l->title + "  \xc2\xb7  slide " + std::to_string(ui.lesson.slide + 1) + " of " +
                        std::to_string(l->slides.size()) + "  (Page Down / Page Up; N: notes)");
    ImGui::PopFont();
    // The words with their {facts} filled from the screen (the lesson feature keeps them).
    const LessonState::Words& w = ui.lesson.words;
    ImGui::PushFont(fonts().heading);
    ImGui::TextWrapped("%s", w.heading.c_str());
    ImGui::PopFont();
    ImGui::TextWrapped("%s", w.say.c_str());
    if (!w.ask.empty()) text_wrapped_colored(p.raced, "Ask: " + w.ask);
    if (ui.lesson.notes_shown && !w.note.empty())
        text_wrapped_colored(p.text_dim, "Teacher's note: " + w.note);
    return true;
}

void draw_slide_overlay(const UiState& ui, const Layout& layout) {
    const Lesson* l = nullptr;
    if (!current(ui, l)) return;
    if (!layout.panels[std::size_t(PanelId::Explanation)].empty()) return;  // it is there
    // The stage: every shown group but the controls and the playback bar.
    Rect stage{};
    bool any = false;
    for (const PanelGroup& g : layout.groups) {
        const PanelId first = g.panels.front();
        if (first == PanelId::Controls || first == PanelId::Timeline) continue;
        if (!any) {
            stage = g.rect;
            any = true;
            continue;
        }
        const float x0 = std::min(stage.x, g.rect.x), y0 = std::min(stage.y, g.rect.y);
        const float x1 = std::max(stage.right(), g.rect.right());
        const float y1 = std::max(stage.bottom(), g.rect.bottom());
        stage = {x0, y0, x1 - x0, y1 - y0};
    }
    if (!any) return;
    const float h = std::min(stage.h * 0.4f, ImGui::GetFontSize() * 8.0f);
    ImGui::SetNextWindowPos({stage.x, stage.bottom() - h});
    ImGui::SetNextWindowSize({stage.w, h});
    // Above the panels: focused (so drawn last) unless the user is busy with a control.
    if (!ImGui::IsAnyItemActive()) ImGui::SetNextWindowFocus();
    ImGui::PushStyleColor(ImGuiCol_WindowBg,
                          ImGui::ColorConvertU32ToFloat4(with_alpha(palette().panel_bg, 0.96f)));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;
    if (ImGui::Begin("##slide", nullptr, flags)) draw_slide_words(ui);
    ImGui::End();
    ImGui::PopStyleColor();
}

}  // namespace ws::ui
