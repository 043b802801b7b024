// A trace panel drawn greyed while the trace on show is the last good run after a failed one
// (UiState::stale; the header says why): the theme's dimmed palette and ImGui's alpha for
// everything the panel draws while the object lives. Make one first thing in a trace panel's
// draw function.
#pragma once
#include <optional>

#include "ui/theme.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

class StaleDim {
  public:
    explicit StaleDim(const UiState& ui);
    ~StaleDim();
    StaleDim(const StaleDim&) = delete;
    StaleDim& operator=(const StaleDim&) = delete;

  private:
    std::optional<DimmedPalette> palette_;
};

}  // namespace ws::ui
