// Plot coordinate mapping and clipping.
#include "ui/plot/transform.hpp"

#include <algorithm>
#include <cmath>

namespace ws::ui::plot {
namespace {

double forward(const Axis& a, double v) {
    return a.scale == Scale::Log2 ? std::log2(std::max(v, 1e-300)) : v;
}
double inverse(const Axis& a, double v) {
    return a.scale == Scale::Log2 ? std::exp2(v) : v;
}

// Position of v along the axis, 0 at min and 1 at max.
double fraction(const Axis& a, double v) {
    const double lo = forward(a, a.min), hi = forward(a, a.max);
    return hi == lo ? 0.5 : (forward(a, v) - lo) / (hi - lo);
}

}  // namespace

float Transform::px(double vx) const {
    return frame.x + float(fraction(x, vx)) * frame.w;
}
float Transform::py(double vy) const {
    return frame.bottom() - float(fraction(y, vy)) * frame.h;
}

double Transform::data_x(float pixel) const {
    const double lo = forward(x, x.min), hi = forward(x, x.max);
    return inverse(x, lo + (hi - lo) * double((pixel - frame.x) / std::max(frame.w, 1e-6f)));
}

double Transform::data_y(float pixel) const {
    const double lo = forward(y, y.min), hi = forward(y, y.max);
    return inverse(y, lo + (hi - lo) * double((frame.bottom() - pixel) / std::max(frame.h, 1e-6f)));
}

bool clip_segment(const Rect& r, Point& a, Point& b) {
    const float dx = b.x - a.x, dy = b.y - a.y;
    float t0 = 0, t1 = 1;
    const float p[4] = {-dx, dx, -dy, dy};
    const float q[4] = {a.x - r.x, r.right() - a.x, a.y - r.y, r.bottom() - a.y};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0) return false;
            continue;
        }
        const float t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1) return false;
    }
    const Point a0 = a;
    a = {a0.x + t0 * dx, a0.y + t0 * dy};
    b = {a0.x + t1 * dx, a0.y + t1 * dy};
    return true;
}

}  // namespace ws::ui::plot
