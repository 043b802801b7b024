// One turn of the window's loop (window_loop.hpp): the renderer's share of the session's actions,
// the frame, a PNG of it, and a step range's pictures a frame at a time.
#include "ui/window_loop.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <utility>

#include "ui/frame.hpp"
#include "ui/frame_capture.hpp"
#include "ui/model/window/exported_file.hpp"
#include "ui/model/window/png_export.hpp"
#include "ui/offscreen.hpp"
#include "ui/png.hpp"
#include "ui/window_setup.hpp"

namespace ws::ui {
namespace {

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
    ui.files.message = e.empty() ? exported(path) : e;
    if (!e.empty()) ui.banner = e;
}

}  // namespace

// A step range being exported (UiState::files.frames): its own framebuffer and layout (the window,
// or the chosen panel at its size on screen), where the frames go, and the next step.
struct WindowLoop::Frames {
    std::unique_ptr<Offscreen> fbo;
    std::unique_ptr<FramesSink> sink;
    Layout layout;
    StepRange range;
    std::size_t next = 0, saved_step = 0;
    bool cancel = false;  // Cancel or Esc (act::CancelFrames)
};

namespace {

void end_frames(Session& s, WindowLoop::Frames& job, const std::string& message) {
    FramesExport& f = s.ui.files.frames;
    const std::size_t count = playback_count(s.view(), s.ui);
    set_step(s.ui.playback, std::min(job.saved_step, count ? count - 1 : 0), count);
    settle(s.ui.playback);
    job = WindowLoop::Frames{};
    Offscreen::bind_window();
    f.active = f.capturing = false;
    s.ui.files.message = message;
}

// The controls asked for an export: checks the range and the target, opens them.
void start_frames(GuiContext& gui, Session& s, WindowLoop::Frames& job, const Layout& window_layout,
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
        job = WindowLoop::Frames{};
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
void continue_frames(GuiContext& gui, Session& s, WindowLoop::Frames& job) {
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

}  // namespace

WindowLoop::WindowLoop() : frames_(std::make_unique<Frames>()) {}
WindowLoop::~WindowLoop() = default;

bool WindowLoop::exporting(const Session& s) const {
    return s.ui.files.frames.active || start_.has_value();
}

std::vector<Action> WindowLoop::draw(GuiContext& gui, Session& s, const WindowArgs& a, double now) {
    std::vector<Action> actions = s.update();
    for (const Action& act : actions) {
        if (is<act::Restyle>(act)) gui.set_style(style_of(s.ui));
        if (is<act::ExportPng>(act)) png_ = true;
        if (const auto* f = std::get_if<act::StartFrames>(&act); f && !s.ui.files.frames.active)
            start_ = f->kind;
        if (is<act::CancelFrames>(act)) frames_->cancel = true;
        if (const auto* c = std::get_if<act::Clipboard>(&act))
            ImGui::SetClipboardText(c->text.c_str());
    }
    if (!step_placed_ && s.view().step_count() > 0) {
        step_placed_ = true;
        if (std::string e = place_step(s, a); !e.empty()) s.ui.banner = e;
    }
    // Two frames may come with the same time (the page's clock): no step back, no zero step.
    const double dt = last_ ? std::max(0.0, now - *last_) : 0.0;
    tick(s.ui.playback, dt, playback_count(s.view(), s.ui), s.ui.speed);
    last_ = now;
    gui.begin_frame();
    handle_keys(s.ui);
    int ww = 0, wh = 0, fw = 0, fh = 0;
    gui.window_size(ww, wh);
    gui.framebuffer_size(fw, fh);
    layout_ = layout_for(s.ui, a, float(ww), float(wh), gui.style().effective_scale());
    s.follow_cursor();
    draw_frame(s.view(), s.ui, layout_);
    handle_run_key(s.ui);
    gui.render(fw, fh);
    if (std::exchange(png_, false)) export_png(gui, s.ui, s.view(), layout_);
    return actions;
}

void WindowLoop::after_show(GuiContext& gui, Session& s) {
    if (start_ && !s.ui.files.frames.active)
        start_frames(gui, s, *frames_, layout_, *std::exchange(start_, std::nullopt));
    if (s.ui.files.frames.active) continue_frames(gui, s, *frames_);
}

}  // namespace ws::ui
