// A frame of the web page, called by the page's script from requestAnimationFrame (shell.html):
// what the desktop window's loop does each turn (ui/app_window.cpp), less what needs threads,
// a file system or a second framebuffer. Exported, so that the emulator's fibers may swap below
// it (kernels/sim/fiber_emscripten.cpp). Also the hooks the browser test calls.
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <imgui.h>

#include <string>
#include <variant>
#include <vector>

#include "ui/frame.hpp"
#include "ui/window_setup.hpp"
#include "web/emulator_run.hpp"
#include "web/page_state.hpp"

namespace {

// Two frames may come with the same time; ImGui refuses a zero DeltaTime.
double next_time(double last) {
    const double now = glfwGetTime();
    return now > last ? now : last + 1e-4;
}

// What only the renderer does, of what the session hands back: the clipboard, and Copy link
// makes the page's own address the link (the query a warpscope://open link carries), so that
// the address bar reopens the view. PNG and GIF exports are not in the page yet.
void take_renderer_actions(const std::vector<ws::ui::Action>& actions) {
    const std::string link = "warpscope://open";
    for (const ws::ui::Action& a : actions)
        if (const auto* c = std::get_if<ws::ui::act::Clipboard>(&a)) {
            ImGui::SetClipboardText(c->text.c_str());
            if (c->text.rfind(link + "?", 0) == 0) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"  // EM_ASM's arguments
                EM_ASM({ history.replaceState(null, "", location.pathname + UTF8ToString($0)); },
                       c->text.c_str() + link.size());
#pragma clang diagnostic pop
            }
        }
}

// What ws_page_emulator answered last.
std::string& answer() {
    static std::string a;
    return a;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE void ws_page_frame() {
    using namespace ws::ui;
    ws::web::PageState& p = ws::web::page();
    if (!p.session || !p.gui) return;
    Session& s = *p.session;
    if (!p.prepared) {
        p.prepared = true;
        if (std::string e = prepare(s, p.args); !e.empty()) s.ui.banner = e;
    }
    take_renderer_actions(s.update());
    if (!p.step_placed && s.view().step_count() > 0) {
        p.step_placed = true;
        if (std::string e = place_step(s, p.args); !e.empty()) s.ui.banner = e;
    }
    const double now = next_time(p.last);
    tick(s.ui.playback, p.last ? now - p.last : 0, playback_count(s.view(), s.ui), s.ui.speed);
    p.last = now;
    p.gui->begin_frame();
    handle_keys(s.ui);
    int ww = 0, wh = 0, fw = 0, fh = 0;
    p.gui->window_size(ww, wh);
    p.gui->framebuffer_size(fw, fh);
    const Layout layout =
        layout_for(s.ui, p.args, float(ww), float(wh), p.gui->style().effective_scale());
    draw_frame(s.view(), s.ui, layout);
    p.gui->render(fw, fh);
}

// The browser test's hooks: Copy link (as its button does), the step on show, moved by
// `delta`; and a request run on the
// page's emulator, as `warpscope trace` flags, answered by ws_page_answer: its digest
// (emulator_run.hpp) or "error: ...". (A call in which the fibers swap returns no value to the
// script: Asyncify unwinds it and finishes it afresh, so the answer is kept for a second call.)
EMSCRIPTEN_KEEPALIVE void ws_page_copy_link() {
    if (ws::web::page().session) ws::web::page().session->post(ws::ui::act::CopyLink{});
}

EMSCRIPTEN_KEEPALIVE long ws_page_step(long delta) {
    using namespace ws::ui;
    ws::web::PageState& p = ws::web::page();
    if (!p.session) return -1;
    Session& s = *p.session;
    const std::size_t count = playback_count(s.view(), s.ui);
    const long at = static_cast<long>(s.ui.step()) + delta;
    set_step(s.ui.playback, at < 0 ? 0 : static_cast<std::size_t>(at), count);
    settle(s.ui.playback);
    return static_cast<long>(s.ui.step());
}

EMSCRIPTEN_KEEPALIVE void ws_page_emulator(const char* flags) {
    const ws::web::EmulatorRun r = ws::web::run_emulator(flags);
    answer() = r.error.empty() ? ws::web::digest(r.bytes) : "error: " + r.error;
}

EMSCRIPTEN_KEEPALIVE const char* ws_page_answer() {
    return answer().c_str();
}

}  // extern "C"
