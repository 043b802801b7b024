// The palette's rule: no two roles share a colour, and roles that appear together stay apart in
// normal vision and for the two commonest colour-vision deficiencies.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "tests/ui/colour_vision.hpp"
#include "ui/theme_colours.hpp"

using namespace ws::ui;
using namespace ws::ui::testing;

namespace {

const std::pair<const char*, const ThemeColours*> kThemes[] = {
    {"dark", &dark_colours()},
    {"light", &light_colours()},
    {"presentation", &presentation_colours()}};

}  // namespace

TEST_CASE("the colour science agrees with published values", "[palette]") {
    // Sharma, Wu and Dalal (2005), test pair 1.
    CHECK(ciede2000({50.0, 2.6772, -79.7751}, {50.0, 0.0, -82.7485}) ==
          Approx(2.0425).epsilon(1e-3));
    // White is L* 100 in every vision; pure red and green look alike to a deuteranope.
    CHECK(to_lab(0xFFFFFF, Vision::Normal).l == Approx(100.0).margin(0.01));
    CHECK(difference(0xFF0000, 0x00FF00, Vision::Normal) > 60);
    CHECK(difference(0xCC3333, 0x669933, Vision::Deuteranopia) <
          difference(0xCC3333, 0x669933, Vision::Normal) / 2);
}

TEST_CASE("no two roles share a colour", "[palette]") {
    for (const auto& [name, theme] : kThemes) {
        INFO(name);
        std::set<std::uint32_t> seen;
        for (const Role& r : all_roles()) {
            INFO(r.name);
            CHECK(seen.insert(theme->*r.colour).second);
        }
    }
}

TEST_CASE("roles shown together stay apart, also for deuteranopes and protanopes", "[palette]") {
    const double kMin = 9.0;  // CIEDE2000; 1 is just noticeable, 5 clearly different
    double worst = 1e9;
    for (const auto& [name, theme] : kThemes)
        for (const std::vector<Role>& group : role_groups())
            for (std::size_t i = 0; i < group.size(); ++i)
                for (std::size_t j = i + 1; j < group.size(); ++j)
                    for (Vision v : {Vision::Normal, Vision::Deuteranopia, Vision::Protanopia}) {
                        const double d =
                            difference(theme->*group[i].colour, theme->*group[j].colour, v);
                        INFO(name << ": " << group[i].name << " / " << group[j].name << " vision "
                                  << int(v) << ": " << d);
                        CHECK(d >= kMin);
                        worst = std::min(worst, d);
                    }
    CHECK(worst >= kMin);
}

TEST_CASE("the lab's lines each have a colour of their own", "[palette]") {
    for (const auto& [name, theme] : kThemes) {
        std::vector<std::uint32_t> lines(theme->series, theme->series + 10);
        for (std::uint32_t c :
             {theme->copy, theme->read_only, theme->cub, theme->thrust, theme->plain})
            lines.push_back(c);
        for (std::size_t i = 0; i < lines.size(); ++i)
            for (std::size_t j = i + 1; j < lines.size(); ++j) {
                INFO(name << ": line " << i << " / line " << j);
                CHECK(lines[i] != lines[j]);
                CHECK(difference(lines[i], lines[j], Vision::Normal) >= 8.0);
            }
    }
}

TEST_CASE("a lab line keeps its hue from one theme to another", "[palette]") {
    // CIELAB hue angle of the same series in the dark and the light theme (the light theme's
    // is deeper, for white paper): within 20 degrees, so that "the orange line" stays orange.
    auto hue = [](std::uint32_t c) {
        const Lab l = to_lab(c, Vision::Normal);
        return std::atan2(l.b, l.a) * 180.0 / 3.14159265358979;
    };
    for (int i = 0; i < 10; ++i) {
        double d = std::fabs(hue(dark_colours().series[i]) - hue(light_colours().series[i]));
        d = std::min(d, 360.0 - d);
        INFO("series " << i << ": " << d << " degrees apart");
        CHECK(d <= 20.0);
        CHECK(presentation_colours().series[i] == light_colours().series[i]);
    }
}
