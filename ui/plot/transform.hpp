// Data <-> pixel mapping of a plot frame (linear or log2 axes) and segment clipping to the
// frame (Liang-Barsky), as pure functions. Tested in tests/ui/test_plot_transform.cpp.
#pragma once
#include <string>

#include "ui/geometry/grid_geometry.hpp"
#include "ui/layout.hpp"

namespace ws::ui::plot {

enum class Scale { Linear, Log2 };

struct Axis {
    double min = 0, max = 1;
    Scale scale = Scale::Linear;
    std::string label;
    bool si = false;  // log2 ticks as 1K, 1M rather than 2^10, 2^20
};

struct Transform {
    Rect frame;  // the plotting area in pixels
    Axis x, y;
    float px(double vx) const;  // left to right
    float py(double vy) const;  // bottom to top
    double data_x(float pixel) const;
    double data_y(float pixel) const;
};

// Clips the segment a-b to r; false when nothing of it is inside.
bool clip_segment(const Rect& r, Point& a, Point& b);

}  // namespace ws::ui::plot
