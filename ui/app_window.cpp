// run_window: parse the flags, then either the interactive loop (here) or offscreen pictures and
// frame times (offscreen.cpp). Both draw the same frame (frame.cpp) from a Session.
#include "ui/app_window.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <csignal>
#include <cstdio>

#include "kernels/run/backend.hpp"
#include "ui/frame.hpp"
#include "ui/gui_context.hpp"
#include "ui/model/png_export.hpp"
#include "ui/offscreen.hpp"
#include "ui/png.hpp"
#include "ui/session.hpp"
#include "ui/settings.hpp"
#include "ui/window_args.hpp"
#include "ui/window_setup.hpp"

namespace ws::ui {
namespace {

// Ctrl+C or a kill ends the loop normally, so that the settings are saved.
volatile std::sig_atomic_t g_stop = 0;
void on_signal(int) {
    g_stop = 1;
}

// The window, or the chosen panel's rectangle of it, as it was just drawn.
void export_png(GuiContext& gui, UiState& ui, const TraceView& v, const Layout& layout) {
    ui.file_action = FileAction::None;
    int w = 0, h = 0, ww = 0, wh = 0;
    gui.framebuffer_size(w, h);
    gui.window_size(ww, wh);
    std::string error;
    const std::string name =
        ui.export_name.empty()
            ? default_png_name(v, v.clamp(static_cast<long>(ui.step())), ui.export_panel)
            : ui.export_name;
    const std::string path = png_path(ui.export_folder, name, &error);
    if (path.empty()) {
        ui.file_message = error;
        ui.banner = error;
        return;
    }
    std::vector<std::uint8_t> rgba = read_window_rgba(w, h);
    if (ui.export_panel) {
        if (!layout.shows(*ui.export_panel)) {
            ui.file_message = std::string(panel_title(*ui.export_panel)) +
                              " is not shown in this view: nothing exported";
            return;
        }
        int cw = 0, ch = 0;
        rgba = crop_rgba(rgba, w, h, layout[*ui.export_panel], ww ? float(w) / float(ww) : 1.0f,
                         &cw, &ch);
        w = cw, h = ch;
    }
    const std::string e = write_png(path, w, h, rgba);
    ui.file_message = e.empty() ? "wrote " + path : e;
    if (!e.empty()) ui.banner = e;
}

int run_interactive(const WindowArgs& a) {
    const std::string path = settings_path();
    std::string problem;
    Settings settings = load_settings(path, &problem);
    Session s(true);
    s.ui.preferences() = settings.preferences();
    const run::Backend* gpu = run::usable_gpu();
    s.ui.gpu_name = gpu ? gpu->device() : "";
    if (std::string e = prepare(s, a); !e.empty()) {
        if (a.request_given || !a.trace_file.empty()) return fail(2, e);
        s.ui.banner = e;  // a stale saved request: open anyway and say why
    }
    // After the first run, which clears the banner: the settings' problem stays until dismissed.
    if (!problem.empty()) s.ui.banner = path + ": " + problem;
    GuiContext gui;
    const int w = a.width ? a.width : settings.width, h = a.height ? a.height : settings.height;
    if (std::string e = gui.open(w, h, true, style_of(s.ui)); !e.empty()) return fail(1, e);
    bool step_placed = false;
    double last = glfwGetTime();
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    while (!gui.should_close() && !g_stop) {
        // Idle (nothing playing, easing or running): wait for input instead of spinning, so a
        // software renderer does not keep a core busy.
        const bool busy = s.ui.playback.playing || s.ui.playback.transition < 1.0 || s.ui.running ||
                          s.ui.compare_running || s.ui.circuit_running || s.ui.sweep.running;
        if (busy)
            glfwPollEvents();
        else
            glfwWaitEventsTimeout(0.25);
        s.update();
        if (!step_placed && s.view().step_count() > 0) {
            step_placed = true;
            if (std::string e = place_step(s, a); !e.empty()) s.ui.banner = e;
        }
        if (s.ui.style_changed) {
            s.ui.style_changed = false;
            gui.set_style(style_of(s.ui));
        }
        const double now = glfwGetTime();
        tick(s.ui.playback, now - last, cursor_view(s.view(), s.ui).step_count(), s.ui.speed);
        last = now;
        gui.begin_frame();
        handle_keys(s.view(), s.ui);
        int ww = 0, wh = 0, fw = 0, fh = 0;
        gui.window_size(ww, wh);
        gui.framebuffer_size(fw, fh);
        const Layout layout =
            layout_for(s.ui, a, float(ww), float(wh), gui.style().effective_scale());
        draw_frame(s.view(), s.ui, layout);
        gui.render(fw, fh);
        if (s.ui.file_action == FileAction::ExportPng) export_png(gui, s.ui, s.view(), layout);
        gui.swap();
    }
    gui.window_size(settings.width, settings.height);
    settings.preferences() = s.ui.preferences();
    if (std::string e = save_settings(settings, path); !e.empty())
        std::fprintf(stderr, "warpscope: settings not saved: %s\n", e.c_str());
    return 0;
}

}  // namespace

int run_window(int argc, char** argv) {
    const ParsedArgs parsed = parse_window_args(argc, argv);
    if (!parsed.error.empty()) return fail(2, parsed.error);
    const WindowArgs& a = parsed.args;
    if (a.help) {
        std::fputs(window_usage().c_str(), stdout);
        return 0;
    }
    if (!a.screenshot.empty() || !a.screenshot_panels.empty() || a.bench_frames)
        return run_offscreen(a);
    return run_interactive(a);
}

}  // namespace ws::ui
