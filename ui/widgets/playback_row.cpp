#include "ui/widgets/playback_row.hpp"

#include <imgui.h>

namespace ws::ui {

void playback_row(UiState& ui, std::size_t states, const std::string& caption) {
    Playback& pb = ui.playback;
    const ImVec2 size{ImGui::GetFrameHeight() * 1.6f, 0};
    if (ImGui::Button("|\xe2\x97\x80", size)) set_step(pb, 0, states);
    ImGui::SameLine();
    if (ImGui::Button("\xe2\x97\x81", size)) step_by(pb, -1, states);
    ImGui::SameLine();
    if (ImGui::Button(pb.playing ? "\xe2\x96\xae\xe2\x96\xae" : "\xe2\x96\xb6", size))
        toggle_play(pb, states);
    ImGui::SameLine();
    if (ImGui::Button("\xe2\x96\xb7", size)) step_by(pb, 1, states);
    ImGui::SameLine();
    if (ImGui::Button("\xe2\x96\xb6|", size)) set_step(pb, states ? states - 1 : 0, states);
    ImGui::SameLine();
    ImGui::TextUnformatted(caption.c_str());
}

}  // namespace ws::ui
