// The lab's "Lines…" popup: a checkbox per plotted line, kept in LabState::hidden (the lines the
// user hid; a tick posts act::ShowLabLine), shared by every family of the lab.
#pragma once
#include <string>
#include <vector>

#include "ui/ui_state.hpp"

namespace ws::ui {

struct PickableLine {
    std::string algo;   // what lab_hidden holds
    std::string label;  // what the checkbox says
};

bool line_hidden(const UiState& ui, const std::string& algo);
// A button that opens the popup `id`, with a checkbox per line.
void line_picker(PanelContext& ctx, const char* id, const std::vector<PickableLine>& lines);

}  // namespace ws::ui
