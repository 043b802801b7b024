// The help overlay (F1 or ?): every key and what the mouse does in each panel, from the one
// table in ui/keys.cpp, over the middle of the window until Esc, F1 or ? closes it.
#include <imgui.h>

#include "ui/fonts.hpp"
#include "ui/keys.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {

void draw_help(UiState& ui) {
    if (!ui.help_open) return;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos({display.x * 0.5f, display.y * 0.5f}, ImGuiCond_Always, {0.5f, 0.5f});
    ImGui::SetNextWindowSize({display.x * 0.8f, display.y * 0.8f});
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::GetStyleColorVec4(ImGuiCol_PopupBg));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings;
    bool open = true;
    if (ImGui::Begin("Help: keys and mouse (Esc, F1 or ? closes)", &open, flags)) {
        if (ImGui::BeginTable("##keys", 2,
                              ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
            ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
            ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch);
            for (const KeyBinding& k : key_bindings()) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(k.keys);
                ImGui::TableNextColumn();
                ImGui::TextWrapped("%s", k.what);
            }
            ImGui::EndTable();
        }
        ImGui::Spacing();
        ImGui::Separator();
        if (ImGui::BeginTable("##mouse", 2,
                              ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
            ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
            ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch);
            for (const MouseHint& m : mouse_hints()) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(m.where);
                ImGui::TableNextColumn();
                ImGui::TextWrapped("%s", m.what);
            }
            ImGui::EndTable();
        }
    }
    ImGui::End();
    ImGui::PopStyleColor();
    if (!open) ui.help_open = false;
}

}  // namespace ws::ui
