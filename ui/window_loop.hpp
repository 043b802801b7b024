// One turn of the window's loop, shared by the desktop window (app_window.cpp) and the web page
// (web/page_frame.cpp): what the session hands back for the renderer (a new style, a PNG of the
// frame, a step range's pictures, the clipboard), the step placed once the trace is on show,
// playback ticked, the frame drawn and rendered, then the step range's pictures a frame at a time.
#pragma once
#include <memory>
#include <optional>
#include <vector>

#include "ui/gui_context.hpp"
#include "ui/session.hpp"
#include "ui/window_args.hpp"

namespace ws::ui {

class WindowLoop {
  public:
    WindowLoop();
    ~WindowLoop();
    WindowLoop(const WindowLoop&) = delete;
    WindowLoop& operator=(const WindowLoop&) = delete;

    // Draws and renders one frame at `now` seconds (the window's clock); a PNG asked for is taken
    // from it. Returns the actions the session handed back this turn (the clipboard's, for the
    // page's address).
    std::vector<Action> draw(GuiContext& gui, Session& s, const WindowArgs& a, double now);
    // After the frame is on show: a step range's export started or moved on by one picture.
    void after_show(GuiContext& gui, Session& s);
    // Pictures are being exported: the loop should not wait for input.
    bool exporting(const Session& s) const;

    struct Frames;  // a step range being exported (window_loop.cpp)

  private:
    std::unique_ptr<Frames> frames_;
    bool png_ = false;                 // a PNG of the next frame
    std::optional<FramesKind> start_;  // a step range to export after the frame
    Layout layout_;                    // the last frame's
    bool step_placed_ = false;         // --step placed once the trace is on show
    std::optional<double> last_;       // the previous frame's time
};

}  // namespace ws::ui
