// Parsing the window's flags.
#include "ui/window_args.hpp"

#include <cstdlib>
#include <functional>
#include <map>

#include "kernels/catalog.hpp"
#include "kernels/run/request_text.hpp"
#include "ui/keys.hpp"

namespace ws::ui {
namespace {

std::optional<long> parse_long(const std::string& s) {
    if (s.empty() || s.size() > 9) return std::nullopt;
    for (char c : s)
        if (c < '0' || c > '9') return std::nullopt;
    return std::strtol(s.c_str(), nullptr, 10);
}

std::string size_error(const std::string& v) {
    return "--size " + v + ": not a size (write WIDTHxHEIGHT, e.g. 1920x1080, each 200..8192)";
}

// One handler per flag that takes a value; it returns "" or the error.
using Handler = std::function<std::string(WindowArgs&, const std::string&)>;

const std::map<std::string, Handler>& value_flags() {
    static const std::map<std::string, Handler> flags = {
        {"--algo",
         [](WindowArgs& a, const std::string& v) {
             if (!find_variant(v))
                 return "--algo " + v + ": no such algorithm (see `warpscope list`)";
             a.form.algo = v;
             a.request_given = true;
             return std::string();
         }},
        {"--n",
         [](WindowArgs& a, const std::string& v) {
             a.form.n = v;
             a.request_given = true;
             return std::string();
         }},
        {"--block",
         [](WindowArgs& a, const std::string& v) {
             auto b = run::parse_count(v);
             if (!b || *b > 0xffffffffull) return "--block " + v + ": not a number of threads";
             a.form.block = std::uint32_t(*b);
             a.request_given = true;
             return std::string();
         }},
        {"--type",
         [](WindowArgs& a, const std::string& v) {
             auto t = trace::parse_dtype(v);
             if (!t) return "--type " + v + ": not a type (int, float or double)";
             a.form.type = *t;
             a.request_given = true;
             return std::string();
         }},
        {"--pattern",
         [](WindowArgs& a, const std::string& v) {
             a.form.pattern = v;
             a.request_given = true;
             return std::string();
         }},
        {"--seed",
         [](WindowArgs& a, const std::string& v) {
             auto s = run::parse_count(v);
             if (!s) return "--seed " + v + ": not a non-negative integer";
             a.form.seed = *s;
             a.request_given = true;
             return std::string();
         }},
        {"--schedule",
         [](WindowArgs& a, const std::string& v) {
             a.form.schedule = v;
             a.request_given = true;
             return std::string();
         }},
        {"--blocks",
         [](WindowArgs& a, const std::string& v) {
             auto b = parse_long(v);
             if (!b) return "--blocks " + v + ": the window traces one block: give its index";
             a.form.traced_block = std::uint32_t(*b);
             a.request_given = true;
             return std::string();
         }},
        {"--kind",
         [](WindowArgs& a, const std::string& v) {
             auto k = trace::parse_scan_kind(v);
             if (!k) return "--kind " + v + ": not a kind (inclusive or exclusive)";
             a.form.kind = *k;
             a.request_given = true;
             return std::string();
         }},
        {"--trace",
         [](WindowArgs& a, const std::string& v) {
             a.trace_file = v;
             return std::string();
         }},
        {"--step",
         [](WindowArgs& a, const std::string& v) {
             if (v == "last") {
                 a.step = -1;
                 return std::string();
             }
             auto s = parse_long(v);
             if (!s) return "--step " + v + ": not a step index (0, 1, ... or last)";
             a.step = *s;
             return std::string();
         }},
        {"--view",
         [](WindowArgs& a, const std::string& v) {
             a.view = parse_view(v);
             return a.view ? std::string()
                           : "--view " + v + ": not a view (step, compare, lab or circuit)";
         }},
        {"--compare",
         [](WindowArgs& a, const std::string& v) {
             if (!find_variant(v)) return "--compare " + v + ": no such algorithm";
             a.compare = v;
             return std::string();
         }},
        {"--panel",
         [](WindowArgs& a, const std::string& v) {
             a.panel = parse_panel(v);
             return a.panel ? std::string()
                            : "--panel " + v + ": not a panel (" + panel_names() + ")";
         }},
        {"--size",
         [](WindowArgs& a, const std::string& v) {
             const auto x = v.find('x');
             if (x == std::string::npos) return size_error(v);
             auto w = parse_long(v.substr(0, x)), h = parse_long(v.substr(x + 1));
             if (!w || !h || *w < 200 || *h < 200 || *w > 8192 || *h > 8192) return size_error(v);
             a.width = int(*w);
             a.height = int(*h);
             return std::string();
         }},
        {"--theme",
         [](WindowArgs& a, const std::string& v) {
             if (v != "dark" && v != "light")
                 return "--theme " + v + ": not a theme (dark or light)";
             a.theme = v;
             return std::string();
         }},
        {"--font-scale",
         [](WindowArgs& a, const std::string& v) {
             char* end = nullptr;
             const float s = std::strtof(v.c_str(), &end);
             if (v.empty() || *end || !(s >= 0.5f && s <= 3.0f))
                 return "--font-scale " + v + ": not a scale from 0.5 to 3";
             a.font_scale = s;
             return std::string();
         }},
        {"--zoom",
         [](WindowArgs& a, const std::string& v) {
             char* end = nullptr;
             const float z = std::strtof(v.c_str(), &end);
             if (v.empty() || *end || !(z >= 1.0f && z <= 64.0f))
                 return "--zoom " + v + ": not a zoom from 1 to 64";
             a.zoom = z;
             return std::string();
         }},
        {"--screenshot",
         [](WindowArgs& a, const std::string& v) {
             a.screenshot = v;
             return std::string();
         }},
        {"--screenshot-panels",
         [](WindowArgs& a, const std::string& v) {
             a.screenshot_panels = v;
             return std::string();
         }},
        {"--bench-frames",
         [](WindowArgs& a, const std::string& v) {
             auto n = parse_long(v);
             if (!n || *n < 1 || *n > 100000)
                 return "--bench-frames " + v + ": not a frame count (1..100000)";
             a.bench_frames = int(*n);
             return std::string();
         }},
    };
    return flags;
}

}  // namespace

ParsedArgs parse_window_args(int argc, const char* const* argv) {
    ParsedArgs out;
    WindowArgs& a = out.args;
    for (int i = 1; i < argc; ++i) {
        std::string flag = argv[i], value;
        bool inline_value = false;
        if (auto eq = flag.find('='); eq != std::string::npos && flag.rfind("--", 0) == 0) {
            value = flag.substr(eq + 1);
            flag = flag.substr(0, eq);
            inline_value = true;
        }
        if (flag == "--presentation") {
            a.presentation = true;
            continue;
        }
        if (flag == "--hide-controls") {
            a.hide_controls = true;
            continue;
        }
        if (flag == "--side-by-side") {
            a.side_by_side = true;
            continue;
        }
        if (flag == "--show-help") {
            a.show_help = true;
            continue;
        }
        if (flag == "--help" || flag == "-h") {
            a.help = true;
            continue;
        }
        auto it = value_flags().find(flag);
        if (it == value_flags().end()) {
            out.error = std::string(argv[i]) + ": not a window option (try --help)";
            return out;
        }
        if (!inline_value) {
            if (i + 1 >= argc) {
                out.error = flag + " needs a value";
                return out;
            }
            value = argv[++i];
        }
        if (std::string e = it->second(a, value); !e.empty()) {
            out.error = e;
            return out;
        }
    }
    if (a.panel && a.screenshot.empty() && !a.bench_frames)
        out.error = "--panel " + std::string(panel_name(*a.panel)) +
                    " needs --screenshot FILE or --bench-frames N";
    else if (int(!a.screenshot.empty()) + int(!a.screenshot_panels.empty()) +
                 int(a.bench_frames > 0) >
             1)
        out.error = "--screenshot, --screenshot-panels and --bench-frames: give one of them";
    return out;
}

std::string window_usage() {
    return "warpscope [request] [view] [--screenshot FILE [--panel NAME] | --bench-frames N]\n"
           "  request: --algo ID --n N --block B --type int|float|double\n"
           "           --pattern ramp|random|ones --seed S --schedule "
           "lockstep|sequential|random:S\n"
           "           --kind inclusive|exclusive (scans)\n"
           "           --blocks K (the traced block)   or   --trace FILE (a saved trace)\n"
           "  view:    --step K|last --view step|compare|lab|circuit --side-by-side\n"
           "           --compare ID --size WxH\n"
           "           --presentation --hide-controls --theme dark|light --font-scale X --zoom Z\n"
           "           --show-help (the keys overlay, F1)\n"
           "  --screenshot FILE  render the view (or one --panel " +
           panel_names() +
           ") to a PNG and exit\n"
           "  --screenshot-panels DIR  every panel at its first, middle and last step, and the\n"
           "                     three views, as DIR/PANEL-STEP.png (the GUI smoke test)\n"
           "  --bench-frames N   render N frames of the full window and print the median frame "
           "time\n"
           "keys: " +
           keys_line() + "\n";
}

}  // namespace ws::ui
