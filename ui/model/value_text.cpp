// Fitting a value into a cell.
#include "ui/model/value_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ws::ui {

float min_value_px(float scale) {
    return 12.0f * scale;
}

std::vector<std::string> abbreviations(double value, trace::DType type) {
    std::vector<std::string> out;
    if (!std::isfinite(value)) return out;
    const double mag = std::fabs(value);
    char buf[48];
    // Thousands and more: a suffix, three then two significant digits.
    static const char* kSuffix[] = {"k", "M", "G", "T", "P", "E"};
    if (mag >= 999.5) {
        int k = 0;
        double m = value / 1000.0;
        while (std::fabs(m) >= 999.5 && k < 5) {
            m /= 1000.0;
            ++k;
        }
        if (std::fabs(m) < 999.5) {
            for (int digits : {3, 2, 1}) {
                std::snprintf(buf, sizeof buf, "~%.*g%s", digits, m, kSuffix[k]);
                const bool plain = std::string(buf).find('e') == std::string::npos;
                if (plain && (out.empty() || out.back() != buf)) out.push_back(buf);
            }
        }
    } else if (type != trace::DType::Int32 && mag != 0 && mag < 0.01) {
        // Small floats: a short exponent.
        std::snprintf(buf, sizeof buf, "~%.1e", value);
        out.push_back(buf);
    } else if (type != trace::DType::Int32) {
        // Floats of ordinary size: fewer significant digits.
        for (int digits : {3, 2, 1}) {
            std::snprintf(buf, sizeof buf, "~%.*g", digits, value);
            const bool plain = std::string(buf).find('e') == std::string::npos;
            if (plain && (out.empty() || out.back() != buf)) out.push_back(buf);
        }
    }
    // The last resort: a one-digit exponent ("~3e4", "~-1e-5").
    const int e = mag > 0 ? static_cast<int>(std::floor(std::log10(mag))) : 0;
    if (mag >= 999.5 || (type != trace::DType::Int32 && mag != 0 && mag < 0.01)) {
        std::snprintf(buf, sizeof buf, "~%.0fe%d", value / std::pow(10.0, e), e);
        out.push_back(buf);
    }
    return out;
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
