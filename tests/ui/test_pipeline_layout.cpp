// The Pipeline panel's picture as plain data (ui/model/pipeline/pipeline_layout.hpp): at the
// lecture sizes every stage box, warp line and tile cell has its place inside the picture, boxes
// wide enough for their words and nothing overlapping; a picture too small says it did not fit.
#include <catch2/catch.hpp>

#include "ui/model/pipeline/pipeline_layout.hpp"

using namespace ws::ui;

namespace {

bool inside(const Rect& r, const Rect& area) {
    return r.x >= area.x - 0.5f && r.y >= area.y - 0.5f && r.right() <= area.right() + 0.5f &&
           r.bottom() <= area.bottom() + 0.5f;
}

}  // namespace

TEST_CASE("the pipeline picture holds six stages, seven warps and the tiles at lecture sizes",
          "[pipeline][layout]") {
    // The picture's part of the Pipeline view: the window less the controls, the header, the
    // panel's playback row and its two lines of words; the font as the window scales it.
    struct Case {
        float w, h, em;
    };
    // 1280x720 and 1024x768 in presentation (font 23), 1920x1080 and 1280x720 at 17.
    for (const Case c :
         {Case{880, 450, 23}, Case{660, 520, 23}, Case{1500, 850, 17}, Case{900, 480, 17}}) {
        INFO(c.w << "x" << c.h << " font " << c.em);
        const Rect area{10, 20, c.w, c.h};
        const PipelineLayout l = pipeline_layout(area, c.em, 6, 7, 6, 8);
        CHECK(l.fits);
        REQUIRE(l.stages.size() == 6);
        REQUIRE(l.warps.size() == 7);
        REQUIRE(l.tiles.size() == 6);
        CHECK_FALSE(l.in_flight.empty());
        for (const Rect& r : l.stages) {
            CHECK(inside(r, area));
            CHECK(r.w >= 8 * 0.55f * c.em);  // "scanning"
        }
        for (std::size_t i = 1; i < l.stages.size(); ++i)
            CHECK_FALSE(overlaps(l.stages[i - 1], l.stages[i]));
        for (const Rect& r : l.warps) {
            CHECK(inside(r, area));
            CHECK_FALSE(overlaps(r, l.stages[0]));
            CHECK_FALSE(overlaps(r, l.in_flight));
        }
        for (const Rect& r : l.tiles) {
            CHECK(inside(r, area));
            for (const Rect& w : l.warps) CHECK_FALSE(overlaps(r, w));
        }
    }
}

TEST_CASE("a picture too small for the pipeline says so and keeps what fits",
          "[pipeline][layout]") {
    const PipelineLayout l = pipeline_layout({0, 0, 300, 150}, 23, 6, 7, 40, 8);
    CHECK_FALSE(l.fits);
    CHECK(l.warps.size() < 7);
    for (const Rect& r : l.warps) CHECK(r.bottom() <= 150.5f);
}
