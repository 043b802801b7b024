// The flags' values as text, both ways.
#include "ui/flags/flag_values.hpp"

#include <cstdio>
#include <cstdlib>

namespace ws::ui {

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

std::string parse_step(const char* flag, const std::string& v, std::optional<long>& step) {
    if (v == "last") {
        step = -1;
        return std::string();
    }
    const auto s = parse_long(v);
    if (!s) return std::string(flag) + " " + v + ": not a step index (0, 1, ... or last)";
    step = *s;
    return std::string();
}

std::string step_text(long step) {
    return step < 0 ? "last" : std::to_string(step);
}

std::string number_text(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

}  // namespace ws::ui
