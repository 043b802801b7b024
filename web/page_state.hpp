// The web page's one window: its flags (from the page's URL), the session (synchronous: the
// page has no threads), the GL context and the window's loop; made by main (page_main.cpp),
// driven a frame at a time by the page's script (page_frame.cpp).
#pragma once
#include <memory>
#include <string>

#include "ui/gui_context.hpp"
#include "ui/session.hpp"
#include "ui/window_args.hpp"
#include "ui/window_loop.hpp"

namespace ws::web {

struct PageState {
    ui::WindowArgs args;
    std::unique_ptr<ui::Session> session;
    std::unique_ptr<ui::GuiContext> gui;
    bool prepared = false;      // the flags applied (the first frame: the emulator may run)
    std::string start_problem;  // the stored settings unreadable: said once the flags are applied
    ui::WindowLoop loop;        // what the desktop window's loop does each turn
};

PageState& page();

}  // namespace ws::web
