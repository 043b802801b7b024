// What the window writes instead of opening (pictures, GIFs, worksheets, frame times), and what
// draws them: flags no feature owns and no link carries (a link never writes a file).
#pragma once
#include <optional>
#include <string>

#include "ui/flags/flag_row.hpp"
#include "ui/layout.hpp"

namespace ws::ui {

// What draws the pictures of --screenshot, --export-gif/--export-pngs and --bench-frames: a
// headless OpenGL context (EGL, no display needed), a hidden window (a display needed), or the
// first of these that opens.
enum class Renderer { Auto, Headless, Window };

struct OutputArgs {
    std::optional<PanelId> panel;    // screenshots: one panel filling the image
    std::string screenshot;          // PNG path
    std::string screenshot_panels;   // a directory: every panel at several steps
    std::string teacher_screenshot;  // with --screenshot in lecture mode: the teacher's window
    bool check_labels = false;       // with --screenshot: labels that leave their box or collide
    // A step range as pictures: an animated GIF and/or a PNG per step into a folder.
    std::string export_gif, export_pngs;
    std::optional<long> from, to;  // 0-based steps; -1: the last; unset: the first / the last
    int frame_ms = 700;            // how long the GIF shows each step
    int bench_frames = 0;
    std::string worksheet;  // print a worksheet page of the attempt's questions (PNG)
    int questions = 3;      // how many questions the worksheet has
    Renderer renderer = Renderer::Auto;
    bool help = false;  // print the usage
};

const FlagTable<OutputArgs>& output_flags();

}  // namespace ws::ui
