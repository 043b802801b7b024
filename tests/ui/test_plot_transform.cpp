// Plot coordinates and segment clipping.
#include <catch2/catch.hpp>

#include "ui/plot/transform.hpp"

using namespace ws::ui;
using namespace ws::ui::plot;

TEST_CASE("log2 and linear axes map data to pixels", "[plot]") {
    Transform t;
    t.frame = {100, 50, 400, 200};
    t.x = {1024, 1 << 20, Scale::Log2, "n"};
    t.y = {0, 1000, Scale::Linear, "GB/s"};
    CHECK(t.px(1024) == Approx(100));
    CHECK(t.px(1 << 20) == Approx(500));
    CHECK(t.px(32768) == Approx(300));  // 2^15 is half way from 2^10 to 2^20
    CHECK(t.py(0) == Approx(250));
    CHECK(t.py(1000) == Approx(50));
    CHECK(t.py(250) == Approx(200));
    CHECK(t.data_x(300) == Approx(32768));
    CHECK(t.data_y(150) == Approx(500));
}

TEST_CASE("segments are clipped to the frame", "[plot]") {
    const Rect r{0, 0, 100, 100};
    Point a{-50, 50}, b{150, 50};
    REQUIRE(clip_segment(r, a, b));
    CHECK(a.x == Approx(0));
    CHECK(b.x == Approx(100));
    Point c{10, 10}, d{20, 20};
    REQUIRE(clip_segment(r, c, d));
    CHECK(c.x == 10);
    CHECK(d.y == 20);
    Point e{-10, -10}, f{-5, 200};
    CHECK_FALSE(clip_segment(r, e, f));
    Point g{50, -50}, h{50, 50};
    REQUIRE(clip_segment(r, g, h));
    CHECK(g.y == Approx(0));
    CHECK(h.y == Approx(50));
}
