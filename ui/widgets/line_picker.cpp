// The lab's "Lines…" popup (line_picker.hpp).
#include "ui/widgets/line_picker.hpp"

#include <imgui.h>

#include <algorithm>

namespace ws::ui {

bool line_hidden(const UiState& ui, const std::string& algo) {
    return std::find(ui.lab_hidden.begin(), ui.lab_hidden.end(), algo) != ui.lab_hidden.end();
}

void line_picker(UiState& ui, const char* id, const std::vector<PickableLine>& lines) {
    if (ImGui::Button("Lines\xe2\x80\xa6")) ImGui::OpenPopup(id);
    if (!ImGui::BeginPopup(id)) return;
    for (const PickableLine& l : lines) {
        bool on = !line_hidden(ui, l.algo);
        if (ImGui::Checkbox(l.label.c_str(), &on)) {
            auto it = std::find(ui.lab_hidden.begin(), ui.lab_hidden.end(), l.algo);
            if (on && it != ui.lab_hidden.end()) ui.lab_hidden.erase(it);
            if (!on && it == ui.lab_hidden.end()) ui.lab_hidden.push_back(l.algo);
        }
    }
    ImGui::EndPopup();
}

}  // namespace ws::ui
