// Where the circuit view draws a network, as plain data: an x per element column, a y per row
// (y[0] is the inputs' line, y[r + 1] row r), and for each addition a dot where it lands and an
// edge from each operand: from the operand's column one row up to the dot (the edge from the
// column it writes is the wire's own vertical piece). Horizontal zoom about a pan, so that 1024
// columns can be read a stretch at a time. No ImGui: tests/ui/test_circuit.cpp.
#pragma once
#include <cstdint>
#include <vector>

#include "ui/layout.hpp"
#include "ui/model/circuit/block_circuit.hpp"

namespace ws::ui {

struct CircuitLayoutSpec {
    Rect area;               // the whole picture, labels included
    float label_w = 0;       // left margin: the level labels
    float label_h = 0;       // top margin: the column numbers
    float right_pad = 0;     // right margin: room for the last column's dots
    float column_label = 8;  // pixels one column number needs (the widest)
    float zoom = 1.0f;       // horizontal; 1 fits every column
    float pan_x = 0;         // pixels of content scrolled off to the left (clamped)
    // Rows are sized as if there were at least this many (networks side by side share a row
    // height, so that the deeper one is taller).
    std::uint32_t min_rows = 0;
};

struct CircuitEdge {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    std::uint32_t add = 0;  // index into Circuit::adds
    bool wire = false;      // the written column's own value coming down
};

struct CircuitLayout {
    Rect plot;  // columns and rows, without the margins
    float col_w = 0, row_h = 0, dot_r = 0;
    float pan_x = 0, content_w = 0;             // after clamping
    std::vector<float> x;                       // per column
    std::vector<float> y;                       // rows + 1
    float wire_bottom = 0;                      // where the column wires end
    std::vector<CircuitEdge> edges;             // two per addition of two operands
    std::uint32_t label_every = 1;              // number every k-th column (a power of two)
    std::uint32_t first_col = 0, last_col = 0;  // the columns inside the plot (inclusive)

    float row_y(std::uint32_t row) const { return y[row + 1]; }
    float max_pan() const { return content_w > plot.w ? content_w - plot.w : 0; }
    // The column under an x, or -1.
    long column_at(float px) const;
};

CircuitLayout layout_circuit(const Circuit& c, const CircuitLayoutSpec& spec);

}  // namespace ws::ui
