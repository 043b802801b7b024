// The help overlay (F1 or ?): every key and what the mouse does in each panel, from the one
// table in ui/keys.cpp, and how to open a lesson (ui/model/lesson/lesson_list.hpp), over the
// middle of the window until Esc, F1 or ? closes it.
#include <imgui.h>

#include "ui/fonts.hpp"
#include "ui/keys.hpp"
#include "ui/model/lesson/lesson_list.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {

namespace {

// Rows of (name, what it does): the name in a column as wide as the longest, the words wrapped.
template <typename Row>
void two_column_table(const char* id, const std::vector<Row>& rows, const char* Row::*name,
                      const char* Row::*what) {
    if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp))
        return;
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch);
    for (const Row& r : rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.*name);
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", r.*what);
    }
    ImGui::EndTable();
}

}  // namespace

void draw_help(PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    if (!ui.help_open) return;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos({display.x * 0.5f, display.y * 0.5f}, ImGuiCond_Always, {0.5f, 0.5f});
    ImGui::SetNextWindowSize({display.x * 0.8f, display.y * 0.8f});
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::GetStyleColorVec4(ImGuiCol_PopupBg));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings;
    bool open = true;
    if (ImGui::Begin("Help: keys and mouse (Esc, F1 or ? closes)", &open, flags)) {
        two_column_table("##keys", key_bindings(), &KeyBinding::keys, &KeyBinding::what);
        ImGui::Spacing();
        ImGui::Separator();
        two_column_table("##mouse", mouse_hints(), &MouseHint::where, &MouseHint::what);
        ImGui::Spacing();
        ImGui::Separator();
        ImGui::PushFont(fonts().heading);
        ImGui::TextUnformatted("Lessons");
        ImGui::PopFont();
        ImGui::TextWrapped("%s", lesson_how().c_str());
    }
    ImGui::End();
    ImGui::PopStyleColor();
    if (!open) ctx.post(act::CloseHelp{false});
}

}  // namespace ws::ui
