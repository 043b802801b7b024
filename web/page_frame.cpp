// A frame of the web page, called by the page's script from requestAnimationFrame (shell.html):
// the desktop window's turn of the loop (ui/window_loop.hpp), then the page's own: Copy link's
// address, the settings kept in the browser. Exported, so that the emulator's fibers may swap
// below it (kernels/sim/fiber_emscripten.cpp). Also the hooks the browser test calls.
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <imgui.h>

#include <string>
#include <variant>
#include <vector>

#include "ui/frame.hpp"
#include "ui/link_round_trip.hpp"
#include "ui/window_setup.hpp"
#include "web/emulator_run.hpp"
#include "web/page_limits.hpp"
#include "web/page_settings.hpp"
#include "web/page_state.hpp"

namespace {

// Copy link makes the page's own address the link (the query a warpscope://open link carries),
// so that the address bar reopens the view; the clipboard has it too (window_loop.cpp).
void link_in_address_bar(const std::vector<ws::ui::Action>& actions) {
    const std::string link = "warpscope://open";
    for (const ws::ui::Action& a : actions)
        if (const auto* c = std::get_if<ws::ui::act::Clipboard>(&a);
            c && c->text.rfind(link + "?", 0) == 0) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"  // EM_ASM's arguments
            EM_ASM({ history.replaceState(null, "", location.pathname + UTF8ToString($0)); },
                   c->text.c_str() + link.size());
#pragma clang diagnostic pop
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
        if (!p.start_problem.empty()) s.ui.banner = p.start_problem;
        // The window opened with the flags' look (page_main.cpp); a lesson's may differ.
        const Style now = style_of(s.ui), was = p.gui->style();
        if (now.theme != was.theme || now.presentation != was.presentation ||
            now.font_scale != was.font_scale)
            p.gui->set_style(now);
    }
    if (s.ui.lesson.notes_shown) {  // N: the desktop's second window
        s.ui.lesson.notes_shown = false;
        s.ui.banner = ws::web::kNoNotesWindow;
    }
    link_in_address_bar(p.loop.draw(*p.gui, s, p.args, glfwGetTime()));
    p.loop.after_show(*p.gui, s);
    ws::web::keep_settings(s.ui);
}

// The browser test's hooks: Copy link (as its button does), the step on show, moved by
// `delta`; and a request run on the
// page's emulator, as `warpscope trace` flags, answered by ws_page_answer: its digest
// (emulator_run.hpp) or "error: ...". (A call in which the fibers swap returns no value to the
// script: Asyncify unwinds it and finishes it afresh, so the answer is kept for a second call.)
EMSCRIPTEN_KEEPALIVE void ws_page_copy_link() {
    if (ws::web::page().session) ws::web::page().session->post(ws::ui::act::CopyLink{});
}

// An export, as its button does: 0 the stats as CSV, 1 the quiz scores, 2 a PNG of the next
// frame; each becomes a download (ui/model/window/exported_file.hpp). ws_page_answer gives the
// line the window shows for it once the frame after has been drawn.
EMSCRIPTEN_KEEPALIVE void ws_page_export(int what) {
    ws::ui::Session* s = ws::web::page().session.get();
    if (!s) return;
    if (what == 0) s->post(ws::ui::act::ExportStats{});
    if (what == 1) s->post(ws::ui::act::ExportQuizScores{});
    if (what == 2) s->post(ws::ui::act::ExportPng{});
}

EMSCRIPTEN_KEEPALIVE const char* ws_page_export_message() {
    ws::web::PageState& p = ws::web::page();
    answer() = p.session ? p.session->ui.files.message : "";
    return answer().c_str();
}

// The last frame's size as drawn: vertices and draw commands (the browser test reports them
// beside the frames per second; a software renderer's time goes with them).
EMSCRIPTEN_KEEPALIVE const char* ws_page_draw_counts() {
    const ImDrawData* d = ImGui::GetDrawData();
    int commands = 0;
    for (int i = 0; d && i < d->CmdListsCount; ++i) commands += d->CmdLists[i]->CmdBuffer.Size;
    answer() = d ? std::to_string(d->TotalVtxCount) + " vertices, " + std::to_string(commands) +
                       " draw calls"
                 : "";
    return answer().c_str();
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

// The round trip of every flag a link carries (ui/link_round_trip.hpp), run in the page, as the
// window's test runs it: its line, answered by ws_page_answer.
EMSCRIPTEN_KEEPALIVE void ws_page_link_round_trip() {
    answer() = ws::ui::round_trip_line(ws::ui::link_round_trip());
}

// The header's banner on show (a refused link says why there).
EMSCRIPTEN_KEEPALIVE const char* ws_page_banner() {
    ws::web::PageState& p = ws::web::page();
    answer() = p.session ? p.session->ui.banner : "";
    return answer().c_str();
}

EMSCRIPTEN_KEEPALIVE const char* ws_page_answer() {
    return answer().c_str();
}

}  // extern "C"
