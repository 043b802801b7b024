// The lab's "Lines…" popup (line_picker.hpp).
#include "ui/widgets/line_picker.hpp"

#include <imgui.h>

#include <algorithm>

namespace ws::ui {

bool line_hidden(const UiState& ui, const std::string& algo) {
    return std::find(ui.lab.hidden.begin(), ui.lab.hidden.end(), algo) != ui.lab.hidden.end();
}

void line_picker(PanelContext& ctx, const char* id, const std::vector<PickableLine>& lines) {
    const UiState& ui = ctx.ui;
    if (ImGui::Button("Lines\xe2\x80\xa6")) ImGui::OpenPopup(id);
    if (!ImGui::BeginPopup(id)) return;
    for (const PickableLine& l : lines) {
        bool on = !line_hidden(ui, l.algo);
        if (ImGui::Checkbox(l.label.c_str(), &on)) ctx.post(act::ShowLabLine{l.algo, on});
    }
    ImGui::EndPopup();
}

}  // namespace ws::ui
