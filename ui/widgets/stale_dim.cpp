// A trace panel greyed while its trace is the last good run.
#include "ui/widgets/stale_dim.hpp"

#include <imgui.h>

namespace ws::ui {

StaleDim::StaleDim(const UiState& ui) {
    if (!ui.stale.stale()) return;
    palette_.emplace();
    ImGui::PushStyleVar(ImGuiStyleVar_Alpha, ImGui::GetStyle().Alpha * kDimAlpha);
}

StaleDim::~StaleDim() {
    if (palette_) ImGui::PopStyleVar();
}

}  // namespace ws::ui
