// Settings as JSON in the XDG config directory.
#include "ui/settings.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include "kernels/io/atomic_file.hpp"
#include "kernels/io/regular_file.hpp"

#include "ui/model/playback.hpp"

namespace ws::ui {
namespace {
// A settings file is a few hundred bytes; anything past this is not one.
constexpr std::uint64_t kMaxSettingsBytes = 1 << 20;
}  // namespace
namespace {

using nlohmann::json;

template <class T>
void read(const json& j, const char* key, T& into) {
    if (!j.contains(key)) return;
    try {
        into = j.at(key).get<T>();
    } catch (const json::exception&) {
        // keep the default: a hand-edited file with one bad field still loads
    }
}

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
    read(j, "font_scale", s.font_scale);
    read(j, "theme", s.theme);
    read(j, "presentation", s.presentation);
    read(j, "speed", s.speed);
    read(j, "width", s.width);
    read(j, "height", s.height);
    std::string view = view_name(s.view);
    read(j, "view", view);
    s.view = parse_view(view).value_or(View::Step);
    read(j, "controls_hidden", s.controls_hidden);
    read(j, "circuit_side_by_side", s.circuit_side_by_side);
    read(j, "compare_algo", s.compare_algo);
    if (j.contains("request") && j["request"].is_object()) {
        const json& r = j["request"];
        RequestForm& f = s.form;
        read(r, "algo", f.algo);
        read(r, "n", f.n);
        read(r, "block", f.block);
        std::string type = trace::dtype_name(f.type);
        read(r, "type", type);
        if (auto t = trace::parse_dtype(type)) f.type = *t;
        read(r, "pattern", f.pattern);
        read(r, "seed", f.seed);
        read(r, "schedule", f.schedule);
        read(r, "traced_block", f.traced_block);
        std::string kind = trace::scan_kind_name(f.kind);
        read(r, "kind", kind);
        if (auto k = trace::parse_scan_kind(kind)) f.kind = *k;
        read(r, "stride", f.stride);
        read(r, "gpu", f.gpu);
    }
    if (j.contains("quiz")) {
        std::string quiz_problem;
        s.quiz_scores = quiz_scores_from_json(j["quiz"], &quiz_problem);
        if (problem && !quiz_problem.empty()) *problem = "quiz scores: " + quiz_problem;
    }
    if (!(s.font_scale >= 0.5f && s.font_scale <= 3.0f)) s.font_scale = 1.0f;
    if (s.theme != "dark" && s.theme != "light") s.theme = "dark";
    s.speed = std::clamp(s.speed, kMinSpeed, kMaxSpeed);
    if (s.width < 640 || s.width > 16384) s.width = 1600;
    if (s.height < 400 || s.height > 16384) s.height = 900;
    return s;
}

Settings load_settings(const std::string& path, std::string* problem) {
    if (path.empty()) return {};
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return {};  // none yet: the defaults, nothing to say
    std::string error;
    const std::string text = io::read_regular_file(path, kMaxSettingsBytes, error);
    std::string why = error;
    Settings s = error.empty() ? settings_from_json(text, &why) : Settings{};
    if (why.empty()) return s;
    // Keep what was there before the window overwrites it on exit.
    if (error.empty()) {
        const std::string kept = path + ".bad";
        const std::string e = io::write_file_atomically(kept, text);
        why += e.empty() ? "; the file is kept as " + kept : "; " + e;
    }
    if (problem) *problem = why;
    return s;
}

std::string save_settings(const Settings& s, const std::string& path) {
    if (path.empty()) return "no config directory (set XDG_CONFIG_HOME or HOME)";
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    if (ec) return "cannot create " + std::filesystem::path(path).parent_path().string();
    return io::write_file_atomically(path, settings_to_json(s));
}

}  // namespace ws::ui
