// The colour tables.
#include "ui/theme_colours.hpp"

namespace ws::ui {
namespace {

// Okabe & Ito (2008), "Color Universal Design", and Paul Tol, "Colour schemes" (2021).
constexpr std::uint32_t kSkyBlue = 0x56B4E9, kOrange = 0xE69F00, kGreen = 0x009E73,
                        kYellow = 0xF0E442, kBlue = 0x0072B2, kVermillion = 0xD55E00,
                        kPurple = 0xCC79A7, kTolCyan = 0x33BBEE, kTolMagenta = 0xEE3377,
                        kTolGreen = 0x117733, kTolSand = 0xDDCC77, kTolMint = 0x66C2A5,
                        kTolBlue = 0x0077BB, kTolWine = 0xAA4499, kTolTeal2 = 0x009988,
                        kTolLightBlue = 0x77AADD, kTolDarkBlue = 0x4477AA;
// Colorbrewer's Dark2 ochre for a waiting block; a deep red for what went wrong.
constexpr std::uint32_t kWaiting = 0xA6761D, kError = 0xB2182B;

ThemeColours make_dark() {
    ThemeColours c{};
    c.panel_bg = 0x1D2027, c.text = 0xEDEDED, c.text_dim = 0xA8ADB8, c.grid = 0x3A3F4B;
    c.frame = 0x2C313C, c.cell = 0x2E3440, c.cell_undefined = 0x22262E, c.cell_border = 0x4C5566;
    c.read = kSkyBlue, c.written = kOrange, c.arrow = kYellow, c.from_global = kTolGreen;
    c.raced = kTolMagenta, c.warp_a = 0x8491A8, c.warp_b = 0xA9B4C6;
    c.tile_aggregate = kTolWine, c.tile_prefix = 0x332288;
    c.path1 = kTolCyan, c.path2 = kTolSand, c.path3 = kTolMint, c.lane_off = 0x3B4150;
    c.lane_dead = 0x1A1C21, c.divergent = kPurple;
    c.conflict = kVermillion, c.broadcast = kBlue, c.single_word = kGreen;
    c.current = 0xFFFFFF, c.line_ran = 0x0B4F7A, c.line_ran_text = 0xFFFFFF;
    c.question = kTolLightBlue, c.waiting = kWaiting, c.error = kError, c.agree = 0x4DAC26;
    c.plot_bg = 0x1A1D23, c.plot_axis = 0xC8CCD4, c.plot_peak = 0xFFFFFF, c.plot_l2 = 0xCCBB44;
    c.circuit_wire = 0x4C5566, c.circuit_edge = 0xB8BDC8, c.circuit_dot = 0xEDEDED;
    c.circuit_future = 0x5F6470;
    const std::uint32_t series[10] = {kSkyBlue,    kOrange,  kGreen,   kYellow,     kPurple,
                                      kVermillion, 0xA6D854, kTolSand, kTolMagenta, kTolMint};
    for (int i = 0; i < 10; ++i) c.series[i] = series[i];
    c.copy = 0xFFFFFF, c.read_only = 0x9DA3AE, c.cub = 0xB07AFF, c.thrust = 0xFC8D62;
    c.plain = 0xC9A07F;
    return c;
}

ThemeColours make_light() {
    ThemeColours c{};
    c.panel_bg = 0xFAFAFA, c.text = 0x111111, c.text_dim = 0x4D5360, c.grid = 0xC9CDD5;
    c.frame = 0xE1E4EA, c.cell = 0xFFFFFF, c.cell_undefined = 0xE4E6EA, c.cell_border = 0x9098A6;
    c.read = kSkyBlue, c.written = kOrange, c.arrow = kBlue, c.from_global = kTolGreen;
    c.raced = kTolMagenta, c.warp_a = 0x98A4B8, c.warp_b = 0xBCC5D3;
    c.tile_aggregate = 0x882255, c.tile_prefix = 0x332288;
    c.path1 = kTolCyan, c.path2 = kGreen, c.path3 = kTolWine, c.lane_off = 0xD3D7DE;
    c.lane_dead = 0xF0F0F0, c.divergent = kPurple;
    c.conflict = kVermillion, c.broadcast = kTolBlue, c.single_word = kTolTeal2;
    c.current = 0x000000, c.line_ran = 0xB5DCF4, c.line_ran_text = 0x000000;
    c.question = kTolDarkBlue, c.waiting = kWaiting, c.error = kError, c.agree = 0x2166AC;
    c.plot_bg = 0xFFFFFF, c.plot_axis = 0x222222, c.plot_peak = 0x000000, c.plot_l2 = 0x997700;
    c.circuit_wire = 0xC9CDD5, c.circuit_edge = 0x3A3F4B, c.circuit_dot = 0x111111;
    c.circuit_future = 0xA3A7B0;
    // The dark theme's hues, deeper (within 15 degrees of CIELAB hue).
    const std::uint32_t series[10] = {kBlue,       0xB86E00, 0x007A5A, 0x999933, kTolWine,
                                      kVermillion, 0x5B8C1A, 0x8C7A2E, 0xCC2266, 0x1B9E87};
    for (int i = 0; i < 10; ++i) c.series[i] = series[i];
    c.copy = 0x000000, c.read_only = 0x707070, c.cub = 0x6A3D9A, c.thrust = 0x008080;
    c.plain = 0x8C5A2B;
    return c;
}

// High contrast for projectors: white paper, black ink.
ThemeColours make_presentation() {
    ThemeColours c = make_light();
    c.panel_bg = 0xFFFFFF, c.text = 0x000000, c.text_dim = 0x222222, c.grid = 0x888888;
    c.frame = 0xE6E6E6, c.cell_border = 0x000000, c.cell_undefined = 0xDDDDDD;
    c.lane_off = 0xC4C4C4, c.lane_dead = 0xFFFFFF, c.line_ran = 0x9CCFEF;
    c.circuit_wire = 0xA0A0A0, c.circuit_edge = 0x000000, c.circuit_dot = 0x000000;
    c.circuit_future = 0x8C8C8C;
    return c;
}

using T = ThemeColours;

}  // namespace

const ThemeColours& dark_colours() {
    static const ThemeColours c = make_dark();
    return c;
}
const ThemeColours& light_colours() {
    static const ThemeColours c = make_light();
    return c;
}
const ThemeColours& presentation_colours() {
    static const ThemeColours c = make_presentation();
    return c;
}

const std::vector<std::vector<Role>>& role_groups() {
    static const std::vector<std::vector<Role>> groups = {
        {{"read", &T::read},
         {"written", &T::written},
         {"value added into", &T::arrow},
         {"loaded from global", &T::from_global},
         {"race", &T::raced},
         {"cell", &T::cell},
         {"warp (even)", &T::warp_a},
         {"warp (odd)", &T::warp_b},
         {"tile: aggregate published", &T::tile_aggregate},
         {"tile: prefix published", &T::tile_prefix}},
        {{"first path (active lane)", &T::path1},
         {"second path", &T::path2},
         {"third path", &T::path3},
         {"idle lane", &T::lane_off},
         {"divergent warp", &T::divergent},
         {"current step", &T::current}},
        {{"active lane", &T::path1},
         {"idle lane", &T::lane_off},
         {"conflict", &T::conflict},
         {"broadcast", &T::broadcast},
         {"single word", &T::single_word}},
        {{"busy lanes", &T::path1}, {"conflict", &T::conflict}, {"current step", &T::current}},
        // The deadlock row of the look-back scans.
        {{"waits (spins on a flag)", &T::waiting},
         {"not started", &T::cell_undefined},
         {"done", &T::tile_prefix},
         {"waits for", &T::arrow}},
        // The GPU's counts beside ours.
        {{"agrees", &T::agree}, {"differs", &T::error}},
    };
    return groups;
}

const std::vector<Role>& all_roles() {
    static const std::vector<Role> roles = {
        {"read", &T::read},
        {"written", &T::written},
        {"value added into", &T::arrow},
        {"loaded from global", &T::from_global},
        {"race", &T::raced},
        {"first path", &T::path1},
        {"second path", &T::path2},
        {"third path", &T::path3},
        {"divergent", &T::divergent},
        {"conflict", &T::conflict},
        {"broadcast", &T::broadcast},
        {"single word", &T::single_word},
        {"warp (even)", &T::warp_a},
        {"warp (odd)", &T::warp_b},
        {"current", &T::current},
        {"tile: aggregate published", &T::tile_aggregate},
        {"tile: prefix published", &T::tile_prefix},
        {"the slide's question", &T::question},
        {"waiting", &T::waiting},
        {"something went wrong", &T::error},
        {"agrees", &T::agree},
        {"the L2 size (lab)", &T::plot_l2},
    };
    return roles;
}

}  // namespace ws::ui
