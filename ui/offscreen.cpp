// Offscreen pictures and frame times.
#include "ui/offscreen.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "ui/frame.hpp"
#include "ui/gui_context.hpp"
#include "ui/png.hpp"
#include "ui/session.hpp"
#include "ui/window_setup.hpp"

namespace ws::ui {
namespace {

// The standard load for --bench-frames: a 1024-cell block of 32 warps with many arrows.
void bench_defaults(WindowArgs& a) {
    if (!a.bench_frames || a.request_given || !a.trace_file.empty()) return;
    a.form.algo = "reduce-interleaved-strided";
    a.form.n = "2048";
    a.form.block = 1024;
    a.request_given = true;
    if (!a.step) a.step = 1;
}

struct Target {
    GuiContext gui;
    Offscreen fbo;
    int w = 0, h = 0;
};

// Draws `frames` frames of `layout` into the target; returns each frame's milliseconds.
std::vector<double> render(Target& t, Session& s, const Layout& layout, int frames) {
    std::vector<double> ms;
    for (int i = 0; i < frames; ++i) {
        const auto start = std::chrono::steady_clock::now();
        t.gui.begin_offscreen_frame(t.w, t.h);
        draw_frame(s.view(), s.ui, layout);
        t.fbo.bind();
        t.gui.render(t.w, t.h);
        glFinish();
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    return ms;
}

// Renders three frames (tables size themselves, panels scroll to the step) and writes the PNG;
// "" or an error.
std::string picture(Target& t, Session& s, const Layout& layout, const std::string& path,
                    int level = 8) {
    render(t, s, layout, 3);
    const std::vector<std::uint8_t> rgba = t.fbo.read_rgba();
    if (std::string e = write_png(path, t.w, t.h, rgba, level); !e.empty()) return e;
    if (looks_blank(image_stats(rgba))) return path + ": the picture is blank";
    return "";
}

// Every panel at the first, middle and last step, and the three views at the middle one.
std::string all_panels(Target& t, Session& s, const WindowArgs& a) {
    const std::size_t n = s.view().step_count();
    std::vector<std::size_t> steps = {0, n / 2, n ? n - 1 : 0};
    steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
    const float scale = t.gui.style().effective_scale();
    const std::string dir = a.screenshot_panels + "/";
    for (std::size_t step : steps) {
        set_step(s.ui.playback, step, n);
        settle(s.ui.playback);
        const std::string at = "-" + std::to_string(step);
        const bool middle = step == steps[std::min<std::size_t>(1, steps.size() - 1)];
        for (PanelId p : kAllPanels) {
            // The controls and the lab do not change with the step.
            if (!middle && (p == PanelId::Controls || p == PanelId::Lab)) continue;
            s.ui.view = p == PanelId::Compare ? View::Compare : View::Step;
            const std::string path = dir + panel_name(p) + at + ".png";
            // Hundreds of these are written by the smoke test: compress fast.
            if (std::string e =
                    picture(t, s, single_panel_layout(p, float(t.w), float(t.h)), path, 2);
                !e.empty())
                return e;
        }
        if (!middle) continue;
        for (View v : {View::Step, View::Compare, View::Lab}) {
            s.ui.view = v;
            const std::string path = dir + "window-" + view_name(v) + at + ".png";
            const Layout l = compute_layout(v, float(t.w), float(t.h), scale);
            if (std::string e = picture(t, s, l, path, 2); !e.empty()) return e;
        }
    }
    return "";
}

}  // namespace

int run_offscreen(const WindowArgs& args) {
    WindowArgs a = args;
    bench_defaults(a);
    Session s(false);
    if (std::string e = prepare(s, a); !e.empty()) return fail(2, e);
    if (std::string e = place_step(s, a); !e.empty()) return fail(2, e);
    Target t;
    t.w = a.width ? a.width : 1600;
    t.h = a.height ? a.height : 900;
    if (std::string e = t.gui.open(t.w, t.h, false, style_of(s.ui)); !e.empty()) return fail(1, e);
    if (std::string e = t.fbo.create(t.w, t.h); !e.empty()) return fail(1, e);
    if (!a.screenshot_panels.empty()) {
        const std::string e = all_panels(t, s, a);
        return e.empty() ? 0 : fail(1, e);
    }
    const Layout layout =
        layout_for(s.ui, a, float(t.w), float(t.h), t.gui.style().effective_scale());
    if (!a.bench_frames) {
        const std::string e = picture(t, s, layout, a.screenshot);
        return e.empty() ? 0 : fail(1, e);
    }
    std::vector<double> ms = render(t, s, layout, a.bench_frames);
    std::sort(ms.begin(), ms.end());
    const ImDrawData* dd = ImGui::GetDrawData();
    std::printf(
        "median frame time: %.2f ms over %d frames (%dx%d, %s n=%s block=%u; "
        "%d triangles a frame)\n",
        ms[ms.size() / 2], a.bench_frames, t.w, t.h, s.ui.form.algo.c_str(), s.ui.form.n.c_str(),
        s.ui.form.block, dd ? dd->TotalIdxCount / 3 : 0);
    return 0;
}

}  // namespace ws::ui
