// The window's flags as CLI11 options, like the commands': the request's from the one table of
// kernels/run/request_parse.hpp (checked by its parser), the view's here. CLI11 reads the
// command line; each value is then checked here so that every failure is one line naming the
// flag and what it takes. The same options print the usage.
#include "ui/window_args.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>
#include <functional>

#include "kernels/run/backend.hpp"
#include "kernels/run/memory_estimate.hpp"
#include "kernels/run/request_text.hpp"
#include "kernels/trace/dtype.hpp"
#include "kernels/user/outcome.hpp"
#include "ui/features/ring/ring_state.hpp"
#include "ui/keys.hpp"
#include "ui/model/lesson/quiz_state.hpp"
#include "ui/model/window/state_link.hpp"

namespace ws::ui {
namespace {

std::optional<long> parse_long(const std::string& s) {
    if (s.empty() || s.size() > 9) return std::nullopt;
    for (char c : s)
        if (c < '0' || c > '9') return std::nullopt;
    return std::strtol(s.c_str(), nullptr, 10);
}

std::optional<float> parse_float(const std::string& s, float lo, float hi) {
    char* end = nullptr;
    const float v = std::strtof(s.c_str(), &end);
    if (s.empty() || *end || !(v >= lo && v <= hi)) return std::nullopt;
    return v;
}

// A step index: 0, 1, ... or last (-1).
std::string step_flag(const char* flag, const std::string& v, std::optional<long>& step) {
    if (v == "last") {
        step = -1;
        return std::string();
    }
    auto s = parse_long(v);
    if (!s) return std::string(flag) + " " + v + ": not a step index (0, 1, ... or last)";
    step = *s;
    return std::string();
}

// One view flag: its name, its help, and the check that stores its value ("" or the error).
struct ViewFlag {
    const char* name;
    std::string help;
    std::function<std::string(WindowArgs&, const std::string&)> apply;
};

// What is shown: a trace, the step, the panel in front, a lesson, a quiz, a kernel, a puzzle, the
// view and each view's own state.
std::vector<ViewFlag> state_flags() {
    return {
        {"--trace", "open a saved trace instead of running",
         [](WindowArgs& a, const std::string& v) {
             a.trace_file = v;
             return std::string();
         }},
        {"--step", "the step to show: 0, 1, ... or last",
         [](WindowArgs& a, const std::string& v) { return step_flag("--step", v, a.step); }},
        {"--focus", "bring this panel to the front of its tabs: " + panel_names(),
         [](WindowArgs& a, const std::string& v) {
             a.focus = parse_panel(v);
             return a.focus ? std::string()
                            : "--focus " + v + ": not a panel (" + panel_names() + ")";
         }},
        {"--lesson", "open a lesson of assets/lessons (its name or number): lecture mode",
         [](WindowArgs& a, const std::string& v) {
             a.lesson = v;
             return std::string();
         }},
        {"--slide", "the lesson's slide to open: 1, 2, ...",
         [](WindowArgs& a, const std::string& v) {
             auto s = parse_long(v);
             if (!s || *s < 1) return "--slide " + v + ": not a slide number (1, 2, ...)";
             a.slide = std::size_t(*s - 1);
             return std::string();
         }},
        {"--quiz", "open with a quiz attempt (predict the next step) of this seed, 1..999999999",
         [](WindowArgs& a, const std::string& v) {
             std::string error;
             attempt_seed(v, 1, error);
             if (!error.empty()) return "--quiz " + v + ": not a seed (1..999999999)";
             a.quiz_seed = v;
             return std::string();
         }},
        {"--worksheet",
         "write a printable page of K quiz questions (--questions, 3) as PNG, the answers beside "
         "it (FILE-answers.txt), and exit",
         [](WindowArgs& a, const std::string& v) {
             a.worksheet = v;
             return std::string();
         }},
        {"--questions", "how many questions the worksheet has, 1..8 (3)",
         [](WindowArgs& a, const std::string& v) {
             auto k = parse_long(v);
             if (!k || *k < 1 || *k > 8) return "--questions " + v + ": write how many, 1 to 8";
             a.questions = int(*k);
             return std::string();
         }},
        {"--kernel",
         "open your own kernel file (run-kernel's) in the editor and run it with the request's "
         "n, block, type and data",
         [](WindowArgs& a, const std::string& v) {
             a.kernel_file = v;
             return std::string();
         }},
        {"--puzzle",
         "open a puzzle of assets/puzzles (its name or number) in the editor: its start kernel, "
         "statement and request",
         [](WindowArgs& a, const std::string& v) {
             a.puzzle = v;
             return std::string();
         }},
        {"--view", view_names("|"),
         [](WindowArgs& a, const std::string& v) {
             a.view = parse_view(v);
             return a.view ? std::string()
                           : "--view " + v + ": not a view (" + view_names(", ") + ")";
         }},
        {"--compare", "the algorithm the compare view sets beside the request",
         [](WindowArgs& a, const std::string& v) {
             std::string error;
             if (!run::parse_algo(v, error, "--compare")) return error;
             a.compare = v;
             return std::string();
         }},
        {"--lab-family", "the lab's lines: " + lab_lines_words(),
         [](WindowArgs& a, const std::string& v) {
             a.lab_lines = parse_lab_lines(v);
             return a.lab_lines ? std::string()
                                : "--lab-family " + v + ": not a family of the lab (" +
                                      lab_lines_words() + ")";
         }},
        {"--lab-type", "the element type the lab plots: int, float or double",
         [](WindowArgs& a, const std::string& v) {
             if (!trace::parse_dtype(v))
                 return "--lab-type " + v + ": the lab plots int, float or double";
             a.lab_type = v;
             return std::string();
         }},
        {"--lab-file",
         "the recording the lab shows, by its name in assets/measurements "
         "(roofline-scan-pipeline-nvidia-h100)",
         [](WindowArgs& a, const std::string& v) {
             if (v.empty()) return std::string("--lab-file: give a recording's name");
             a.lab_file = v;
             return std::string();
         }},
        {"--ring-gpus", "the Across GPUs view's virtual GPUs: 2 to 8",
         [](WindowArgs& a, const std::string& v) {
             const std::string bad = "--ring-gpus " + v + ": give 2 to 8 GPUs";
             if (v.empty() || v.size() > 1 || v[0] < '2' || v[0] > '8') return bad;
             a.ring_gpus = unsigned(v[0] - '0');
             return std::string();
         }},
        {"--ring-n", "the Across GPUs view's floats on each GPU: 1 to 2^24 (1000)",
         [](WindowArgs& a, const std::string& v) {
             const auto n = run::parse_count(v);
             if (!n || *n < 1 || *n > kMaxRingElements)
                 return "--ring-n " + v + ": give 1 to 2^24 floats a GPU";
             a.ring_n = *n;
             return std::string();
         }},
    };
}

// How it looks: one panel, the size, the theme, the text, the zoom.
std::vector<ViewFlag> look_flags() {
    return {
        {"--panel",
         "with --screenshot or --bench-frames, one panel filling the image: " + panel_names(),
         [](WindowArgs& a, const std::string& v) {
             a.panel = parse_panel(v);
             return a.panel ? std::string()
                            : "--panel " + v + ": not a panel (" + panel_names() + ")";
         }},
        {"--size", "window size WIDTHxHEIGHT, e.g. 1280x720",
         [](WindowArgs& a, const std::string& v) {
             const auto x = v.find('x');
             auto w = parse_long(v.substr(0, x)),
                  h = x == std::string::npos ? std::nullopt : parse_long(v.substr(x + 1));
             if (!w || !h || *w < 200 || *h < 200 || *w > 8192 || *h > 8192)
                 return "--size " + v +
                        ": not a size (write WIDTHxHEIGHT, e.g. 1920x1080, each 200..8192)";
             a.width = int(*w);
             a.height = int(*h);
             return std::string();
         }},
        {"--theme", "dark|light",
         [](WindowArgs& a, const std::string& v) {
             if (v != "dark" && v != "light")
                 return "--theme " + v + ": not a theme (dark or light)";
             a.theme = v;
             return std::string();
         }},
        {"--font-scale", "text size, 0.5..3",
         [](WindowArgs& a, const std::string& v) {
             a.font_scale = parse_float(v, 0.5f, 3.0f);
             return a.font_scale ? std::string()
                                 : "--font-scale " + v + ": not a scale from 0.5 to 3";
         }},
        {"--zoom", "zoom of the shared-memory picture, 1..64",
         [](WindowArgs& a, const std::string& v) {
             auto z = parse_float(v, 1.0f, 64.0f);
             if (!z) return "--zoom " + v + ": not a zoom from 1 to 64";
             a.zoom = *z;
             return std::string();
         }},
    };
}

// What is written instead of a window: pictures, GIFs, worksheets, frame times.
std::vector<ViewFlag> output_flags() {
    return {
        {"--screenshot", "render the view (or one --panel) to this PNG and exit",
         [](WindowArgs& a, const std::string& v) {
             a.screenshot = v;
             return std::string();
         }},
        {"--teacher-screenshot",
         "with --screenshot and --lesson: the teacher's window (N) too, to this PNG",
         [](WindowArgs& a, const std::string& v) {
             a.teacher_screenshot = v;
             return std::string();
         }},
        {"--screenshot-panels",
         "every panel at its first, middle and last step, and the views, as DIR/PANEL-STEP.png",
         [](WindowArgs& a, const std::string& v) {
             a.screenshot_panels = v;
             return std::string();
         }},
        {"--export-gif",
         "write the steps --from..--to of the view (or one --panel) as an "
         "animated GIF and exit",
         [](WindowArgs& a, const std::string& v) {
             a.export_gif = v;
             return std::string();
         }},
        {"--export-pngs", "write the steps --from..--to as numbered PNGs into this folder and exit",
         [](WindowArgs& a, const std::string& v) {
             a.export_pngs = v;
             return std::string();
         }},
        {"--from", "the first step exported: 0, 1, ... (default 0)",
         [](WindowArgs& a, const std::string& v) { return step_flag("--from", v, a.from); }},
        {"--to", "the last step exported: 0, 1, ... or last (default last)",
         [](WindowArgs& a, const std::string& v) { return step_flag("--to", v, a.to); }},
        {"--frame-ms", "how long the GIF shows each step, in milliseconds (20..10000; 700)",
         [](WindowArgs& a, const std::string& v) {
             auto ms = parse_long(v);
             if (!ms || *ms < 20 || *ms > 10000)
                 return "--frame-ms " + v + ": not a time from 20 to 10000 ms";
             a.frame_ms = int(*ms);
             return std::string();
         }},
        {"--bench-frames", "render N frames of the full window, print the median frame time",
         [](WindowArgs& a, const std::string& v) {
             auto n = parse_long(v);
             if (!n || *n < 1 || *n > 100000)
                 return "--bench-frames " + v + ": not a frame count (1..100000)";
             a.bench_frames = int(*n);
             return std::string();
         }},
    };
}

// Where it runs and draws: the backend, the live sweep's picture, the renderer.
std::vector<ViewFlag> gpu_flags() {
    return {
        {"--backend",
         "where the request, your kernel and the lab's sweep run: cpu (the emulator) or cuda (the "
         "GPU; the window says why not where there is none)",
         [](WindowArgs& a, const std::string& v) {
             const auto& names = run::backend_names();
             if (std::find(names.begin(), names.end(), v) == names.end())
                 return run::choose_backend(v).error;  // the registry's one line
             a.gpu = v != "cpu";
             return std::string();
         }},
        {"--sweep-until",
         "with --sweep and --screenshot: take the picture once this fraction of the sweep is "
         "measured, 0.05..1 (1: when it ends)",
         [](WindowArgs& a, const std::string& v) {
             const auto f = parse_float(v, 0.05f, 1.0f);
             if (!f) return "--sweep-until " + v + ": not a fraction from 0.05 to 1";
             a.sweep_until = *f;
             return std::string();
         }},
        {"--renderer",
         "what draws --screenshot, --export-* and --bench-frames: headless (EGL, no display), "
         "window (a hidden window on the display) or auto (headless, else window)",
         [](WindowArgs& a, const std::string& v) {
             if (v == "auto" || v == "headless" || v == "window") {
                 a.renderer = v == "headless" ? Renderer::Headless
                              : v == "window" ? Renderer::Window
                                              : Renderer::Auto;
                 return std::string();
             }
             return "--renderer " + v + ": not a renderer (auto, headless or window)";
         }},
    };
}

const std::vector<ViewFlag>& view_flags() {
    static const std::vector<ViewFlag> flags = [] {
        std::vector<ViewFlag> all = state_flags();
        for (auto part : {look_flags(), output_flags(), gpu_flags()})
            all.insert(all.end(), part.begin(), part.end());
        return all;
    }();
    return flags;
}

// The window's options on one CLI11 app: the request's text, the view's values as text, the
// switches straight into `args`.
struct WindowApp {
    CLI::App app{"warpscope: the window (with no command)", "warpscope"};
    run::RequestText request = form_text(RequestForm{});
    std::vector<std::string> values = std::vector<std::string>(view_flags().size());
    std::string max_memory;

    explicit WindowApp(WindowArgs& a) {
        app.set_help_flag();
        app.add_flag("-h,--help", a.help, "this text");
        run::add_request_flags(app, request, false);
        // One default for --block, the window's (not the form's 32 as CLI11 would print it
        // beside the commands' 256).
        app.get_option("--block")->default_str("")->description(run::block_rules_help() + "; " +
                                                                window_block_default());
        for (std::size_t i = 0; i < view_flags().size(); ++i)
            app.add_option(view_flags()[i].name, values[i], view_flags()[i].help);
        app.add_option(run::kMaxMemoryFlag, max_memory, run::kMaxMemoryHelp);
        app.add_flag("--side-by-side", a.side_by_side,
                     "circuit view: Kogge-Stone, Brent-Kung and Sklansky side by side");
        app.add_flag("--presentation", a.presentation, "large type, high contrast");
        app.add_flag("--ring-naive", a.ring_naive,
                     "the Across GPUs view shows the naive all-reduce (all through GPU 0)");
        app.add_flag("--hide-controls", a.hide_controls, "the stage takes the whole width");
        app.add_flag("--show-controls", a.show_controls,
                     "with --presentation: the controls stay shown");
        app.add_flag("--show-help", a.show_help, "open with the keys overlay (F1) shown");
        app.add_flag("--whole-stage", a.whole_stage,
                     "with --lesson: the slide's picture on the whole stage, its words hidden (Z)");
        app.add_flag("--show-lessons", a.show_lessons,
                     "open with the lesson list shown in the controls (as Page Down does with no "
                     "lesson on)");
        app.add_flag("--grade", a.grade,
                     "with --puzzle: grade the editor's kernel (--kernel FILE, else the start) at "
                     "once");
        app.add_flag("--lab-fits", a.lab_fits,
                     "the lab's multi-GPU family on its second page: each plan's latency and "
                     "bandwidth a step, and NCCL's forced choices");
        app.add_flag("--sweep", a.sweep,
                     "open the lab with its live sweep started on the GPU (--backend cuda)");
        app.add_flag("--find-race", a.find_race,
                     "open with a race search of the request (Find a race), its story shown");
        app.add_flag("--check-labels", a.check_labels,
                     "with --screenshot: list every label a picture drew that leaves its box or "
                     "covers another, and exit 3 if there is one");
    }
};

// The first argument that is not an option of `app`, or an option missing its value: the one
// line CLI11's own message would spread over several.
std::string bad_argument(CLI::App& app, int argc, const char* const* argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const std::string flag = arg.substr(0, arg.find('='));
        const CLI::Option* o = app.get_option_no_throw(flag);
        if (!o) return arg + ": not a window option (try --help)";
        if (o->get_items_expected_min() == 0) continue;
        if (flag.size() < arg.size()) continue;  // --flag=value
        if (i + 1 >= argc) return flag + " needs a value";
        ++i;
    }
    return "";
}

}  // namespace

ParsedArgs parse_window_args(int argc, const char* const* argv) {
    if (argc == 2 && is_state_link(argv[1])) {
        std::vector<std::string> flags;
        std::string error;
        if (!flags_of_link(argv[1], flags, error)) return {{}, error};
        std::vector<const char*> args = {argv[0]};
        for (const std::string& f : flags) args.push_back(f.c_str());
        ParsedArgs out = parse_window_args(int(args.size()), args.data());
        // A refusal quotes the link's own values: one printable line, whatever bytes they hold.
        out.error = user::printable_name(out.error);
        out.from_link = true;
        return out;
    }
    ParsedArgs out;
    WindowArgs& a = out.args;
    WindowApp w(a);
    if (std::string bad = bad_argument(w.app, argc, argv); !bad.empty()) {
        out.error = bad;
        return out;
    }
    try {
        w.app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        out.error = e.what();
        return out;
    }
    for (std::size_t i = 0; i < view_flags().size(); ++i) {
        if (w.app.get_option(view_flags()[i].name)->count() == 0) continue;
        if (std::string e = view_flags()[i].apply(a, w.values[i]); !e.empty()) {
            out.error = e;
            return out;
        }
    }
    for (const run::RequestField& f : run::request_fields()) {
        const bool given = w.app.get_option(f.flag)->count() > 0;
        if (given && !a.trace_file.empty()) {
            out.error = run::trace_brings_its_request(a.trace_file, f.flag);
            return out;
        }
        a.request_given |= given;
    }
    if (std::string e; !run::parse_max_memory(w.max_memory, a.max_memory, e)) {
        out.error = e;
        return out;
    }
    if (a.request_given) {
        // No --block: the window's own default, raised to where the variant's lesson shows, or
        // the one size a variant takes (224), as choosing it in the controls does.
        if (w.app.get_option("--block")->count() == 0)
            if (const VariantInfo* v = find_variant(w.request.algo))
                w.request.block = std::to_string(window_opening_block(*v));
        run::RequestRules rules;
        rules.max_elements = run::kMaxElementsGpu;  // the controls check the backend chosen
        rules.one_block = true;
        const run::ParsedRequest p = run::parse_request(w.request, rules);
        if (!p.ok()) {
            out.error = p.error;
            return out;
        }
        a.form = form_of(p.request);
        a.form.n = w.request.n;  // as typed: 2^20 stays 2^20 in the controls
    }
    const bool exports = !a.export_gif.empty() || !a.export_pngs.empty();
    if (a.panel && a.screenshot.empty() && !a.bench_frames && !exports)
        out.error = "--panel " + std::string(panel_name(*a.panel)) +
                    " needs --screenshot FILE, --export-gif FILE, --export-pngs DIR or "
                    "--bench-frames N";
    else if (int(!a.screenshot.empty()) + int(!a.screenshot_panels.empty()) +
                 int(a.bench_frames > 0) + int(exports) + int(!a.worksheet.empty()) >
             1)
        out.error =
            "--screenshot, --screenshot-panels, --export-gif/--export-pngs, --worksheet and "
            "--bench-frames: give one of them";
    else if (!a.teacher_screenshot.empty() && (a.screenshot.empty() || a.lesson.empty()))
        out.error = "--teacher-screenshot goes with --screenshot FILE and --lesson NAME";
    else if (a.whole_stage && a.lesson.empty())
        out.error = "--whole-stage shows a slide's picture alone: it goes with --lesson NAME";
    else if (a.check_labels && a.screenshot.empty())
        out.error = "--check-labels checks the labels of a --screenshot FILE";
    else if (a.sweep && a.gpu == false)
        out.error = "--sweep times the GPU: it does not go with --backend cpu";
    else if (w.app.get_option("--sweep-until")->count() && !a.sweep)
        out.error = "--sweep-until chooses the moment of a --sweep's picture";
    else if (a.grade && a.puzzle.empty())
        out.error = "--grade grades against a --puzzle: name one";
    else if ((a.from || a.to) && !exports)
        out.error = "--from and --to choose the steps of --export-gif or --export-pngs";
    else if (a.from && *a.from == -1)
        out.error = "--from last: the range starts at a step index (0, 1, ...)";
    else if (a.from && a.to && *a.to != -1 && *a.to < *a.from)
        out.error = "--from " + std::to_string(*a.from) + " --to " + std::to_string(*a.to) +
                    ": the range ends before it starts";
    return out;
}

std::string window_usage() {
    WindowArgs unused;
    WindowApp w(unused);
    w.app.footer("keys: " + keys_line() + "\n");
    return w.app.help();
}

}  // namespace ws::ui
