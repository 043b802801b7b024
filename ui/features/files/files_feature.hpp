// Files and export: a saved trace opened (--trace, Open trace) or saved, the stats exported as
// CSV or JSON, the quiz scores as CSV. The pictures (PNG, GIF, PNG per step) need the renderer:
// the session hands those actions back to the window (app_window.cpp), which writes them. Its
// link carries nothing: a link never names a file to read or write. The controls' fields (the
// trace file, the picture's target, the steps of a GIF) are set here as they post them.
#pragma once
#include <string>

#include "ui/features/feature.hpp"
#include "ui/features/files/files_state.hpp"

namespace ws::ui {

class FilesFeature final : public Feature {
  public:
    explicit FilesFeature(FilesState& state) : state_(state) {}

    Outcome apply(const WindowArgs& a, const FeatureContext& c) override;
    void link_args(const FeatureContext&, WindowArgs&) const override {}
    std::optional<Outcome> handle(const Action& a, const FeatureContext& c) override;
    Outcome update(const FeatureContext&) override { return {}; }

    // A saved trace to show (its request fills the form; the compare side and the networks run
    // beside it); `error` set (one line) when it cannot be read.
    Outcome open_trace(const std::string& path);

  private:
    Outcome file_action(const Action& a, const FeatureContext& c);
    FilesState& state_;
};

}  // namespace ws::ui
