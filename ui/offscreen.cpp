// Offscreen pictures and frame times.
#include "ui/offscreen.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "kernels/io/atomic_file.hpp"
#include "kernels/user/outcome.hpp"
#include "ui/draw_cost.hpp"
#include "ui/frame.hpp"
#include "ui/frame_capture.hpp"
#include "ui/geometry/label_log.hpp"
#include "ui/gui_context.hpp"
#include "ui/png.hpp"
#include "ui/session.hpp"
#include "ui/widgets/cut_text.hpp"
#include "ui/widgets/teacher_notes.hpp"
#include "ui/window_setup.hpp"
#include "ui/worksheet.hpp"

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

// The renderer asked for (--renderer): headless EGL, a hidden window, or headless and else the
// window. "" or why none opened, in one line.
std::string open_target(Target& t, Renderer renderer, const Style& style) {
    std::string e;
    if (renderer != Renderer::Window) {
        e = t.gui.open_headless(style);
        if (e.empty() || renderer == Renderer::Headless) return e;
    }
    std::string w = t.gui.open(t.w, t.h, false, style);
    return w.empty() || e.empty() ? w : e + "; and " + w;
}

// Milliseconds of each frame, and of its two halves: building the draw lists (CPU) and
// rasterising them (the renderer, to glFinish).
struct FrameTimes {
    std::vector<double> total, build, raster;
    double cpu_ms = 0;  // processor time of every thread (the renderer's too), per frame
};

double process_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
}

double ms_since(std::chrono::steady_clock::time_point t0,
                std::chrono::steady_clock::time_point t1) {
    return std::chrono::duration<double, std::milli>(t1 - t0).count();
}

// Draws `frames` frames of `layout` into the target. With `play_dt` > 0 the playback runs as in
// the window, its clock advanced by `play_dt` seconds a frame (and started again at the end),
// so values and arrows ease and the pictures change from frame to frame.
FrameTimes render(Target& t, Session& s, const Layout& layout, int frames, double play_dt = 0) {
    FrameTimes ms;
    const double cpu0 = process_cpu_ms();
    for (int i = 0; i < frames; ++i) {
        if (play_dt > 0) {
            const std::size_t count = playback_count(s.view(), s.ui);
            if (!s.ui.playback.playing) toggle_play(s.ui.playback, count);
            tick(s.ui.playback, play_dt, count, s.ui.speed);
        }
        const auto start = std::chrono::steady_clock::now();
        t.gui.begin_offscreen_frame(t.w, t.h);
        s.follow_cursor();
        draw_frame(s.view(), s.ui, layout);
        const auto built = std::chrono::steady_clock::now();
        t.fbo.bind();
        t.gui.render(t.w, t.h);
        glFinish();
        const auto done = std::chrono::steady_clock::now();
        ms.total.push_back(ms_since(start, done));
        ms.build.push_back(ms_since(start, built));
        ms.raster.push_back(ms_since(built, done));
    }
    ms.cpu_ms = (process_cpu_ms() - cpu0) / std::max(frames, 1);
    return ms;
}

// --sweep: frames drawn as the window draws them (the session updated each, the sweep's
// progress and its points read) until `until` of the sweep is measured or it ends; "" or why it
// did not get there.
std::string follow_sweep(Target& t, Session& s, const Layout& layout, double until) {
    constexpr double kLimitSeconds = 900;
    const auto start = std::chrono::steady_clock::now();
    for (;;) {
        s.update();
        const SweepStatus& sweep = s.ui.lab.sweep;
        if (!sweep.running) return sweep.error.empty() ? "" : "the sweep stopped: " + sweep.error;
        if (until < 1 && sweep.fraction >= until) return "";  // (1: until it ends)
        if (ms_since(start, std::chrono::steady_clock::now()) > kLimitSeconds * 1e3)
            return "the sweep had measured " + std::to_string(int(sweep.fraction * 100)) +
                   "% after " + std::to_string(int(kLimitSeconds)) + " s";
        render(t, s, layout, 1);
    }
}

// The value below which `fraction` of the samples lie (0.5: the median).
double percentile(std::vector<double> v, double fraction) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(fraction * double(v.size())))];
}
double median(std::vector<double> v) {
    return percentile(std::move(v), 0.5);
}

// The bench's result: the median (the contract's first line), then where the time and the
// pixels went.
void print_bench(const FrameTimes& ms, const Target& t, const Session& s, int frames) {
    const DrawCost cost = draw_cost(ImGui::GetDrawData());
    const double window = double(t.w) * t.h;
    std::printf(
        "median frame time: %.2f ms over %d frames (%dx%d, %s n=%s block=%u; "
        "%d triangles a frame)\n",
        median(ms.total), frames, t.w, t.h, s.ui.form.algo.c_str(), s.ui.form.n.c_str(),
        s.ui.form.block, cost.triangles);
    std::printf(
        "  building %.2f ms, rasterising %.2f ms, processor time %.2f ms a frame (all threads); "
        "%d draw calls, %.2f Mpx covered (%.2fx the window), ~%.2f Mpx shaded:",
        median(ms.build), median(ms.raster), ms.cpu_ms, cost.commands, cost.pixels * 1e-6,
        cost.pixels / window, cost.shaded * 1e-6);
    for (std::size_t i = 0; i < cost.windows.size() && i < 8; ++i)
        std::printf("%s %s %.2f/%.2f Mpx %d tri", i ? "," : "", cost.windows[i].name.c_str(),
                    cost.windows[i].pixels * 1e-6, cost.windows[i].shaded * 1e-6,
                    cost.windows[i].triangles);
    std::printf("\n  renderer: %s\n", t.gui.renderer().c_str());
}

// --bench-frames with --sweep: the frames drawn while the lab's live sweep runs on the GPU, the
// session updated each frame as the window's loop does, at most 60 a second as a screen's
// refresh paces the window (so that the sweep runs as it does beside the window); the sweep is
// cancelled after the last.
void bench_during_sweep(Target& t, Session& s, const Layout& layout, int frames) {
    s.update();
    const double from = s.ui.lab.sweep.fraction;
    std::vector<double> ms;
    constexpr std::chrono::microseconds kRefresh{16667};
    for (int i = 0; i < frames && s.ui.lab.sweep.running; ++i) {
        const auto start = std::chrono::steady_clock::now();
        s.update();
        render(t, s, layout, 1);
        ms.push_back(ms_since(start, std::chrono::steady_clock::now()));
        std::this_thread::sleep_until(start + kRefresh);
    }
    const double to = s.ui.lab.sweep.fraction;
    std::printf(
        "median frame time: %.2f ms over %zu frames (60 a second) while the lab's live sweep "
        "ran on %s (%.0f%% to %.0f%% of it measured meanwhile; 90th percentile %.2f ms; %dx%d)\n",
        median(ms), ms.size(), s.ui.gpu_name.c_str(), from * 100, to * 100, percentile(ms, 0.9),
        t.w, t.h);
    std::printf("  renderer: %s\n", t.gui.renderer().c_str());
    s.post(act::CancelSweep{});
    s.update();
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

// --check-labels: the labels of the picture's last frame that leave their box or cover
// another, one line each; 3 when there is one.
int report_labels(const std::string& picture_path) {
    std::vector<std::string> problems = label_problems(label_log().labels);
    problems.insert(problems.end(), label_log().not_drawn.begin(), label_log().not_drawn.end());
    for (std::string& cut : cut_text_problems(label_log().scroll_areas))
        problems.push_back(std::move(cut));
    for (const std::string& p : problems)
        std::fprintf(stderr, "warpscope: %s: %s\n", picture_path.c_str(), p.c_str());
    std::printf("%s: %zu labels checked, %zu %s\n", picture_path.c_str(), label_log().labels.size(),
                problems.size(), problems.size() == 1 ? "problem" : "problems");
    return problems.empty() ? 0 : 3;
}

// The teacher's window of lecture mode (ui/teacher_window.hpp) as it would look at 720x480.
std::string teacher_picture(Target& t, const Session& s, const std::string& path) {
    constexpr int kW = 720, kH = 480;
    Offscreen fbo;
    if (std::string e = fbo.create(kW, kH); !e.empty()) return e;
    for (int i = 0; i < 2; ++i) {  // the second frame: wrapped text has its size
        t.gui.begin_offscreen_frame(kW, kH);
        ImGui::SetNextWindowPos({0, 0});
        ImGui::SetNextWindowSize({float(kW), float(kH)});
        if (ImGui::Begin("##teacher", nullptr,
                         ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                             ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings))
            draw_teacher_notes(s.ui);
        ImGui::End();
        fbo.bind();
        t.gui.render(kW, kH);
    }
    const std::vector<std::uint8_t> rgba = fbo.read_rgba();
    Offscreen::bind_window();
    t.fbo.bind();
    return write_png(path, kW, kH, rgba);
}

// Every panel at the first, middle and last step, the four views and the side-by-side networks
// at the middle one.
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
            if (!middle && !panel_info(p).steps) continue;  // the same at every step
            s.ui.view = panel_info(p).view;
            const std::string path = dir + panel_name(p) + at + ".png";
            // Hundreds of these are written by the smoke test: compress fast.
            if (std::string e =
                    picture(t, s, single_panel_layout(p, float(t.w), float(t.h)), path, 2);
                !e.empty())
                return e;
        }
        if (!middle) continue;
        for (View v : kViews) {
            s.ui.view = v;
            const std::string path = dir + "window-" + view_name(v) + at + ".png";
            const Layout l = compute_layout(v, float(t.w), float(t.h), scale);
            if (std::string e = picture(t, s, l, path, 2); !e.empty()) return e;
        }
        // The side-by-side networks, run for this request's size.
        s.ui.circuit_side_by_side = true;
        s.run_circuits();
        s.ui.view = View::Circuit;
        const std::string path = dir + "circuit-side-by-side" + at + ".png";
        const std::string e =
            picture(t, s, single_panel_layout(PanelId::Circuit, float(t.w), float(t.h)), path, 2);
        s.ui.circuit_side_by_side = false;
        if (!e.empty()) return e;
    }
    return "";
}

// --export-gif / --export-pngs: the steps --from..--to, each settled, into a GIF and/or numbered
// PNGs; a summary line each on stdout. "" or the error.
std::string export_frames(Target& t, Session& s, const WindowArgs& a, const Layout& layout,
                          StepRange range) {
    const auto name = [&](FramesKind k) {
        return default_frames_name(s.view(), range, a.panel, k);
    };
    std::vector<std::unique_ptr<FramesSink>> sinks;
    if (!a.export_gif.empty())
        sinks.push_back(std::make_unique<FramesSink>(
            FramesKind::Gif, a.export_gif, name(FramesKind::Gif), t.w, t.h, range, a.frame_ms));
    if (!a.export_pngs.empty())
        sinks.push_back(std::make_unique<FramesSink>(
            FramesKind::Pngs, a.export_pngs, name(FramesKind::Pngs), t.w, t.h, range, a.frame_ms));
    for (std::size_t step = range.from; step <= range.to; ++step) {
        const std::vector<std::uint8_t> rgba = capture_step(t.gui, t.fbo, s, layout, step);
        if (looks_blank(image_stats(rgba)))
            return "step " + std::to_string(step) + ": the picture is blank";
        for (auto& sink : sinks)
            if (std::string e = sink->add(rgba); !e.empty()) return e;
    }
    for (auto& sink : sinks) {
        if (std::string e = sink->finish(); !e.empty()) return e;
        std::printf("%s\n", sink->summary().c_str());
    }
    return "";
}

}  // namespace

int run_offscreen(const WindowArgs& args) {
    WindowArgs a = args;
    bench_defaults(a);
    // An output that cannot be written is bad input, said before any work.
    if (!a.screenshot.empty())
        if (std::string e = io::check_output_path(a.screenshot); !e.empty()) return fail(2, e);
    if (!a.teacher_screenshot.empty())
        if (std::string e = io::check_output_path(a.teacher_screenshot); !e.empty())
            return fail(2, e);
    if (!a.export_gif.empty())
        if (std::string e = io::check_output_path(a.export_gif); !e.empty()) return fail(2, e);
    if (!a.worksheet.empty()) {
        if (std::string e = io::check_output_path(a.worksheet); !e.empty()) return fail(2, e);
        if (!a.theme) a.theme = "light";  // paper
        // A worksheet is of a quiz attempt: a fresh seed where none was given.
        if (a.quiz_seed.empty())
            a.quiz_seed = std::to_string(fresh_quiz_seed(
                std::uint64_t(std::chrono::system_clock::now().time_since_epoch().count())));
    }
    if (!a.export_pngs.empty()) {
        std::error_code ec;
        if (!std::filesystem::is_directory(a.export_pngs, ec))
            return fail(2,
                        "--export-pngs " + user::printable_name(a.export_pngs) + ": not a folder");
        // Said before any step is drawn, not after.
        if (::access(a.export_pngs.c_str(), W_OK) != 0)
            return fail(2, "--export-pngs " + user::printable_name(a.export_pngs) +
                               ": the folder is not writable");
    }
    Session s(false, a.gpu.value_or(false) || a.sweep);
    if (std::string e = prepare(s, a); !e.empty()) return fail(2, e);
    if (std::string e = place_step(s, a); !e.empty()) return fail(2, e);
    Target t;
    t.w = a.width ? a.width : 1600;
    t.h = a.height ? a.height : 900;
    if (std::string e = open_target(t, a.renderer, style_of(s.ui)); !e.empty()) return fail(1, e);
    if (std::string e = t.fbo.create(t.w, t.h); !e.empty()) return fail(1, e);
    if (!a.screenshot_panels.empty()) {
        const std::string e = all_panels(t, s, a);
        return e.empty() ? 0 : fail(1, e);
    }
    const Layout layout =
        layout_for(s.ui, a, float(t.w), float(t.h), t.gui.style().effective_scale());
    if (!a.worksheet.empty()) {
        if (std::string e = write_worksheet(t.gui, s, a.worksheet, a.questions,
                                            a.width ? a.width : kWorksheetWidth);
            !e.empty())
            return fail(1, e);
        std::printf("wrote %s and %s (seed %s)\n", a.worksheet.c_str(),
                    worksheet_answers_path(a.worksheet).c_str(), a.quiz_seed.c_str());
        return 0;
    }
    if (!a.export_gif.empty() || !a.export_pngs.empty()) {
        std::string e;
        const auto range = step_range(a.from, a.to, playback_count(s.view(), s.ui), e);
        if (!range) return fail(2, e);
        e = export_frames(t, s, a, layout, *range);
        return e.empty() ? 0 : fail(1, e);
    }
    if (a.sweep && !a.bench_frames)
        if (std::string e = follow_sweep(t, s, layout, a.sweep_until.value_or(1.0)); !e.empty())
            return fail(1, e);
    if (a.sweep && a.bench_frames) {
        bench_during_sweep(t, s, layout, a.bench_frames);
        return 0;
    }
    if (!a.bench_frames) {
        // In lecture mode the card is as tall as its words and the quiz's question, which the
        // first frame makes.
        render(t, s, layout, 1);
        const Layout settled =
            layout_for(s.ui, a, float(t.w), float(t.h), t.gui.style().effective_scale());
        label_log().on = a.check_labels;
        std::string e = picture(t, s, settled, a.screenshot);
        if (e.empty() && !a.teacher_screenshot.empty())
            e = teacher_picture(t, s, a.teacher_screenshot);
        if (!e.empty()) return fail(1, e);
        return a.check_labels ? report_labels(a.screenshot) : 0;
    }
    print_bench(render(t, s, layout, a.bench_frames), t, s, a.bench_frames);
    // The same load while playing: what a class sees when the teacher presses Space.
    constexpr double kFrameSeconds = 1.0 / 60.0;
    const FrameTimes playing = render(t, s, layout, a.bench_frames, kFrameSeconds);
    std::printf(
        "  while playing at %.3g steps/s (every frame %.1f ms of playback): median %.2f ms, 90th "
        "percentile %.2f ms\n",
        s.ui.speed, kFrameSeconds * 1e3, median(playing.total), percentile(playing.total, 0.9));
    return 0;
}

}  // namespace ws::ui
