// Panel rectangles: inside the window, not overlapping, tiling it, and big enough to read at
// the two projector sizes.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <tuple>

#include "ui/layout.hpp"

using namespace ws::ui;

namespace {

float area(const Rect& r) {
    return r.empty() ? 0 : r.w * r.h;
}

// Groups tile the window under the header without overlapping; each shown panel is in exactly
// one group and draws in its rectangle.
void check_tiles(const Layout& l, float w, float h) {
    float covered = area(l.header);
    for (std::size_t i = 0; i < l.groups.size(); ++i) {
        const PanelGroup& g = l.groups[i];
        INFO(panel_name(g.panels.front()));
        const Rect& r = g.rect;
        CHECK(r.x >= 0);
        CHECK(r.y >= l.header.bottom());
        CHECK(r.right() <= w + 0.01f);
        CHECK(r.bottom() <= h + 0.01f);
        CHECK(!overlaps(r, l.header));
        for (std::size_t j = 0; j < l.groups.size(); ++j)
            if (j != i) CHECK_FALSE(overlaps(r, l.groups[j].rect));
        for (PanelId p : g.panels) {
            CHECK(l.group_of(p) == &g);
            CHECK(l[p].x == r.x);
            CHECK(l[p].w == r.w);
        }
        covered += area(r);
    }
    for (PanelId p : kAllPanels) CHECK(l.shows(p) == (l.group_of(p) != nullptr));
    CHECK(covered == Approx(w * h).epsilon(0.001));
}

}  // namespace

TEST_CASE("the step view tiles the window at projector sizes", "[layout]") {
    for (auto [w, h] : {std::pair{1280.f, 720.f}, {1920.f, 1080.f}, {1600.f, 900.f}})
        for (float scale : {1.0f, 1.35f}) {
            INFO(w << "x" << h << " scale " << scale);
            const Layout l = compute_layout(View::Step, w, h, scale);
            for (PanelId p : {PanelId::Controls, PanelId::Shared, PanelId::Warps, PanelId::Banks,
                              PanelId::Code, PanelId::Explanation, PanelId::Timeline})
                CHECK(l.shows(p));
            CHECK_FALSE(l.shows(PanelId::Compare));
            CHECK_FALSE(l.shows(PanelId::Lab));
            check_tiles(l, w, h);
        }
}

TEST_CASE("panels are big enough to read at 1280x720", "[layout]") {
    const Layout l = compute_layout(View::Step, 1280, 720, 1.0f);
    CHECK(l[PanelId::Controls].w >= 260);
    CHECK(l[PanelId::Shared].w >= 550);
    CHECK(l[PanelId::Shared].h >= 280);
    CHECK(l[PanelId::Banks].h >= 280);
    CHECK(l[PanelId::Banks].w >= 300);  // 32 bank columns of at least 9 pixels
    CHECK(l[PanelId::Code].w >= 320);
    CHECK(l[PanelId::Timeline].h >= 70);
    // Shared memory sits above warps and banks, which share a row.
    CHECK(l[PanelId::Warps].y == l[PanelId::Banks].y);
    CHECK(l[PanelId::Warps].right() == l[PanelId::Banks].x);
    CHECK(l[PanelId::Shared].bottom() == l[PanelId::Warps].y);
}

TEST_CASE("the controls column stays within readable bounds", "[layout]") {
    CHECK(compute_layout(View::Step, 1920, 1080, 1.0f)[PanelId::Controls].w == Approx(384));
    CHECK(compute_layout(View::Step, 4000, 2000, 1.0f)[PanelId::Controls].w == Approx(430));
    CHECK(compute_layout(View::Step, 1280, 720, 1.0f)[PanelId::Controls].w == Approx(270));
    // A large font on a small screen: the controls' minimum, but never more than 40%.
    CHECK(compute_layout(View::Step, 1280, 720, 2.0f)[PanelId::Controls].w ==
          Approx(panel_min_size(PanelId::Controls, 2.0f).w));
    CHECK(compute_layout(View::Step, 1024, 768, 2.7f)[PanelId::Controls].w <= 0.4f * 1024 + 1);
}

TEST_CASE("hiding the controls gives the stage the whole width", "[layout]") {
    const Layout with = compute_layout(View::Step, 1280, 720, 1.0f);
    const Layout without = compute_layout(View::Step, 1280, 720, 1.0f, false);
    CHECK_FALSE(without.shows(PanelId::Controls));
    CHECK(without[PanelId::Shared].x == 0);
    CHECK(without[PanelId::Code].w > with[PanelId::Code].w);
    CHECK(without[PanelId::Timeline].w == 1280);
    check_tiles(without, 1280, 720);
}

TEST_CASE("compare and lab views", "[layout]") {
    const Layout c = compute_layout(View::Compare, 1920, 1080, 1.0f);
    CHECK(c.shows(PanelId::Compare));
    CHECK(c.shows(PanelId::Timeline));
    CHECK_FALSE(c.shows(PanelId::Shared));
    check_tiles(c, 1920, 1080);
    const Layout lab = compute_layout(View::Lab, 1280, 720, 1.0f);
    CHECK(lab.shows(PanelId::Lab));
    CHECK_FALSE(lab.shows(PanelId::Timeline));
    check_tiles(lab, 1280, 720);
}

TEST_CASE("the circuit view: the network over shared memory, or the whole stage", "[layout]") {
    for (auto [w, h] : {std::pair{1280.f, 720.f}, {1920.f, 1080.f}}) {
        const Layout l = compute_layout(View::Circuit, w, h, 1.0f);
        CHECK(l.shows(PanelId::Circuit));
        CHECK(l.shows(PanelId::Shared));
        CHECK(l.shows(PanelId::Timeline));
        CHECK_FALSE(l.shows(PanelId::Banks));
        CHECK(l[PanelId::Circuit].bottom() == l[PanelId::Shared].y);
        CHECK(l[PanelId::Circuit].h > l[PanelId::Shared].h);
        check_tiles(l, w, h);
        const Layout side = compute_layout(View::Circuit, w, h, 1.0f, true, true);
        CHECK_FALSE(side.shows(PanelId::Shared));
        CHECK(side[PanelId::Circuit].h > l[PanelId::Circuit].h);
        check_tiles(side, w, h);
    }
    CHECK(parse_view("circuit") == View::Circuit);
}

TEST_CASE("one panel fills the window for --panel", "[layout]") {
    const Layout l = single_panel_layout(PanelId::Banks, 900, 560);
    CHECK(l.header.empty());
    CHECK(l[PanelId::Banks].w == 900);
    CHECK(l[PanelId::Banks].h == 560);
    CHECK_FALSE(l.shows(PanelId::Shared));
}

TEST_CASE("the panel table: one row a panel, in id order, readable sizes", "[layout]") {
    std::set<std::string> names, titles;
    for (int i = 0; i < kPanelCount; ++i) {
        const PanelId p = kAllPanels[static_cast<std::size_t>(i)];
        INFO(panel_name(p));
        CHECK(static_cast<int>(p) == i);
        CHECK(panel_info(p).id == p);
        CHECK(names.insert(panel_name(p)).second);
        CHECK(titles.insert(panel_title(p)).second);
        const Size min = panel_min_size(p, 1.0f);
        CHECK(min.w >= 100);
        CHECK(min.h >= 40);
        CHECK(panel_min_size(p, 2.0f).w > min.w);
    }
    // A picture of the compare or circuit panel alone is taken in its own view.
    CHECK(panel_info(PanelId::Compare).view == View::Compare);
    CHECK(panel_info(PanelId::Circuit).view == View::Circuit);
    CHECK_FALSE(panel_info(PanelId::Controls).steps);
    CHECK(panel_info(PanelId::Explanation).scrolls);
}

TEST_CASE("panel and view names read back", "[layout]") {
    for (PanelId p : kAllPanels) CHECK(parse_panel(panel_name(p)) == p);
    CHECK_FALSE(parse_panel("sharedd"));
    CHECK(parse_view("lab") == View::Lab);
    CHECK(parse_view("pipeline") == View::Pipeline);
    CHECK_FALSE(parse_view("Step"));
    CHECK(panel_names().find("banks") != std::string::npos);
}

TEST_CASE("every panel of every view keeps its readable minimum, as tabs where it must",
          "[layout]") {
    const std::pair<float, float> sizes[] = {{1024, 768}, {1280, 720}, {1920, 1080}};
    for (View view : {View::Step, View::Compare, View::Circuit, View::Lab, View::Pipeline})
        for (auto [w, h] : sizes)
            for (bool presentation : {false, true})
                for (float text : {1.0f, 1.5f, 2.0f})
                    for (bool controls : {true, false})
                        for (bool circuit_only : {false, true}) {
                            if (circuit_only && view != View::Circuit) continue;
                            // The window's scale: the text size, times 1.35 in presentation.
                            const float scale = text * (presentation ? 1.35f : 1.0f);
                            INFO(view_name(view) << " " << w << "x" << h << " text " << text
                                                 << (presentation ? " presentation" : "")
                                                 << (controls ? " controls" : ""));
                            const Layout l =
                                compute_layout(view, w, h, scale, controls, circuit_only);
                            check_tiles(l, w, h);
                            const float chrome = tab_strip_height(scale);
                            for (const PanelGroup& g : l.groups)
                                for (PanelId p : g.panels) {
                                    INFO(panel_name(p));
                                    const Size min = panel_min_size(p, scale);
                                    if (p == PanelId::Controls) {
                                        // At most 40% of the window; its labels stack and it
                                        // scrolls.
                                        CHECK(g.rect.w >= std::min(min.w, 0.4f * w) - 1);
                                        continue;
                                    }
                                    CHECK(g.rect.w + 0.5f >= min.w);
                                    CHECK(g.rect.h - chrome + 0.5f >= min.h);
                                }
                            // Every panel of the view is reachable, shown or as a tab.
                            std::vector<PanelId> needed;
                            if (view == View::Step)
                                needed = {PanelId::Shared, PanelId::Warps, PanelId::Banks,
                                          PanelId::Code,   PanelId::Sass,  PanelId::Explanation};
                            if (view == View::Compare) needed = {PanelId::Compare};
                            if (view == View::Lab) needed = {PanelId::Lab};
                            if (view == View::Pipeline) needed = {PanelId::Pipeline};
                            if (view == View::Circuit) needed = {PanelId::Circuit};
                            if (view == View::Circuit && !circuit_only)
                                needed.push_back(PanelId::Shared);
                            for (PanelId p : needed) CHECK(l.shows(p));
                            CHECK(l.shows(PanelId::Controls) == controls);
                        }
}

TEST_CASE("a small window with large text tabs panels instead of shrinking them", "[layout]") {
    // 1280x720 at text size 2: shared memory, warps and banks cannot all stand in one column.
    const Layout l = compute_layout(View::Step, 1280, 720, 2.0f);
    const PanelGroup* g = l.group_of(PanelId::Warps);
    REQUIRE(g);
    CHECK(g->tabs());
    // At 1920x1080 and the normal size nothing is tabbed but the SASS, a tab beside the
    // explanation under the code, global memory, a tab beside the banks, and the editor (Your
    // kernel), a tab beside the code.
    const Layout big = compute_layout(View::Step, 1920, 1080, 1.0f);
    for (const PanelGroup& group : big.groups)
        CHECK(group.tabs() ==
              (group.panels == std::vector<PanelId>{PanelId::Explanation, PanelId::Sass} ||
               group.panels == std::vector<PanelId>{PanelId::Banks, PanelId::Global} ||
               group.panels == std::vector<PanelId>{PanelId::Code, PanelId::Editor}));
    CHECK(big[PanelId::Code].bottom() <= big[PanelId::Sass].y + 0.5f);
}

TEST_CASE("a race's story gets most of the side column", "[layout]") {
    for (const auto& [w, h, scale] :
         {std::tuple{1280.0f, 720.0f, 1.4f}, std::tuple{1920.0f, 1080.0f, 1.0f}}) {
        const Layout code = compute_layout(View::Step, w, h, scale);
        const Layout story =
            compute_layout(View::Step, w, h, scale, true, false, 0, std::nullopt, SideFocus::Story);
        CHECK(story[PanelId::Explanation].h > code[PanelId::Explanation].h);
        CHECK(story[PanelId::Explanation].h > story[PanelId::Code].h);
        CHECK(story[PanelId::Code].h + 0.5f >= panel_min_size(PanelId::Code, scale).h);
        // Nothing else moves.
        CHECK(story[PanelId::Shared].w == code[PanelId::Shared].w);
        CHECK(story[PanelId::Shared].h == code[PanelId::Shared].h);
    }
}
