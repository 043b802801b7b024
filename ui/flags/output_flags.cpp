// The output flags' rows, and the checks across them.
#include "ui/flags/output_flags.hpp"

#include "ui/flags/flag_values.hpp"
#include "ui/window_args.hpp"

namespace ws::ui {
namespace {

using Row = FlagRow<OutputArgs>;

Row number_row(const char* name, std::string help, int OutputArgs::*field, long lo, long hi,
               std::string bad) {
    Row r = value_row<OutputArgs>(name, std::move(help));
    r.store = [=](OutputArgs& a, const std::string& v) {
        const auto k = parse_long(v);
        if (!k || *k < lo || *k > hi) return std::string(name) + " " + v + ": " + bad;
        a.*field = int(*k);
        return std::string();
    };
    return r;
}

Row step_row(const char* name, std::string help, std::optional<long> OutputArgs::*field) {
    Row r = value_row<OutputArgs>(name, std::move(help));
    r.store = [=](OutputArgs& a, const std::string& v) { return parse_step(name, v, a.*field); };
    return r;
}

std::vector<Row> rows() {
    std::vector<Row> r;
    Row panel = value_row<OutputArgs>(
        "--panel",
        "with --screenshot or --bench-frames, one panel filling the image: " + panel_names());
    panel.store = [](OutputArgs& a, const std::string& v) {
        a.panel = parse_panel(v);
        return a.panel ? std::string() : "--panel " + v + ": not a panel (" + panel_names() + ")";
    };
    r.push_back(panel);
    r.push_back(text_row("--screenshot", "render the view (or one --panel) to this PNG and exit",
                         &OutputArgs::screenshot));
    r.push_back(
        text_row("--teacher-screenshot",
                 "with --screenshot and --lesson: the teacher's window (N) too, to this PNG",
                 &OutputArgs::teacher_screenshot));
    r.push_back(text_row(
        "--screenshot-panels",
        "every panel at its first, middle and last step, and the views, as DIR/PANEL-STEP.png",
        &OutputArgs::screenshot_panels));
    r.push_back(switch_row("--check-labels",
                           "with --screenshot: list every label a picture drew that leaves its "
                           "box or covers another, and exit 3 if there is one",
                           &OutputArgs::check_labels));
    r.push_back(text_row("--export-gif",
                         "write the steps --from..--to of the view (or one --panel) as an "
                         "animated GIF and exit",
                         &OutputArgs::export_gif));
    r.push_back(text_row("--export-pngs",
                         "write the steps --from..--to as numbered PNGs into this folder and exit",
                         &OutputArgs::export_pngs));
    r.push_back(
        step_row("--from", "the first step exported: 0, 1, ... (default 0)", &OutputArgs::from));
    r.push_back(step_row("--to", "the last step exported: 0, 1, ... or last (default last)",
                         &OutputArgs::to));
    r.push_back(number_row("--frame-ms",
                           "how long the GIF shows each step, in milliseconds (20..10000; 700)",
                           &OutputArgs::frame_ms, 20, 10000, "not a time from 20 to 10000 ms"));
    r.push_back(number_row("--bench-frames",
                           "render N frames of the full window, print the median frame time",
                           &OutputArgs::bench_frames, 1, 100000, "not a frame count (1..100000)"));
    r.push_back(text_row("--worksheet",
                         "write a printable page of K quiz questions (--questions, 3) as PNG, the "
                         "answers beside it (FILE-answers.txt), and exit",
                         &OutputArgs::worksheet));
    r.push_back(number_row("--questions", "how many questions the worksheet has, 1..8 (3)",
                           &OutputArgs::questions, 1, 8, "write how many, 1 to 8"));
    Row renderer = value_row<OutputArgs>(
        "--renderer",
        "what draws --screenshot, --export-* and --bench-frames: headless (EGL, no "
        "display), window (a hidden window on the display) or auto (headless, else "
        "window)");
    renderer.store = [](OutputArgs& a, const std::string& v) {
        if (v != "auto" && v != "headless" && v != "window")
            return "--renderer " + v + ": not a renderer (auto, headless or window)";
        a.renderer = v == "headless" ? Renderer::Headless
                     : v == "window" ? Renderer::Window
                                     : Renderer::Auto;
        return std::string();
    };
    r.push_back(renderer);
    return r;
}

// One output at a time, and the flags that only go with one.
std::string finish(OutputArgs& o, const WindowArgs& a) {
    const bool exports = !o.export_gif.empty() || !o.export_pngs.empty();
    if (o.panel && o.screenshot.empty() && !o.bench_frames && !exports)
        return "--panel " + std::string(panel_name(*o.panel)) +
               " needs --screenshot FILE, --export-gif FILE, --export-pngs DIR or --bench-frames "
               "N";
    if (int(!o.screenshot.empty()) + int(!o.screenshot_panels.empty()) + int(o.bench_frames > 0) +
            int(exports) + int(!o.worksheet.empty()) >
        1)
        return "--screenshot, --screenshot-panels, --export-gif/--export-pngs, --worksheet and "
               "--bench-frames: give one of them";
    if (!o.teacher_screenshot.empty() && (o.screenshot.empty() || a.lesson.empty()))
        return "--teacher-screenshot goes with --screenshot FILE and --lesson NAME";
    if (o.check_labels && o.screenshot.empty())
        return "--check-labels checks the labels of a --screenshot FILE";
    if ((o.from || o.to) && !exports)
        return "--from and --to choose the steps of --export-gif or --export-pngs";
    if (o.from && *o.from == -1) return "--from last: the range starts at a step index (0, 1, ...)";
    if (o.from && o.to && *o.to != -1 && *o.to < *o.from)
        return "--from " + std::to_string(*o.from) + " --to " + std::to_string(*o.to) +
               ": the range ends before it starts";
    return "";
}

}  // namespace

const FlagTable<OutputArgs>& output_flags() {
    static const FlagTable<OutputArgs> table{"Pictures instead of a window", rows(), finish};
    return table;
}

}  // namespace ws::ui
