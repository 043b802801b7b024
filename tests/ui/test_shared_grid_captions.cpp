// Registers above, cells below (threads outnumber the shared cells, as in the look-backs and the
// warp-shuffle kernels): the two captions and the two pictures never cover each other, however
// short the panel leaves the picture (the look-back's tile strip takes some of its height).
#include <catch2/catch.hpp>

#include "ui/geometry/shared_grid_layout.hpp"

using namespace ws::ui;

namespace {
SharedGridInput split_input(float height) {
    SharedGridInput in;
    in.area = {10, 100, 800, height};
    in.cells = 3;  // a warp total, a tile id ...
    in.threads = 64;
    in.value_chars = 5;
    in.min_px = 19;  // presentation mode
    in.mono_px = 24;
    in.small_px = 19;
    in.cells_caption_w = 200;
    return in;
}
}  // namespace

TEST_CASE("the captions never lie over the registers or the cells", "[layout][cells]") {
    const SharedGridInput base = split_input(0);
    const float caption = base.small_px + 6, row = base.min_px * 1.2f + 2 + 4;
    for (float height : {2 * row, 2 * row + 10, caption + 2 * row + 1, 2 * caption + 2 * row + 1,
                         140.0f, 200.0f, 400.0f}) {
        INFO("picture height " << height);
        const SharedGridInput in = split_input(height);
        const SharedGridLayout l = shared_grid_layout(in);
        REQUIRE(l.split);
        const Rect& registers = l.threads.area;
        const Rect& cells = l.cells.area;
        CHECK(registers.bottom() <= cells.y + 0.01f);
        CHECK(cells.bottom() <= in.area.bottom() + 0.01f);
        CHECK(registers.y >= in.area.y - 0.01f);
        for (const Rect& text : {l.registers_caption, l.cells_caption}) {
            CHECK(text.w > 0);
            CHECK_FALSE(overlaps(text, registers));
            CHECK_FALSE(overlaps(text, cells));
        }
        // A line of its own for each caption while the lines and two rows fit; then the cells'
        // caption at their left, then the registers' (shortened) too.
        const bool cells_line = l.cells_caption.bottom() <= cells.y + 0.01f;
        const bool registers_line = l.registers_caption.bottom() <= registers.y + 0.01f;
        CHECK(cells_line == (height >= 2 * caption + 2 * row));
        CHECK(registers_line == (height >= caption + 2 * row));
        CHECK(l.registers_caption_short == !registers_line);
    }
}
