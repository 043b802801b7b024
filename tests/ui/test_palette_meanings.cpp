// One colour, one meaning, as the panels draw them: in every theme, the palette's colours that
// carry a meaning are all different (an error is not a bank conflict, a waiting block not a
// race, the L2 line not divergence), and the aliases are the ones meant.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "tests/ui/headless_imgui.hpp"
#include "ui/theme.hpp"

using namespace ws::ui;

TEST_CASE("every meaning the panels draw has a colour of its own, in every theme",
          "[palette][theme]") {
    testing::HeadlessImGui imgui;
    for (const auto& [theme, presentation] :
         {std::pair{"dark", false}, std::pair{"light", false}, std::pair{"dark", true}}) {
        apply_theme(theme, presentation);
        const Palette& p = palette();
        const std::map<std::string, ImU32> meanings = {
            {"read", p.read},
            {"written", p.written},
            {"loaded from global", p.from_global},
            {"value added into", p.arrow},
            {"race", p.raced},
            {"tile: aggregate published", p.tile_aggregate},
            {"tile: prefix published", p.tile_prefix},
            {"active lane", p.lane_on},
            {"idle lane", p.lane_off},
            {"second path", p.path[1]},
            {"third path", p.path[2]},
            {"divergent", p.divergent},
            {"conflict", p.conflict},
            {"broadcast", p.broadcast},
            {"single word", p.single_word},
            {"the slide's question", p.question},
            {"waiting", p.waiting},
            {"something went wrong", p.disagree},
            {"agrees", p.agree},
            {"the L2 size", p.plot_l2},
            {"the line that ran", p.line_ran},
        };
        std::map<ImU32, std::string> seen;
        for (const auto& [meaning, colour] : meanings) {
            INFO(theme << (presentation ? " (presentation)" : "") << ": " << meaning);
            const auto [at, fresh] = seen.emplace(colour, meaning);
            if (!fresh) INFO("shares its colour with " << at->second);
            CHECK(fresh);
        }
        // The aliases: an error's banner is the colour of a count that differs.
        CHECK(p.banner_error_bg == p.disagree);
    }
    apply_theme("dark", false);
}
