// The shared-memory grid: column choice, cell placement, hit testing, zoom and pan, arrows.
#include <catch2/catch.hpp>

#include "ui/geometry/grid_geometry.hpp"
#include "ui/geometry/shared_grid_layout.hpp"

using namespace ws::ui;

namespace {
GridLayout layout_of(std::uint32_t slots, Rect area, float zoom = 1, float px = 0, float py = 0) {
    GridSpec s;
    s.slots = slots;
    s.area = area;
    s.zoom = zoom;
    s.pan_x = px;
    s.pan_y = py;
    return grid_layout(s);
}
}  // namespace

TEST_CASE("columns are a power of two that makes cells largest", "[grid]") {
    const Rect area{0, 0, 900, 350};
    CHECK(layout_of(8, area).columns == 4);  // 2 rows of big cells beat 1 row of smaller
    CHECK(layout_of(64, area).columns == 16);
    CHECK(layout_of(1024, area).columns == 64);
    CHECK(layout_of(2048, area).columns == 64);
    for (std::uint32_t n : {8u, 32u, 64u, 256u, 1024u, 2048u}) {
        const GridLayout g = layout_of(n, area);
        INFO(n);
        CHECK((g.columns & (g.columns - 1)) == 0);
        CHECK(g.rows == (n + g.columns - 1) / g.columns);
        // At zoom 1 everything fits.
        CHECK(g.content_w <= area.w + 0.5f);
        CHECK(g.content_h <= area.h + 0.5f);
        CHECK(g.max_pan_x() == 0);
    }
}

TEST_CASE("cells never overlap and sit below their thread markers", "[grid]") {
    const GridLayout g = layout_of(64, {10, 20, 900, 350});
    REQUIRE(g.columns == 16);
    for (std::uint32_t i = 0; i + 1 < 64; ++i) {
        const Rect a = g.cell(i), b = g.cell(i + 1);
        CHECK_FALSE(overlaps(a, b));
        CHECK(g.marker(i).bottom() <= a.y);
        CHECK(g.marker(i).x == a.x);
    }
    CHECK(g.cell(0).x == 10);
    CHECK(g.cell(16).x == 10);  // a new row
    CHECK(g.cell(16).y > g.cell(15).bottom());
    CHECK(g.cell(63).bottom() <= 20 + 350 + 0.5f);
    CHECK(g.cell_h <= 0.8f * g.cell_w + 0.01f);  // no pillars
}

TEST_CASE("spare height spreads few rows apart", "[grid]") {
    GridSpec s;
    s.slots = 32;
    s.area = {0, 0, 900, 400};
    s.useful_w = 40;
    const GridLayout g = grid_layout(s);
    REQUIRE(g.rows == 2);
    CHECK(g.arc_h > 0);
    CHECK(g.arc_h <= g.cell_h + 0.01f);
    CHECK(g.content_h <= 400.5f);
    CHECK(g.marker(16).y - g.cell(0).bottom() >= g.arc_h);  // the room between the rows
    // A full grid has none to spare.
    s.slots = 2048;
    s.useful_w = 1e9f;
    CHECK(grid_layout(s).arc_h == Approx(0).margin(0.01));
}

TEST_CASE("slot_at finds the cell under a point", "[grid]") {
    const GridLayout g = layout_of(100, {0, 0, 800, 400});
    for (std::uint32_t i : {0u, 7u, 31u, 32u, 99u}) {
        const Rect r = g.cell(i);
        CHECK(g.slot_at(r.x + r.w / 2, r.y + r.h / 2) == long(i));
    }
    CHECK(g.slot_at(-5, 10) == -1);
    const Rect last = g.cell(99);
    CHECK(g.slot_at(last.right() + g.col_w(), last.y + 1) == -1);  // past the last slot
}

TEST_CASE("zoom enlarges cells and the pan is clamped", "[grid]") {
    const Rect area{0, 0, 900, 350};
    const GridLayout fit = layout_of(1024, area);
    const GridLayout z = layout_of(1024, area, 4, 1e6f, -50);
    CHECK(z.columns == fit.columns);
    CHECK(z.cell_w == Approx(fit.cell_w * 4));
    CHECK(z.pan_x == Approx(z.max_pan_x()));
    CHECK(z.pan_y == 0);
    CHECK(z.content_w > area.w);
    // Panned to the far right, the last column ends at the area's right edge.
    CHECK(z.cell(fit.columns - 1).right() == Approx(area.right()).margin(0.5));
    CHECK(z.visible(z.cell(fit.columns - 1)));
    CHECK_FALSE(z.visible(z.cell(0)));
}

TEST_CASE("arrows run from the cell read to the cell written, bowing upwards", "[grid]") {
    const Rect from{100, 50, 20, 16}, to{20, 50, 20, 16};
    const ArrowCurve c = arrow_curve(from, to, 30);
    CHECK(c.p0.x == 110);
    CHECK(c.p0.y == 50);
    CHECK(c.p1.x == 30);
    CHECK(c.at(0).x == Approx(110));
    CHECK(c.at(1).x == Approx(30));
    CHECK(c.control.y < 50);
    CHECK(c.at(0.5f).y < 50);  // above the row
    CHECK(50 - c.control.y <= 30);
    const Triangle head = arrow_head(c, 1.0f, 8);
    CHECK(head.a.x == Approx(30));
    CHECK(head.a.y == Approx(50));
    CHECK(head.b.y < 50);  // the head points down into the target cell
    CHECK(head.c.y < 50);
    // A short arrow to the next cell bows less than a long one.
    const ArrowCurve near = arrow_curve({40, 50, 20, 16}, to, 30);
    CHECK(near.control.y > c.control.y);
}

TEST_CASE("arrows to another row end at the written cell's near side", "[grid]") {
    const Rect below{20, 100, 20, 16}, above{20, 50, 20, 16};
    const ArrowCurve up = arrow_curve(below, above, 30);
    CHECK(up.p0.y == 100);          // leaves the top of the cell read
    CHECK(up.p1.y == 66);           // arrives at the bottom of the cell written
    CHECK(up.control.x > up.p0.x);  // bows sideways, off the cells' borders
    const ArrowCurve down = arrow_curve(above, below, 30);
    CHECK(down.p0.y == 66);
    CHECK(down.p1.y == 100);
    const Triangle head = arrow_head(up, 1.0f, 8);
    CHECK(head.b.y > 66);  // points up into the cell above
}

TEST_CASE("a useful width prefers fewer, wider rows", "[grid]") {
    GridSpec s;
    s.slots = 32;
    s.area = {0, 0, 900, 350};
    CHECK(grid_layout(s).columns == 8);   // largest cells: 4 rows
    s.useful_w = 40;                      // but 40 pixels show any value
    CHECK(grid_layout(s).columns == 16);  // so 2 rows of 16: s[t] and s[t + 16] in a column
    s.slots = 8;
    CHECK(grid_layout(s).columns == 8);  // and 8 cells make one row
    s.slots = 256;
    s.fixed_columns = 32;
    CHECK(grid_layout(s).columns == 32);  // a warp per row when asked
    CHECK(grid_layout(s).rows == 8);
    s.fixed_columns = 0;
    s.slots = 1024;
    CHECK(grid_layout(s).columns == 64);  // still fits when cells are small
}

TEST_CASE("compare keeps the banks in line where it can, and never cuts a row", "[grid][compare]") {
    // 32 cells of 40 px (2 px apart) need 1344 px; 16 need 672.
    CHECK(ws::ui::bank_aligned_columns(1400, 40, 2) == 32);
    CHECK(ws::ui::bank_aligned_columns(1343, 40, 2) == 16);
    CHECK(ws::ui::bank_aligned_columns(672, 40, 2) == 16);
    CHECK(ws::ui::bank_aligned_columns(671, 40, 2) == 0);
}
