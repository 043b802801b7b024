// The window's command-line flags (app/main.cpp hands over argv when the first argument starts
// with --): CLI11 options, the request's shared with the commands (kernels/run/request_parse).
// Every failure is one line naming the flag and what it takes; window_usage() prints the same
// options.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "ui/layout.hpp"
#include "ui/model/lab/lab_data.hpp"
#include "ui/model/window/request_form.hpp"

namespace ws::ui {

// What draws the pictures of --screenshot, --export-gif/--export-pngs and --bench-frames: a
// headless OpenGL context (EGL, no display needed), a hidden window (a display needed), or the
// first of these that opens.
enum class Renderer { Auto, Headless, Window };

struct WindowArgs {
    RequestForm form;
    bool request_given = false;    // some request flag was given (overrides saved settings)
    std::string trace_file;        // open this saved trace instead of running
    std::uint64_t max_memory = 0;  // --max-memory in bytes; 0: the memory free
    std::optional<long> step;      // 0-based; -1 means the last step
    std::optional<View> view;
    std::optional<std::string> compare;
    std::optional<LabLines> lab_lines;    // the lab's family (--lab-family)
    std::optional<std::string> lab_type;  // the lab's element type (--lab-type)
    bool lab_fits = false;  // the multi-GPU family's second page: the fits, NCCL's choices
    std::optional<std::string> lab_file;  // the recording the lab shows (--lab-file NAME)
    std::optional<unsigned> ring_gpus;    // the Across GPUs view's GPU count (--ring-gpus)
    std::optional<std::uint64_t> ring_n;  // the floats on each of them (--ring-n)
    bool ring_naive = false;              // its naive plan rather than the ring (--ring-naive)
    std::optional<PanelId> panel;         // screenshots: one panel filling the image
    std::optional<PanelId> focus;         // brought to the front where it shares a place (tabs)
    int width = 0, height = 0;            // 0: default (1600x900, or the saved size)
    bool presentation = false;
    bool hide_controls = false;
    bool show_controls = false;  // with --presentation, the controls stay shown
    bool side_by_side = false;   // the circuit view's Kogge-Stone | Brent-Kung | Sklansky
    bool show_help = false;      // open with the keys overlay (F1) shown
    bool whole_stage = false;    // with --lesson: the slide's panel on the whole stage (Z)
    bool show_lessons = false;   // open with the controls' lesson list shown (act::ShowLessons)
    bool check_labels = false;   // with --screenshot: labels that leave their box or collide
    bool find_race = false;      // open with a race search of the request (Find a race)
    std::string quiz_seed;       // open with a quiz attempt of this seed (predict the next step)
    std::string worksheet;       // print a worksheet page of the attempt's questions (PNG)
    std::string kernel_file;     // open this kernel file in the editor and run it (run-kernel)
    std::string puzzle;          // open this puzzle in the editor (its name or number)
    bool grade = false;          // with --puzzle: grade the editor's kernel at once
    int questions = 3;           // how many questions the worksheet has
    std::string lesson;          // open this lesson (lecture mode) at `slide` (0-based)
    std::size_t slide = 0;
    std::optional<std::string> theme;
    std::optional<float> font_scale;
    float zoom = 1.0f;               // of the shared-memory picture
    std::string screenshot;          // PNG path
    std::string screenshot_panels;   // a directory: every panel at several steps
    std::string teacher_screenshot;  // with --screenshot in lecture mode: the teacher's window
    // A step range as pictures: an animated GIF and/or a PNG per step into a folder.
    std::string export_gif, export_pngs;
    std::optional<long> from, to;  // 0-based steps; -1: the last; unset: the first / the last
    int frame_ms = 700;            // how long the GIF shows each step
    int bench_frames = 0;
    Renderer renderer = Renderer::Auto;
    // --backend: cuda runs the request, a student's kernel and the lab's sweep on the GPU (true),
    // cpu on the emulator (false); unset: as last time (the saved settings).
    std::optional<bool> gpu;
    bool sweep = false;        // open the lab with its live sweep on the GPU started
    double sweep_until = 1.0;  // pictures of a sweep: taken once this fraction is measured
    bool help = false;
};

struct ParsedArgs {
    WindowArgs args;
    std::string error;       // empty on success
    bool from_link = false;  // the flags came from a warpscope:// link: its look is for this run
};

// A single `warpscope://open?...` argument is read as the flags it carries (state_link.hpp).
ParsedArgs parse_window_args(int argc, const char* const* argv);
std::string window_usage();

}  // namespace ws::ui
