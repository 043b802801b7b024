// run_window: parse the flags, then either the interactive loop (here) or offscreen pictures and
// frame times (offscreen.cpp). Both draw the same frame (frame.cpp) from a Session.
#include "ui/app_window.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <memory>
#include <optional>
#include <utility>

#include "kernels/run/backend.hpp"
#include "ui/frame.hpp"
#include "ui/frame_capture.hpp"
#include "ui/gui_context.hpp"
#include "ui/model/window/png_export.hpp"
#include "ui/offscreen.hpp"
#include "ui/png.hpp"
#include "ui/session.hpp"
#include "ui/settings.hpp"
#include "ui/teacher_window.hpp"
#include "ui/widgets/slide_words.hpp"
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
    int w = 0, h = 0, ww = 0, wh = 0;
    gui.framebuffer_size(w, h);
    gui.window_size(ww, wh);
    std::string error;
    const std::string name =
        ui.files.export_name.empty()
            ? default_png_name(v, v.clamp(static_cast<long>(ui.step())), ui.files.export_panel)
            : ui.files.export_name;
    const std::string path = png_path(ui.files.export_folder, name, &error);
    if (path.empty()) {
        ui.files.message = error;
        ui.banner = error;
        return;
    }
    std::vector<std::uint8_t> rgba = read_window_rgba(w, h);
    if (ui.files.export_panel) {
        if (!layout.shows(*ui.files.export_panel)) {
            ui.files.message = std::string(panel_title(*ui.files.export_panel)) +
                               " is not shown in this view: nothing exported";
            return;
        }
        int cw = 0, ch = 0;
        rgba = crop_rgba(rgba, w, h, layout[*ui.files.export_panel],
                         ww ? float(w) / float(ww) : 1.0f, &cw, &ch);
        w = cw, h = ch;
    }
    const std::string e = write_png(path, w, h, rgba);
    ui.files.message = e.empty() ? "wrote " + path : e;
    if (!e.empty()) ui.banner = e;
}

// A step range being exported (UiState::files.frames): its own framebuffer and layout (the window,
// or the chosen panel at its size on screen), where the frames go, and the next step.
struct FramesJob {
    std::unique_ptr<Offscreen> fbo;
    std::unique_ptr<FramesSink> sink;
    Layout layout;
    StepRange range;
    std::size_t next = 0, saved_step = 0;
    bool cancel = false;  // Cancel or Esc (act::CancelFrames)
};

void end_frames(Session& s, FramesJob& job, const std::string& message) {
    FramesExport& f = s.ui.files.frames;
    const std::size_t count = playback_count(s.view(), s.ui);
    set_step(s.ui.playback, std::min(job.saved_step, count ? count - 1 : 0), count);
    settle(s.ui.playback);
    job = FramesJob{};
    Offscreen::bind_window();
    f.active = f.capturing = false;
    s.ui.files.message = message;
}

// The controls asked for an export: checks the range and the target, opens them.
void start_frames(GuiContext& gui, Session& s, FramesJob& job, const Layout& window_layout,
                  FramesKind kind) {
    FramesExport& f = s.ui.files.frames;
    f.kind = kind;
    std::string error;
    const TraceView& v = cursor_view(s.view(), s.ui);
    const auto range = step_range(f.from, f.to < 0 ? std::nullopt : std::optional<long>(f.to),
                                  v.step_count(), error);
    if (!range) {
        s.ui.files.message = s.ui.banner = error;
        return;
    }
    int w = 0, h = 0;
    gui.window_size(w, h);
    job.layout = window_layout;
    if (s.ui.files.export_panel) {
        if (!window_layout.shows(*s.ui.files.export_panel)) {
            s.ui.files.message = std::string(panel_title(*s.ui.files.export_panel)) +
                                 " is not shown in this view: nothing exported";
            return;
        }
        const Rect& r = window_layout[*s.ui.files.export_panel];
        w = int(r.w), h = int(r.h);
        job.layout = single_panel_layout(*s.ui.files.export_panel, float(w), float(h));
    }
    const std::string name = s.ui.files.export_name.empty()
                                 ? default_frames_name(v, *range, s.ui.files.export_panel, f.kind)
                                 : s.ui.files.export_name;
    const bool gif = f.kind == FramesKind::Gif;
    std::string target = s.ui.files.export_folder;
    if (gif) target = export_path(s.ui.files.export_folder, name, ".gif", &error);
    if (target.empty()) {
        s.ui.files.message = s.ui.banner = error;
        return;
    }
    job.fbo = std::make_unique<Offscreen>();
    if (std::string e = job.fbo->create(w, h); !e.empty()) {
        job = FramesJob{};
        Offscreen::bind_window();
        s.ui.files.message = s.ui.banner = e;
        return;
    }
    Offscreen::bind_window();
    job.sink = std::make_unique<FramesSink>(f.kind, target, name, w, h, *range, f.frame_ms);
    job.range = *range;
    job.next = range->from;
    job.saved_step = s.ui.step();
    f.active = true;
    f.done = 0;
    f.total = range->count();
    f.target = target;
}

// One frame of the export each turn of the loop, so the window stays alive and Cancel works.
void continue_frames(GuiContext& gui, Session& s, FramesJob& job) {
    FramesExport& f = s.ui.files.frames;
    if (job.cancel) {
        const std::size_t written = job.sink->written();
        return end_frames(s, job,
                          f.kind == FramesKind::Gif
                              ? std::string("GIF export cancelled: nothing written")
                              : "PNG export cancelled after " + std::to_string(written) + " of " +
                                    std::to_string(f.total) + " pictures");
    }
    f.capturing = true;
    const std::vector<std::uint8_t> rgba = capture_step(gui, *job.fbo, s, job.layout, job.next, 2);
    f.capturing = false;
    if (std::string e = job.sink->add(rgba); !e.empty()) {
        s.ui.banner = e;
        return end_frames(s, job, e);
    }
    ++f.done;
    if (job.next++ < job.range.to) {
        // Back to the step on show until the next frame of the export.
        const std::size_t count = playback_count(s.view(), s.ui);
        set_step(s.ui.playback, job.saved_step, count);
        settle(s.ui.playback);
        Offscreen::bind_window();
        return;
    }
    std::string e = job.sink->finish();
    if (!e.empty()) s.ui.banner = e;
    end_frames(s, job, e.empty() ? job.sink->summary() : e);
}

// What the session handed back for the renderer: a new style, a PNG of the next frame, a GIF or
// PNGs of a step range (started after the next frame, cancelled), the clipboard.
struct RendererWork {
    bool png = false;
    std::optional<FramesKind> frames;
};
void take_renderer_actions(GuiContext& gui, Session& s, FramesJob& frames, RendererWork& work,
                           const std::vector<Action>& actions) {
    for (const Action& a : actions) {
        if (is<act::Restyle>(a)) gui.set_style(style_of(s.ui));
        if (is<act::ExportPng>(a)) work.png = true;
        if (const auto* f = std::get_if<act::StartFrames>(&a); f && !s.ui.files.frames.active)
            work.frames = f->kind;
        if (is<act::CancelFrames>(a)) frames.cancel = true;
        if (const auto* c = std::get_if<act::Clipboard>(&a))
            ImGui::SetClipboardText(c->text.c_str());
    }
}

// The first banner: the settings file's problem, else the data files' (each one line naming the
// file; the window starts without them).
std::string start_banner(const std::string& settings_problem, const Session& s) {
    if (!settings_problem.empty()) return settings_problem;
    const std::vector<std::string> data = s.data_problems();
    if (data.empty()) return "";
    return data.front() + (data.size() > 1 ? " (and " + std::to_string(data.size() - 1) +
                                                 " more data files unread)"
                                           : "");
}

// Lecture mode's second window (N): the slide's note and the next slide, for the teacher only;
// the lecture's keys pressed there act as in the main window.
void teacher_frame(GuiContext& gui, Session& s, TeacherWindow& teacher) {
    if (std::string e = teacher.show(s.ui.lesson.notes_shown && lecture_on(s.ui), gui); !e.empty())
        s.ui.banner = e;
    teacher.frame(s.ui);
    for (KeyAction k : teacher.take_keys())
        if (std::optional<Action> act = key_action(k)) s.ui.post(std::move(*act));
    if (teacher.take_close()) s.ui.post(act::ToggleNotes{});
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
    // After the first run, which clears the banner: the settings' or the data files' problem
    // stays until dismissed.
    if (!problem.empty()) problem = path + ": " + problem;
    if (std::string b = start_banner(problem, s); !b.empty()) s.ui.banner = b;
    GuiContext gui;
    const int w = a.width ? a.width : settings.width, h = a.height ? a.height : settings.height;
    if (std::string e = gui.open(w, h, true, style_of(s.ui)); !e.empty()) return fail(1, e);
    bool step_placed = false;
    FramesJob frames;
    RendererWork work;
    TeacherWindow teacher;  // after gui: closed before it
    double last = glfwGetTime();
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    while (!gui.should_close() && !g_stop) {
        // Idle (nothing playing, easing, running or asked for): wait for input instead of
        // spinning, so a software renderer does not keep a core busy.
        // (A student's kernel or a race search, seconds long, is picked up within the timeout.)
        const bool busy = s.ui.playback.playing || s.ui.playback.transition < 1.0 ||
                          s.ui.runs.running || s.ui.runs.compare_running ||
                          s.ui.runs.circuit_running || s.ui.lab.sweep.running ||
                          s.ui.files.frames.active || work.frames || !s.ui.actions.empty();
        if (busy)
            glfwPollEvents();
        else
            glfwWaitEventsTimeout(0.25);
        take_renderer_actions(gui, s, frames, work, s.update());
        if (!step_placed && s.view().step_count() > 0) {
            step_placed = true;
            if (std::string e = place_step(s, a); !e.empty()) s.ui.banner = e;
        }
        const double now = glfwGetTime();
        tick(s.ui.playback, now - last, playback_count(s.view(), s.ui), s.ui.speed);
        last = now;
        gui.begin_frame();
        handle_keys(s.ui);
        int ww = 0, wh = 0, fw = 0, fh = 0;
        gui.window_size(ww, wh);
        gui.framebuffer_size(fw, fh);
        const Layout layout =
            layout_for(s.ui, a, float(ww), float(wh), gui.style().effective_scale());
        draw_frame(s.view(), s.ui, layout);
        gui.render(fw, fh);
        if (std::exchange(work.png, false)) export_png(gui, s.ui, s.view(), layout);
        gui.swap();
        // After the frame on show, before the next events: the export's own frames.
        if (work.frames && !s.ui.files.frames.active)
            start_frames(gui, s, frames, layout, *std::exchange(work.frames, std::nullopt));
        if (s.ui.files.frames.active) continue_frames(gui, s, frames);
        teacher_frame(gui, s, teacher);
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
    if (!a.screenshot.empty() || !a.screenshot_panels.empty() || a.bench_frames ||
        !a.export_gif.empty() || !a.export_pngs.empty() || !a.worksheet.empty())
        return run_offscreen(a);
    return run_interactive(a);
}

}  // namespace ws::ui
