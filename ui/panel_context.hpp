// What a panel or a widget draws with: the window's state to read (the features' states and the
// hub's, never written by a panel), the panels' own state to keep (zoom, picks, scrolling), and
// the queue to post actions to (ui/actions.hpp), which the session drains before the next frame
// and hands to the feature (or the window) that owns what they change.
#pragma once
#include <utility>

#include "ui/actions.hpp"
#include "ui/panel_state.hpp"

namespace ws::ui {

struct UiState;

struct PanelContext {
    const UiState& ui;
    PanelState& panels;
    ActionQueue& actions;
    void post(Action a) const { actions.post(std::move(a)); }
};

}  // namespace ws::ui
