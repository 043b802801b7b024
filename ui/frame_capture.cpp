// Off-screen frames of steps, and writing them as a GIF or as numbered PNGs.
#include "ui/frame_capture.hpp"

#include <GLFW/glfw3.h>

#include <filesystem>

#include "ui/frame.hpp"
#include "ui/gif.hpp"
#include "ui/model/window/exported_file.hpp"
#include "ui/png.hpp"

namespace ws::ui {

void draw_offscreen(GuiContext& gui, const Offscreen& fbo, Session& s, const Layout& layout) {
    gui.begin_offscreen_frame(fbo.width(), fbo.height());
    s.follow_cursor();
    draw_frame(s.view(), s.ui, layout);
    fbo.bind();
    gui.render(fbo.width(), fbo.height());
    glFinish();
}

std::vector<std::uint8_t> capture_step(GuiContext& gui, const Offscreen& fbo, Session& s,
                                       const Layout& layout, std::size_t step, int frames) {
    const std::size_t count = playback_count(s.view(), s.ui);
    set_step(s.ui.playback, step, count);
    settle(s.ui.playback);
    for (int i = 0; i < frames; ++i) draw_offscreen(gui, fbo, s, layout);
    return fbo.read_rgba();
}

FramesSink::FramesSink(FramesKind kind, std::string target, std::string base, int width, int height,
                       StepRange range, int frame_ms)
    : kind_(kind),
      target_(std::move(target)),
      base_(std::move(base)),
      width_(width),
      height_(height),
      frame_ms_(frame_ms),
      range_(range) {
    if (kind_ == FramesKind::Gif) {
        gif_ = std::make_unique<GifWriter>(target_, width, height);
        error_ = gif_->error();
        return;
    }
    std::error_code ec;
    if (!std::filesystem::is_directory(target_, ec))
        error_ = "cannot write PNGs into " + target_ + ": not a folder";
}

FramesSink::~FramesSink() = default;

std::string FramesSink::add(const std::vector<std::uint8_t>& rgba) {
    if (!error_.empty()) return error_;
    if (kind_ == FramesKind::Gif) {
        if (!gif_->add_frame(rgba, frame_ms_)) return error_ = gif_->error();
    } else {
        const std::string path = (std::filesystem::path(target_) /
                                  numbered_png_name(base_, range_.from + written_, range_))
                                     .string();
        if (std::string e = write_png(path, width_, height_, rgba); !e.empty()) return error_ = e;
        exported(path);  // in the web page, each picture a download
    }
    ++written_;
    return "";
}

std::string FramesSink::finish() {
    if (!error_.empty()) return error_;
    if (kind_ == FramesKind::Gif) error_ = gif_->finish();
    return error_;
}

std::string FramesSink::summary() const {
    const std::string size = std::to_string(width_) + "x" + std::to_string(height_);
    if (kind_ == FramesKind::Gif)
        return "wrote " + target_ + ": " + std::to_string(written_) + " frames, " + size;
    return "wrote " + std::to_string(written_) + " PNGs of " + size + " into " + target_ + " (" +
           numbered_png_name(base_, range_.from, range_) + " ...)";
}

}  // namespace ws::ui
