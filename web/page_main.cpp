// The web page's main: the window's flags from the page's URL (shell.html hands over its query
// as a warpscope://open link, ui/model/window/state_link.hpp), the session and the GL context.
// Nothing runs on the emulator here: its fibers swap only below a function the page's script
// calls (kernels/sim/fiber_emscripten.cpp), which main, called through the runtime, is not; the
// first frame applies the flags (page_frame.cpp).
#include <emscripten.h>

#include <cstdio>

#include "app/backends.hpp"
#include "ui/window_setup.hpp"
#include "web/page_settings.hpp"
#include "web/page_state.hpp"

namespace ws::web {

PageState& page() {
    static PageState p;
    return p;
}

}  // namespace ws::web

namespace {

// When main reached `what` (milliseconds since navigation): the browser test reports it.
void mark(const char* what) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"  // EM_ASM's arguments
    EM_ASM(
        {
            if (window.wsTimes) window.wsTimes[UTF8ToString($0)] = performance.now();
        },
        what);
#pragma clang diagnostic pop
}

}  // namespace

int main(int argc, char** argv) {
    ws::app::register_backends();
    ws::web::PageState& p = ws::web::page();
    const ws::ui::ParsedArgs parsed = ws::ui::parse_window_args(argc, argv);
    // A refused link says why on the page, in the header, and in the console.
    const std::string refused =
        parsed.error.empty() ? "" : parsed.error + " (the page opens as it would with no link)";
    if (!refused.empty())
        std::fprintf(stderr, "warpscope: %s\n", refused.c_str());
    else
        p.args = parsed.args;
    p.session = std::make_unique<ws::ui::Session>(false);
    mark("session");  // the lessons, measurements and recordings read
    p.start_problem = ws::web::restore_settings(*p.session);
    if (!refused.empty())
        p.start_problem = p.start_problem.empty() ? refused : refused + "; " + p.start_problem;
    ws::ui::apply_look(p.session->ui, p.args);  // the window opens as the flags will have it
    p.gui = std::make_unique<ws::ui::GuiContext>();
    const int w = p.args.width ? p.args.width : 1280, h = p.args.height ? p.args.height : 720;
    if (std::string e = p.gui->open(w, h, true, ws::ui::style_of(p.session->ui)); !e.empty())
        return ws::ui::fail(1, e);
    mark("window");  // the GL context, the fonts built
    return 0;  // the runtime stays: the page's script calls ws_page_frame each animation frame
}
