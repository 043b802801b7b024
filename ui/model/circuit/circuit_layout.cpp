// Column and row positions, dots and edges of a circuit picture.
#include "ui/model/circuit/circuit_layout.hpp"

#include <algorithm>
#include <cmath>

namespace ws::ui {

long CircuitLayout::column_at(float px) const {
    if (x.empty() || col_w <= 0 || px < plot.x || px >= plot.right()) return -1;
    const long c = long(std::floor((px - (x[0] - col_w * 0.5f)) / col_w));
    return c >= 0 && c < long(x.size()) ? c : -1;
}

CircuitLayout layout_circuit(const Circuit& c, const CircuitLayoutSpec& s) {
    CircuitLayout out;
    out.plot = {s.area.x + s.label_w, s.area.y + s.label_h,
                std::max(s.area.w - s.label_w - s.right_pad, 1.0f),
                std::max(s.area.h - s.label_h, 1.0f)};
    const std::uint32_t n = std::max<std::uint32_t>(c.columns(), 1);
    const float zoom = std::max(s.zoom, 1.0f);
    out.content_w = out.plot.w * zoom;
    out.col_w = out.content_w / float(n);
    out.pan_x = std::clamp(s.pan_x, 0.0f, out.max_pan());
    out.x.resize(n);
    for (std::uint32_t i = 0; i < n; ++i)
        out.x[i] = out.plot.x - out.pan_x + (float(i) + 0.5f) * out.col_w;
    out.first_col =
        std::uint32_t(std::clamp(std::floor(out.pan_x / out.col_w), 0.0f, float(n - 1)));
    out.last_col = std::uint32_t(
        std::clamp(std::ceil((out.pan_x + out.plot.w) / out.col_w) - 1, 0.0f, float(n - 1)));

    // Rows: the inputs' line, then one per row of additions, then a little for the outputs.
    const float rows = float(std::max(c.rows, s.min_rows));
    out.row_h = out.plot.h / (rows + 1.0f);
    out.y.resize(c.rows + 1);
    out.y[0] = out.plot.y + out.row_h * 0.3f;
    for (std::uint32_t r = 1; r <= c.rows; ++r) out.y[r] = out.y[0] + float(r) * out.row_h;
    out.wire_bottom = out.y[c.rows] + out.row_h * 0.55f;
    out.dot_r = std::clamp(std::min(out.col_w, out.row_h) * 0.3f, 1.5f, 7.0f);

    out.label_every = 1;
    while (out.label_every < n && float(out.label_every) * out.col_w < s.column_label)
        out.label_every *= 2;

    out.edges.reserve(c.adds.size() * 2);
    for (std::uint32_t i = 0; i < c.adds.size(); ++i) {
        const CircuitAdd& a = c.adds[i];
        if (a.to >= n || a.row >= c.rows) continue;
        const float y0 = out.y[a.row], y1 = out.y[a.row + 1];
        for (std::uint8_t k = 0; k < a.operands; ++k) {
            const std::uint32_t from = a.from[k];
            if (from >= n) continue;
            out.edges.push_back({out.x[from], y0, out.x[a.to], y1, i, from == a.to});
        }
    }
    return out;
}

}  // namespace ws::ui
