// Nice-number ticks.
#include "ui/plot/ticks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ws::ui::plot {

double nice_number(double x, bool round) {
    if (!(x > 0) || !std::isfinite(x)) return 1.0;
    const double exponent = std::floor(std::log10(x));
    const double fraction = x / std::pow(10.0, exponent);
    double nice;
    if (round)
        nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10;
    else
        nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
    return nice * std::pow(10.0, exponent);
}

std::string format_tick(double value, double step) {
    char buf[32];
    if (std::fabs(value) < step * 1e-6) value = 0;
    if (std::fabs(value) >= 1e7 || (value != 0 && std::fabs(value) < 1e-4)) {
        std::snprintf(buf, sizeof buf, "%g", value);
        return buf;
    }
    const int decimals = step >= 1 ? 0 : std::min(6, int(std::ceil(-std::log10(step) - 1e-9)));
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return buf;
}

std::vector<Tick> nice_ticks(double lo, double hi, int max_ticks) {
    std::vector<Tick> out;
    if (!std::isfinite(lo) || !std::isfinite(hi)) return out;
    if (hi < lo) std::swap(lo, hi);
    if (hi == lo) hi = lo + 1;
    max_ticks = std::max(max_ticks, 2);
    const double range = nice_number(hi - lo, false);
    const double step = nice_number(range / (max_ticks - 1), true);
    const double first = std::ceil(lo / step - 1e-9) * step;
    for (double v = first; v <= hi + step * 1e-9; v += step) {
        out.push_back({v, format_tick(v, step)});
        if (out.size() > 1000) break;
    }
    return out;
}

std::vector<Tick> log2_ticks(double lo, double hi, int max_ticks, bool si) {
    std::vector<Tick> out;
    if (!(lo > 0) || !(hi > 0)) return out;
    if (hi < lo) std::swap(lo, hi);
    const int first = int(std::ceil(std::log2(lo) - 1e-9));
    const int last = int(std::floor(std::log2(hi) + 1e-9));
    if (last < first) return out;
    const int count = last - first + 1;
    int every = 1;
    while ((count + every - 1) / every > std::max(max_ticks, 1)) ++every;
    // Align to multiples of `every` so ticks stay put when the range grows.
    int e = first;
    while (e % every != 0) ++e;
    for (; e <= last; e += every) {
        char buf[24];
        if (si) {
            static const char* const kSuffix[] = {"", "K", "M", "G", "T"};
            const int k = std::clamp(e / 10, 0, 4);
            std::snprintf(buf, sizeof buf, "%g%s", std::ldexp(1.0, e - 10 * k), kSuffix[k]);
        } else {
            std::snprintf(buf, sizeof buf, "2^%d", e);
        }
        out.push_back({std::ldexp(1.0, e), buf});
    }
    return out;
}

}  // namespace ws::ui::plot
