// A step range as pictures (an animated GIF, or a numbered PNG per step): which steps, the
// names the files get, and the progress of an export the window runs a frame at a time. Plain
// data; the pixels are made by ui/frame_capture.cpp and written by ui/gif.cpp and ui/png.cpp.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "ui/layout.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

struct StepRange {
    std::size_t from = 0, to = 0;  // inclusive
    std::size_t count() const { return to - from + 1; }
};

// --from/--to (unset: the first / the last step; -1 in `to`: the last) against a run of
// `steps` steps: the range, or nullopt and one line in `error`.
std::optional<StepRange> step_range(std::optional<long> from, std::optional<long> to,
                                    std::size_t steps, std::string& error);

enum class FramesKind { Gif, Pngs };

// The GIF's name, "reduce-sequential-steps-0-7-banks" (view step indices; no panel: the whole
// window), or the PNGs' base, "reduce-sequential-banks" (numbered_png_name adds the step).
std::string default_frames_name(const TraceView& v, StepRange r, std::optional<PanelId> panel,
                                FramesKind kind);
// The picture of step `step` of the range `r`: "BASE-step-03.png", zero-padded to the digits of
// the last step, so that the files sort in step order.
std::string numbered_png_name(const std::string& base, std::size_t step, StepRange r);

// An export the window is running: asked for by the controls, a frame made each turn of the
// loop (the app), cancellable; `message` says how it ended.
struct FramesExport {
    FramesKind kind = FramesKind::Gif;
    long from = 0, to = -1;  // what the controls ask for (-1: the last step)
    int frame_ms = 700;
    bool active = false;     // started (act::StartFrames) and not yet ended or cancelled
    bool capturing = false;  // a frame of the export is being drawn: hide the progress
    std::size_t done = 0, total = 0;
    std::string target;  // the file or folder being written
    float progress() const { return total ? float(done) / float(total) : 0.0f; }
};

}  // namespace ws::ui
