// Settings as JSON in the XDG config directory.
#include "ui/settings.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include <sys/stat.h>

#include "kernels/io/atomic_file.hpp"
#include "kernels/io/data_file.hpp"

#include "ui/model/window/playback.hpp"
#include "ui/window_args.hpp"

namespace ws::ui {
namespace {

using nlohmann::json;

// Reads the keys of one JSON object into the settings, and says in a few words of each value it
// could not take ("font_scale \"big\" is not a number"): the value keeps its default, and the
// file keeps its bad copy (load_settings).
struct Reader {
    const json& j;
    std::vector<std::string>& problems;
    std::string prefix;  // "request." inside the request

    void bad(const char* key, const std::string& why) {
        problems.push_back(prefix + key + " " + j.at(key).dump() + " " + why);
    }
    template <class T>
    void read(const char* key, T& into, const char* what) {
        if (!j.contains(key)) return;
        try {
            into = j.at(key).get<T>();
        } catch (const json::exception&) {
            bad(key, std::string("is not ") + what);
        }
    }
    // A name that must be one of a list: parse returns nullopt for any other.
    template <class T, class Parse>
    void read_name(const char* key, T& into, Parse parse, const char* what) {
        if (!j.contains(key)) return;
        const json& v = j.at(key);
        const auto parsed = v.is_string() ? parse(v.get<std::string>()) : std::nullopt;
        if (parsed)
            into = *parsed;
        else
            bad(key, std::string("is not ") + what);
    }
    // A number that must lie in [lo, hi]: out of range, it keeps its default, or (`clamp`) the
    // nearest end.
    template <class T>
    void read_range(const char* key, T& into, T lo, T hi, bool clamp = false) {
        T v = into;
        if (!j.contains(key)) return;
        read(key, v, "a number");
        if (!j.at(key).is_number()) return;
        if (v >= lo && v <= hi) {
            into = v;
            return;
        }
        bad(key, "is out of range");
        if (clamp) into = std::clamp(v, lo, hi);
    }
};

}  // namespace

std::string settings_path() {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    if (xdg && *xdg) return std::string(xdg) + "/warpscope/settings.json";
    const char* home = std::getenv("HOME");
    if (home && *home) return std::string(home) + "/.config/warpscope/settings.json";
    return "";
}

std::string settings_to_json(const Settings& s) {
    const RequestForm& r = s.form;
    json j = {
        {"version", 1},
        {"font_scale", s.font_scale},
        {"theme", s.theme},
        {"presentation", s.presentation},
        {"speed", s.speed},
        {"width", s.width},
        {"height", s.height},
        {"view", view_name(s.view)},
        {"controls_hidden", s.controls_hidden},
        {"circuit_side_by_side", s.circuit_side_by_side},
        {"compare_algo", s.compare_algo},
        {"request",
         {{"algo", r.algo},
          {"n", r.n},
          {"block", r.block},
          {"type", trace::dtype_name(r.type)},
          {"pattern", r.pattern},
          {"seed", r.seed},
          {"schedule", r.schedule},
          {"traced_block", r.traced_block},
          {"kind", trace::scan_kind_name(r.kind)},
          {"stride", r.stride},
          {"gpu", r.gpu}}},
        {"quiz", quiz_scores_to_json(s.quiz_scores)},
    };
    return j.dump(2) + "\n";
}

Settings settings_from_json(const std::string& text, std::string* problem) {
    Settings s;
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        if (problem) *problem = "settings file is not a JSON object; using defaults";
        return s;
    }
    std::vector<std::string> problems;
    Reader top{j, problems, ""};
    top.read_range("font_scale", s.font_scale, 0.5f, 3.0f);
    top.read_name(
        "theme", s.theme,
        [](const std::string& t) {
            return t == "dark" || t == "light" ? std::optional<std::string>(t) : std::nullopt;
        },
        "dark or light");
    top.read("presentation", s.presentation, "true or false");
    top.read_range("speed", s.speed, kMinSpeed, kMaxSpeed, true);
    top.read_range("width", s.width, 640, 16384);
    top.read_range("height", s.height, 400, 16384);
    top.read_name(
        "view", s.view, [](const std::string& v) { return parse_view(v); }, "a view");
    top.read("controls_hidden", s.controls_hidden, "true or false");
    top.read("circuit_side_by_side", s.circuit_side_by_side, "true or false");
    top.read("compare_algo", s.compare_algo, "an algorithm");
    if (j.contains("request") && j["request"].is_object()) {
        Reader r{j["request"], problems, "request."};
        RequestForm& f = s.form;
        r.read("algo", f.algo, "an algorithm");
        r.read("n", f.n, "a count");
        r.read("block", f.block, "a number of threads");
        r.read_name(
            "type", f.type, [](const std::string& t) { return trace::parse_dtype(t); }, "a type");
        r.read("pattern", f.pattern, "a pattern");
        r.read("seed", f.seed, "a seed");
        r.read("schedule", f.schedule, "a schedule");
        r.read("traced_block", f.traced_block, "a block");
        r.read_name("kind", f.kind, trace::parse_scan_kind, "a kind");
        r.read("stride", f.stride, "a stride");
        r.read("gpu", f.gpu, "true or false");
    }
    if (j.contains("quiz")) {
        std::string quiz_problem;
        s.quiz_scores = quiz_scores_from_json(j["quiz"], &quiz_problem);
        if (!quiz_problem.empty()) problems.push_back("quiz scores: " + quiz_problem);
    }
    if (problem && !problems.empty()) {
        std::string line;
        for (const std::string& p : problems) line += (line.empty() ? "" : ", ") + p;
        *problem = line + "; those keep their defaults";
    }
    return s;
}

Settings load_settings(const std::string& path, std::string* problem) {
    if (path.empty()) return {};
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return {};  // none yet: the defaults, nothing to say
    std::string error;
    const std::string text = io::read_data_file(path, io::DataKind::Settings, error);
    std::string why = error;
    Settings s = error.empty() ? settings_from_json(text, &why) : Settings{};
    if (why.empty()) return s;
    // Keep what was there, whatever its size, before the window overwrites it on exit (a FIFO or
    // a device is not the window's to copy: it is left where it is, and says so).
    if (S_ISREG(st.st_mode)) {
        const std::string kept = path + ".bad";
        const std::string e = io::keep_copy(path, kept);
        why += e.empty() ? "; the file is kept as " + kept : "; " + e;
    }
    if (problem) *problem = why;
    return s;
}

Preferences kept_preferences(const Preferences& before, const Preferences& now, bool from_link) {
    Preferences kept = now;
    if (from_link)
        for (const WindowFlag& f : window_flags())
            if (f.keep_before_link) f.keep_before_link(before, kept);
    return kept;
}

std::string save_settings(const Settings& s, const std::string& path) {
    if (path.empty()) return "no config directory (set XDG_CONFIG_HOME or HOME)";
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    if (ec) return "cannot create " + std::filesystem::path(path).parent_path().string();
    return io::write_file_atomically(path, settings_to_json(s));
}

}  // namespace ws::ui
