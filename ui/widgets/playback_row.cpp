#include "ui/widgets/playback_row.hpp"

#include <imgui.h>

namespace ws::ui {

void playback_row(PanelContext& ctx, const std::string& caption) {
    const UiState& ui = ctx.ui;
    const Playback& pb = ui.playback;
    const ImVec2 size{ImGui::GetFrameHeight() * 1.6f, 0};
    if (ImGui::Button("|\xe2\x97\x80", size)) ctx.post(act::StepTo{false});
    ImGui::SameLine();
    if (ImGui::Button("\xe2\x97\x81", size)) ctx.post(act::StepBy{-1});
    ImGui::SameLine();
    if (ImGui::Button(pb.playing ? "\xe2\x96\xae\xe2\x96\xae" : "\xe2\x96\xb6", size))
        ctx.post(act::PlayPause{});
    ImGui::SameLine();
    if (ImGui::Button("\xe2\x96\xb7", size)) ctx.post(act::StepBy{1});
    ImGui::SameLine();
    if (ImGui::Button("\xe2\x96\xb6|", size)) ctx.post(act::StepTo{true});
    ImGui::SameLine();
    ImGui::TextUnformatted(caption.c_str());
}

}  // namespace ws::ui
