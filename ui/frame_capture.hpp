// Pictures of steps drawn off screen, and where a step range's pictures go: the shared part of
// `--export-gif/--export-pngs` (offscreen.cpp) and the window's export (app_window.cpp).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ui/gui_context.hpp"
#include "ui/layout.hpp"
#include "ui/model/window/frame_export.hpp"
#include "ui/session.hpp"

namespace ws::ui {

class GifWriter;

// One frame of the session drawn with `layout` into `fbo` (its size), finished.
void draw_offscreen(GuiContext& gui, const Offscreen& fbo, Session& s, const Layout& layout);

// The session at view step `step` (settled: no easing) as `fbo` holds it after `frames` frames
// (tables size themselves in the first); the cursor is left at `step`.
std::vector<std::uint8_t> capture_step(GuiContext& gui, const Offscreen& fbo, Session& s,
                                       const Layout& layout, std::size_t step, int frames = 3);

// The pictures of a step range: one animated GIF (`target` is its path), or a numbered PNG per
// step of `range` in the folder `target`, named from `base`.
class FramesSink {
  public:
    FramesSink(FramesKind kind, std::string target, std::string base, int width, int height,
               StepRange range, int frame_ms);
    ~FramesSink();
    FramesSink(const FramesSink&) = delete;
    FramesSink& operator=(const FramesSink&) = delete;

    // "" or the one-line error (the sink then takes no more).
    std::string add(const std::vector<std::uint8_t>& rgba);
    // Ends the GIF and puts it in place; "" or the error.
    std::string finish();
    // "wrote out.gif: 8 frames, 1280x720" / "wrote 8 PNGs to frames/ (reduce-...-0.png ...)".
    std::string summary() const;
    std::size_t written() const { return written_; }

  private:
    FramesKind kind_;
    std::string target_, base_, error_;
    int width_, height_, frame_ms_;
    StepRange range_;
    std::size_t written_ = 0;
    std::unique_ptr<GifWriter> gif_;
};

}  // namespace ws::ui
