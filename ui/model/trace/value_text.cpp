// Fitting a value into a cell.
#include "ui/model/trace/value_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ws::ui {

float min_value_px(float scale) {
    return 12.0f * scale;
}

namespace {

// "~9.9e-3", "~1e-2": `digits` after the point, the mantissa kept below 10 after rounding.
std::string exponent_form(double value, int digits) {
    const double mag = std::fabs(value);
    int e = static_cast<int>(std::floor(std::log10(mag)));
    double m = value / std::pow(10.0, e);
    const double unit = std::pow(10.0, digits);
    m = std::round(m * unit) / unit;
    if (std::fabs(m) >= 10.0) {
        m /= 10.0;
        ++e;
    }
    char buf[48];
    std::snprintf(buf, sizeof buf, "~%.*fe%d", digits, m, e);
    return buf;
}

void add(std::vector<std::string>& out, const std::string& s) {
    if (out.empty() || out.back() != s) out.push_back(s);
}

}  // namespace

std::vector<std::string> abbreviations(double value, trace::DType type) {
    std::vector<std::string> out;
    if (!std::isfinite(value)) return out;
    const double mag = std::fabs(value);
    const bool integer = type == trace::DType::Int32;
    char buf[48];
    if (mag >= 999.5) {
        // Thousands and more: a suffix, three, two, one significant digits.
        static const char* kSuffix[] = {"k", "M", "G", "T", "P", "E"};
        int k = 0;
        double m = value / 1000.0;
        while (std::fabs(m) >= 999.5 && k < 5) {
            m /= 1000.0;
            ++k;
        }
        if (std::fabs(m) < 999.5)
            for (int digits : {3, 2, 1}) {
                std::snprintf(buf, sizeof buf, "~%.*g%s", digits, m, kSuffix[k]);
                if (std::string(buf).find('e') == std::string::npos) add(out, buf);
            }
        add(out, exponent_form(value, 0));
    } else if (!integer && mag != 0 && mag < 0.01) {
        // Small floats: a short exponent.
        add(out, exponent_form(value, 1));
        add(out, exponent_form(value, 0));
    } else if (!integer) {
        // Floats of ordinary size: fewer significant digits.
        for (int digits : {3, 2, 1}) {
            std::snprintf(buf, sizeof buf, "~%.*g", digits, value);
            if (std::string(buf).find('e') == std::string::npos) add(out, buf);
        }
        if (mag != 0 && mag < 0.1) add(out, exponent_form(value, 0));  // "~-9e-2"
    }
    return out;
}

std::size_t shortest_chars(double value, trace::DType type, const std::string& full) {
    std::size_t n = full.size();
    for (const std::string& a : abbreviations(value, type)) n = std::min(n, a.size());
    return n;
}

ValueText fit_value(double value, trace::DType type, const std::string& full, float w, float h,
                    float max_px, float min_px, float advance) {
    const float room = std::max(1.0f, w - 3.0f);
    auto size_for = [&](const std::string& text) {
        return std::min({max_px, room / (float(text.size()) * advance), h * 0.9f});
    };
    const float whole = size_for(full);
    if (whole >= min_px) return {full, whole, false};
    for (const std::string& a : abbreviations(value, type)) {
        const float px = size_for(a);
        if (px >= min_px) return {a, px, true};
    }
    // Nothing fits: the shortest form at the minimum size (the grid keeps this from happening).
    const std::vector<std::string> all = abbreviations(value, type);
    const std::string& shortest = all.empty() ? full : all.back();
    return {shortest, min_px, !all.empty()};
}

}  // namespace ws::ui
