// The palettes and ImGui style for each theme.
#include "ui/theme.hpp"

#include "ui/theme_colours.hpp"

#include <algorithm>
#include <cmath>

#include "kernels/baselines.hpp"

namespace ws::ui {
namespace {

constexpr ImU32 rgb(unsigned hex, unsigned alpha = 255) {
    return IM_COL32((hex >> 16) & 255, (hex >> 8) & 255, hex & 255, alpha);
}

// A palette from a theme's colour table (ui/theme_colours.cpp: one colour per role).
Palette palette_from(const ThemeColours& c, float line_width) {
    Palette p{};
    p.panel_bg = rgb(c.panel_bg), p.text = rgb(c.text), p.text_dim = rgb(c.text_dim);
    p.grid = rgb(c.grid), p.frame = rgb(c.frame);
    p.cell = rgb(c.cell), p.cell_undefined = rgb(c.cell_undefined);
    p.cell_border = rgb(c.cell_border);
    p.read = rgb(c.read), p.written = rgb(c.written), p.from_global = rgb(c.from_global);
    p.arrow = rgb(c.arrow), p.raced = rgb(c.raced), p.question = rgb(c.question);
    p.tile_aggregate = rgb(c.tile_aggregate), p.tile_prefix = rgb(c.tile_prefix);
    p.lane_on = rgb(c.path1), p.lane_off = rgb(c.lane_off), p.lane_dead = rgb(c.lane_dead);
    p.path[0] = rgb(c.path1), p.path[1] = rgb(c.path2), p.path[2] = rgb(c.path3);
    p.divergent = rgb(c.divergent), p.conflict = rgb(c.conflict);
    p.broadcast = rgb(c.broadcast), p.single_word = rgb(c.single_word);
    p.current = rgb(c.current), p.current_fill = rgb(c.current, 36);
    p.line_ran = rgb(c.line_ran), p.line_ran_text = rgb(c.line_ran_text);
    p.banner_error_bg = rgb(c.error), p.banner_error_text = rgb(0xFFFFFF);
    p.agree = rgb(c.agree), p.disagree = rgb(c.error), p.waiting = rgb(c.waiting);
    p.plot_bg = rgb(c.plot_bg), p.plot_axis = rgb(c.plot_axis), p.plot_peak = rgb(c.plot_peak);
    p.plot_l2 = rgb(c.plot_l2);
    p.circuit_wire = rgb(c.circuit_wire), p.circuit_edge = rgb(c.circuit_edge);
    p.circuit_dot = rgb(c.circuit_dot), p.circuit_future = rgb(c.circuit_future);
    for (int i = 0; i < 8; ++i) p.warp[i] = rgb(i % 2 ? c.warp_b : c.warp_a);  // two tones
    for (int i = 0; i < 10; ++i) p.series[i] = rgb(c.series[i]);
    p.copy = rgb(c.copy), p.read_only = rgb(c.read_only), p.cub = rgb(c.cub);
    p.thrust = rgb(c.thrust), p.plain = rgb(c.plain);
    p.line_width = line_width;
    p.cell_rounding = 3.0f;
    return p;
}

Palette dark_palette() {
    return palette_from(dark_colours(), 2.0f);
}
Palette light_palette() {
    return palette_from(light_colours(), 2.0f);
}
// High contrast for projectors: white paper, black ink, thick lines.
Palette presentation_palette() {
    return palette_from(presentation_colours(), 3.0f);
}

Palette g_palette = dark_palette();

ImVec4 v4(ImU32 c) {
    return ImGui::ColorConvertU32ToFloat4(c);
}

void style_colors(const Palette& p, bool light, bool presentation) {
    ImGuiStyle& st = ImGui::GetStyle();
    if (light)
        ImGui::StyleColorsLight(&st);
    else
        ImGui::StyleColorsDark(&st);
    ImVec4* c = st.Colors;
    // Panels are not filled: the frame is cleared to panel_bg and the fixed windows tile it,
    // which saves a blended full-screen fill per frame on software renderers.
    c[ImGuiCol_WindowBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_PopupBg] = v4(p.panel_bg);
    c[ImGuiCol_Text] = v4(p.text);
    c[ImGuiCol_TextDisabled] = v4(p.text_dim);
    c[ImGuiCol_Border] = v4(presentation ? rgb(0x000000) : p.grid);
    c[ImGuiCol_FrameBg] = v4(p.frame);
    c[ImGuiCol_TitleBg] = v4(light ? rgb(0xD5DAE3) : rgb(0x262B35));
    c[ImGuiCol_TitleBgActive] = c[ImGuiCol_TitleBg];
    c[ImGuiCol_TitleBgCollapsed] = c[ImGuiCol_TitleBg];
    c[ImGuiCol_Button] = v4(light ? rgb(0xCCD6E6) : rgb(0x34506E));
    c[ImGuiCol_ButtonHovered] = v4(light ? rgb(0xA9C0E0) : rgb(0x416891));
    c[ImGuiCol_ButtonActive] = v4(rgb(0x0072B2));
    c[ImGuiCol_Header] = v4(light ? rgb(0xCCD6E6) : rgb(0x34506E));
    if (presentation) {
        c[ImGuiCol_TitleBg] = v4(rgb(0xD0D0D0));
        c[ImGuiCol_TitleBgActive] = c[ImGuiCol_TitleBg];
        c[ImGuiCol_TitleBgCollapsed] = c[ImGuiCol_TitleBg];
    }
}

}  // namespace

const Palette& palette() {
    return g_palette;
}

namespace {

// Every colour of `p` but the background taken toward it; a colour added to Palette is added
// here (the size check says so).
Palette dimmed(const Palette& p) {
    static_assert(sizeof(Palette) == sizeof(ImU32) * 66 + sizeof(float) * 3,
                  "a colour added to Palette: dim it here too");
    const auto d = [&](ImU32& c) {
        c = (mix(c, p.panel_bg, kDimTowardBackground) & ~IM_COL32_A_MASK) | (c & IM_COL32_A_MASK);
    };
    Palette out = p;
    d(out.text), d(out.text_dim), d(out.grid), d(out.frame);
    d(out.cell), d(out.cell_undefined), d(out.cell_border);
    d(out.read), d(out.written), d(out.from_global), d(out.arrow), d(out.raced);
    d(out.tile_aggregate), d(out.tile_prefix);
    d(out.lane_on), d(out.lane_off), d(out.lane_dead);
    d(out.divergent), d(out.conflict), d(out.broadcast), d(out.single_word);
    d(out.current), d(out.current_fill), d(out.line_ran), d(out.line_ran_text);
    d(out.question), d(out.waiting), d(out.banner_error_bg), d(out.banner_error_text);
    d(out.agree), d(out.disagree);
    d(out.plot_bg), d(out.plot_axis), d(out.plot_peak), d(out.plot_l2);
    d(out.circuit_wire), d(out.circuit_edge), d(out.circuit_dot), d(out.circuit_future);
    d(out.copy), d(out.read_only), d(out.cub), d(out.thrust), d(out.plain);
    for (ImU32& c : out.warp) d(c);
    for (ImU32& c : out.series) d(c);
    for (ImU32& c : out.path) d(c);
    return out;
}

}  // namespace

DimmedPalette::DimmedPalette() : saved_(g_palette) {
    g_palette = dimmed(saved_);
}

DimmedPalette::~DimmedPalette() {
    g_palette = saved_;
}

void apply_theme(const std::string& theme, bool presentation) {
    const bool light = presentation || theme == "light";
    g_palette = presentation ? presentation_palette() : light ? light_palette() : dark_palette();
    style_colors(g_palette, light, presentation);
    ImGuiStyle& st = ImGui::GetStyle();
    // Square corners and no window borders: on a software renderer every rounded frame is some
    // sixty anti-aliased triangles where a square one is two, and ImGui draws each border four
    // times over (a three-pixel anti-aliased strip per side, on both panels of a seam). The
    // frame draws one crisp edge per seam instead (frame.cpp).
    st.WindowRounding = 0.0f;
    st.WindowBorderSize = 0.0f;
    st.FrameRounding = 0.0f;
    st.GrabRounding = 0.0f;
    st.ScrollbarRounding = 0.0f;
    g_palette.edge_width = presentation ? 2.0f : 1.0f;
    st.WindowPadding = ImVec2(8, 6);
    st.FramePadding = ImVec2(6, 3);
    st.ItemSpacing = ImVec2(8, 5);
    st.ScrollbarSize = 14.0f;
}

ImU32 with_alpha(ImU32 c, float alpha) {
    const unsigned a = (c >> IM_COL32_A_SHIFT) & 0xFF;
    const auto scaled = static_cast<unsigned>(std::lround(std::clamp(alpha, 0.0f, 1.0f) * a));
    return (c & ~IM_COL32_A_MASK) | (scaled << IM_COL32_A_SHIFT);
}

ImU32 mix(ImU32 a, ImU32 b, float t) {
    t = std::clamp(t, 0.0f, 1.0f);
    auto ch = [&](int shift) {
        const float x = float((a >> shift) & 0xFF), y = float((b >> shift) & 0xFF);
        return static_cast<ImU32>(std::lround(x + (y - x) * t)) << shift;
    };
    return ch(IM_COL32_R_SHIFT) | ch(IM_COL32_G_SHIFT) | ch(IM_COL32_B_SHIFT) |
           ch(IM_COL32_A_SHIFT);
}

ImU32 warp_color(unsigned warp) {
    return g_palette.warp[warp % 8];
}
ImU32 stage_color(StageState s) {
    switch (s) {
        case StageState::Free:
            return g_palette.cell;
        case StageState::Filling:
            return g_palette.from_global;
        case StageState::Full:
            return g_palette.written;
        case StageState::Scanning:
            return g_palette.read;
    }
    return g_palette.cell;
}
ImU32 series_color(unsigned i) {
    return g_palette.series[i % 10];
}

ImU32 baseline_color(const std::string& algo) {
    const Baseline* b = find_baseline(algo);
    switch (b ? b->look : BaselineLook::Plain) {
        case BaselineLook::Copy:
            return g_palette.copy;
        case BaselineLook::ReadOnly:
            return g_palette.read_only;
        case BaselineLook::Cub:
            return g_palette.cub;
        case BaselineLook::Thrust:
            return g_palette.thrust;
        case BaselineLook::Plain:
            break;
    }
    return g_palette.plain;
}

ImU32 sass_class_color(SassClass c) {
    const Palette& p = g_palette;
    switch (c) {
        case SassClass::Barrier:
            return p.divergent;
        case SassClass::Shuffle:
            return p.arrow;
        case SassClass::SharedLoad:
            return p.read;
        case SassClass::SharedStore:
            return p.written;
        case SassClass::GlobalLoad:
        case SassClass::GlobalStore:
            return p.from_global;
        case SassClass::Atomic:
            return p.conflict;
        case SassClass::WarpVote:
            return p.broadcast;
        case SassClass::Branch:
            return p.text_dim;
        case SassClass::Other:
            break;
    }
    return p.text;
}

ImU32 text_on(ImU32 bg) {
    const float r = float((bg >> IM_COL32_R_SHIFT) & 0xFF),
                g = float((bg >> IM_COL32_G_SHIFT) & 0xFF),
                b = float((bg >> IM_COL32_B_SHIFT) & 0xFF);
    return 0.299f * r + 0.587f * g + 0.114f * b > 150.0f ? IM_COL32(0, 0, 0, 255)
                                                         : IM_COL32(255, 255, 255, 255);
}

}  // namespace ws::ui
