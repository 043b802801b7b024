// The web page's one window: its flags (from the page's URL), the session (synchronous: the
// page has no threads) and the GL context; made by main (page_main.cpp), driven a frame at a
// time by the page's script (page_frame.cpp).
#pragma once
#include <memory>

#include "ui/gui_context.hpp"
#include "ui/session.hpp"
#include "ui/window_args.hpp"

namespace ws::web {

struct PageState {
    ui::WindowArgs args;
    std::unique_ptr<ui::Session> session;
    std::unique_ptr<ui::GuiContext> gui;
    bool prepared = false;     // the flags applied (the first frame: the emulator may run)
    bool step_placed = false;  // --step placed once the trace is on show
    double last = 0;           // the previous frame's time
};

PageState& page();

}  // namespace ws::web
