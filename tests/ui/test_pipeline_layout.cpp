// The Pipeline panel's picture as plain data (ui/model/pipeline/pipeline_layout.hpp): at the
// lecture sizes every stage box, warp line and tile cell has its place inside the picture, boxes
// wide enough for their words and nothing overlapping; a picture too small says it did not fit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>

#include "kernels/run/emulator_backend.hpp"
#include "ui/model/pipeline/pipeline_layout.hpp"
#include "ui/model/pipeline/warp_lines.hpp"
#include "ui/model/trace/trace_view.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

PipelineContent content(unsigned warp_lines, unsigned tiles, unsigned warp_chars = 52) {
    PipelineContent c;
    c.stages = 6;
    c.warp_lines = warp_lines;
    c.tiles = tiles;
    c.warp_chars = warp_chars;
    c.label_chars = 62;  // "in flight: 16 KB of the 96 KB of stages (at most 32 KB in this run)"
    c.short_label_chars = 36;  // "in flight: 16 KB of 96 KB (at most 32 KB)"
    c.tiles_legend_chars = 44;
    return c;
}

// A rectangle less half a pixel each side: neighbours that touch do not overlap.
Rect shrunk(const Rect& r) {
    return {r.x + 0.5f, r.y + 0.5f, r.w - 1, r.h - 1};
}

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
        const PipelineLayout l = pipeline_layout(area, c.em, content(7, 6));
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
            CHECK_FALSE(overlaps(r, l.in_flight_label));
        }
        CHECK_FALSE(overlaps(l.in_flight, l.in_flight_label));
        CHECK(inside(l.in_flight_label, area));
        CHECK(l.in_flight_label.w >= (l.short_label ? 36 : 62) * 0.55f * c.em);
        CHECK(l.short_label == (c.em == 23));  // the long words where they fit (at 17)
        for (const Rect& r : l.tiles) {
            CHECK(inside(r, area));
            for (const Rect& w : l.warps) CHECK_FALSE(overlaps(r, w));
        }
    }
}

TEST_CASE("a picture too small for the pipeline says so and keeps what fits",
          "[pipeline][layout]") {
    const PipelineLayout l = pipeline_layout({0, 0, 300, 150}, 23, content(7, 40));
    CHECK_FALSE(l.fits);
    CHECK(l.warps.size() < 7);
    // The note has a line of its own: nothing else is drawn on it.
    REQUIRE_FALSE(l.fit_note.empty());
    CHECK(l.fit_note.bottom() <= 150.5f);
    for (const Rect& r : l.warps) CHECK_FALSE(overlaps(r, l.fit_note));
    for (const Rect& r : l.tiles) CHECK_FALSE(overlaps(r, l.fit_note));
    for (const Rect& r : l.stages) CHECK(r.bottom() <= 150.5f);
}

TEST_CASE("in lecture mode at 1280x720 the pipeline fits below the slide", "[pipeline][layout]") {
    // What a slide's card of three lines of words leaves the picture in presentation (font 23):
    // 1260 x 390.
    const Rect area{10, 328, 1260, 390};
    // The lesson's moments (emulated, lazy and prompt copies): warps doing the same thing share
    // a line, and the most lines any moment has fit (seven would not: six rows).
    unsigned most = 0;
    for (const char* schedule : {"lockstep,copies=lazy", "lockstep"}) {
        trace::Request r;
        r.algo = "scan-pipeline";
        r.n = 20780;
        r.block = 224;
        r.schedule = schedule;
        const auto v = make_trace_view(std::make_shared<trace::Trace>(run::run_on_emulator(r)));
        REQUIRE(v->pipeline.timed);
        for (const PipelineMoment& m : v->pipeline.moments)
            most = std::max(most, unsigned(warp_lines(m).size()));
    }
    CHECK(most >= 4);
    for (unsigned lines : {4u, most}) {
        INFO(lines << " warp lines");
        const PipelineLayout l = pipeline_layout(area, 23, content(lines, 6));
        CHECK(l.fits);
        CHECK(l.warps.size() == lines);
        for (std::size_t i = 0; i < l.warps.size(); ++i) {
            CHECK(inside(l.warps[i], area));
            CHECK(l.warps[i].w >= 52 * 0.55f * 23);
            for (std::size_t j = 0; j < i; ++j)
                CHECK_FALSE(overlaps(shrunk(l.warps[i]), l.warps[j]));
        }
        REQUIRE_FALSE(l.tiles_caption.empty());
        CHECK_FALSE(l.tiles_legend.empty());  // room for the colours' words after six tiles
        for (const Rect& t : l.tiles) {
            CHECK(inside(t, area));
            CHECK_FALSE(overlaps(t, l.tiles_caption));
            CHECK_FALSE(overlaps(t, l.tiles_legend));
        }
        CHECK(inside(l.tiles_legend, area));
    }
    // Lines too long for two columns go down one.
    const PipelineLayout one = pipeline_layout(area, 23, content(3, 6, 80));
    REQUIRE(one.warps.size() == 3);
    CHECK(one.warps[0].x == one.warps[2].x);
}

TEST_CASE("warps doing the same thing share a line", "[pipeline]") {
    PipelineMoment m;
    WarpNow w;
    w.has_role = true;
    w.role = trace::WarpRole::Producer;
    w.tile = 1;
    w.waiting = true;
    w.waits_on = "empty[0], round 0";
    m.warps.push_back(w);
    w = WarpNow{};
    w.has_role = true;
    w.role = trace::WarpRole::Consumer;
    w.tile = 0;
    for (int i = 0; i < 3; ++i) m.warps.push_back(w);
    w.waiting = w.waits_for_copy = true;
    w.waits_on = "full[1], round 0";
    m.warps.push_back(w);
    const std::vector<WarpLine> lines = warp_lines(m);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].text == "warp 0, producer: tile 1, waits on empty[0], round 0");
    CHECK(lines[0].waiting);
    CHECK_FALSE(lines[0].for_copy);
    CHECK(lines[1].text == "warps 1-3, consumers: tile 0");
    CHECK((lines[1].first == 1 && lines[1].last == 3));
    CHECK(lines[2].text == "warp 4, consumer: tile 0, waits on full[1], round 0 (copy in flight)");
    CHECK(lines[2].for_copy);
}
