// The warps panel's ballot rows: 32 cells a warp in lane order, lit by the word's bits, the
// popcount beside them, nothing overlapping, rows that do not fit counted.
#include <catch2/catch.hpp>

#include "ui/model/pictures/ballot_rows.hpp"

using namespace ws::ui;

namespace {
std::vector<WarpBallot> ballots(std::uint32_t warps) {
    std::vector<WarpBallot> b;
    for (std::uint32_t w = 0; w < warps; ++w) b.push_back({w, 0x80000001u | (w << 4), 20});
    return b;
}
}  // namespace

TEST_CASE("a ballot row is 32 cells in lane order, lit by the word, with its popcount") {
    const Rect area{10, 20, 600, 200};
    const BallotLayout l =
        ballot_layout({{0, 0x0000000fu, 5}, {1, 0xffffffffu, 5}}, area, 14, 30, 30);
    REQUIRE(l.rows.size() == 2);
    CHECK(l.hidden == 0);
    CHECK(l.rows[0].count == 4);
    CHECK(l.rows[1].count == 32);
    for (unsigned lane = 0; lane < 32; ++lane) {
        CHECK(l.lit(0, lane) == (lane < 4));
        CHECK(l.lit(1, lane));
        if (lane) CHECK(l.cell(0, lane).x >= l.cell(0, lane - 1).right());
        CHECK_FALSE(overlaps(l.cell(0, lane), l.cell(1, lane)));
    }
    for (const BallotRow& r : l.rows) {
        CHECK(r.label.right() <= r.cells.x);
        CHECK(r.cells.right() <= r.count_box.x);
        CHECK(r.count_box.right() <= area.right() + 0.5f);
        CHECK(r.cells.y >= area.y);
    }
    CHECK(l.height <= area.h);
}

TEST_CASE("ballot cells stay visible in a narrow panel and rows that do not fit are counted") {
    const Rect narrow{0, 0, 320, 60};  // a 1024-thread block has 32 warps
    const BallotLayout l = ballot_layout(ballots(32), narrow, 13, 26, 30);
    CHECK(l.cell_w >= 2);
    CHECK(l.cell_h >= 4);
    CHECK(!l.rows.empty());
    CHECK(l.rows.size() + l.hidden == 32);
    CHECK(l.hidden > 0);
    CHECK(l.rows.back().cells.bottom() <= narrow.bottom() + 0.5f);
    CHECK(l.rows[0].count_box.right() <= narrow.right() + 0.5f);
    // Wide enough: cells grow up to a line of text, not past it.
    const BallotLayout wide = ballot_layout(ballots(2), {0, 0, 3000, 100}, 13, 26, 30);
    CHECK(wide.cell_w <= 13);
    CHECK(ballot_layout({}, narrow, 13, 26, 30).rows.empty());
}
