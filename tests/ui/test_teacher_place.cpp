// Where the teacher's window opens with one monitor (ui/geometry/teacher_place.hpp): beside the
// projected window, never over it.
#include <catch2/catch.hpp>

#include "ui/geometry/teacher_place.hpp"

using namespace ws::ui;

namespace {

bool overlaps(const ScreenRect& a, const ScreenRect& b) {
    return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

}  // namespace

TEST_CASE("with one monitor the teacher's window opens beside the main window, never over it",
          "[teacher]") {
    const ScreenRect area{0, 30, 1920, 1050};  // a work area under a top bar
    const int w = 736, h = 519, gap = 16;
    const auto rect = [&](ScreenPoint p) { return ScreenRect{p.x, p.y, w, h}; };
    // Room on the right: there, level with the main window.
    const ScreenRect left_half{0, 30, 1100, 700};
    CHECK(place_beside(area, left_half, w, h, gap) == ScreenPoint{1116, 30});
    // No room on the right, room on the left.
    const ScreenRect right_half{800, 100, 1120, 700};
    CHECK(place_beside(area, right_half, w, h, gap) == ScreenPoint{48, 100});
    // Neither side: below it, level with its left edge.
    const ScreenRect middle{400, 30, 1200, 480};
    CHECK(place_beside(area, middle, w, h, gap) == ScreenPoint{400, 526});
    // Low on the screen: moved up into the work area, still beside it.
    const ScreenRect low{0, 800, 1100, 280};
    CHECK(place_beside(area, low, w, h, gap) == ScreenPoint{1116, 1080 - h});
    // A maximized window leaves no room: below it rather than over it.
    const ScreenRect full = area;
    CHECK(place_beside(area, full, w, h, gap).y >= full.bottom());
    for (const ScreenRect& m : {left_half, right_half, middle, low, full})
        CHECK_FALSE(overlaps(rect(place_beside(area, m, w, h, gap)), m));
    // A second monitor's coordinates (left of the primary): the same rules in its work area.
    const ScreenRect second{-1280, 0, 1280, 1024};
    const ScreenRect on_second{-1280, 0, 500, 600};
    const ScreenPoint p = place_beside(second, on_second, w, h, gap);
    CHECK(p == ScreenPoint{-1280 + 500 + gap, 0});
    CHECK(p.x + w <= second.right());
}
