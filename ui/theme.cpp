// The palettes and ImGui style for each theme.
#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>

namespace ws::ui {
namespace {

constexpr ImU32 rgb(unsigned hex, unsigned alpha = 255) {
    return IM_COL32((hex >> 16) & 255, (hex >> 8) & 255, hex & 255, alpha);
}

// Okabe & Ito (2008), "Color Universal Design".
constexpr unsigned kOrange = 0xE69F00, kSkyBlue = 0x56B4E9, kGreen = 0x009E73, kYellow = 0xF0E442,
                   kBlue = 0x0072B2, kVermillion = 0xD55E00, kPurple = 0xCC79A7, kBlack = 0x000000;

void fill_common(Palette& p) {
    const unsigned warps[8] = {kBlue,    kOrange,     kGreen,  kPurple,
                               kSkyBlue, kVermillion, kYellow, 0x7F7F7F};
    for (int i = 0; i < 8; ++i) p.warp[i] = rgb(warps[i]);
    const unsigned series[8] = {kBlue,   kVermillion, kGreen,   kPurple,
                                kOrange, kSkyBlue,    0x555555, kYellow};
    for (int i = 0; i < 8; ++i) p.series[i] = rgb(series[i]);
    p.conflict = rgb(kVermillion);
    p.broadcast = rgb(kGreen);
    p.divergent = rgb(kPurple);
    p.from_global = rgb(kGreen);
    p.raced = rgb(kVermillion);
    p.banner_error_bg = rgb(kVermillion);
    p.banner_error_text = rgb(0xFFFFFF);
    p.plot_peak = rgb(kBlack);
    p.cell_rounding = 3.0f;
}

// The paths after the first: their own hues, none a role's in the same panel.
void fill_paths(Palette& p, unsigned second, unsigned third) {
    p.path[0] = p.lane_on;
    p.path[1] = rgb(second);
    p.path[2] = rgb(third);
}

Palette dark_palette() {
    Palette p{};
    fill_common(p);
    p.panel_bg = rgb(0x1D2027);
    p.text = rgb(0xEDEDED);
    p.text_dim = rgb(0xA8ADB8);
    p.grid = rgb(0x3A3F4B);
    p.frame = rgb(0x2C313C);
    p.cell = rgb(0x2E3440);
    p.cell_undefined = rgb(0x22262E);
    p.cell_border = rgb(0x4C5566);
    p.read = rgb(kSkyBlue);
    p.written = rgb(kOrange);
    p.arrow = rgb(kYellow);
    p.lane_on = rgb(kYellow);
    p.lane_off = rgb(0x3B4150);
    p.lane_dead = rgb(0x1A1C21);
    p.single_word = rgb(kBlue);
    p.current = rgb(kYellow);
    p.current_fill = rgb(kYellow, 40);
    p.line_ran = rgb(kBlue, 110);
    p.line_ran_text = rgb(0xFFFFFF);
    p.plot_bg = rgb(0x1A1D23);
    p.plot_axis = rgb(0xC8CCD4);
    p.plot_peak = rgb(0xFFFFFF);
    p.plot_l2 = rgb(kPurple);
    p.series[6] = rgb(0xBBBBBB);
    p.circuit_wire = rgb(0x4C5566);
    p.circuit_edge = rgb(0xB8BDC8);
    p.circuit_dot = rgb(0xEDEDED);
    p.circuit_future = rgb(0xA8ADB8, 95);
    p.line_width = 2.0f;
    fill_paths(p, kSkyBlue, kGreen);
    return p;
}

Palette light_palette() {
    Palette p{};
    fill_common(p);
    p.panel_bg = rgb(0xFAFAFA);
    p.text = rgb(0x111111);
    p.text_dim = rgb(0x4D5360);
    p.grid = rgb(0xC9CDD5);
    p.frame = rgb(0xE1E4EA);
    p.cell = rgb(0xFFFFFF);
    p.cell_undefined = rgb(0xE4E6EA);
    p.cell_border = rgb(0x9098A6);
    p.read = rgb(kSkyBlue);
    p.written = rgb(kOrange);
    p.arrow = rgb(kVermillion);
    p.lane_on = rgb(kBlue);
    p.lane_off = rgb(0xD3D7DE);
    p.lane_dead = rgb(0xF0F0F0);
    p.single_word = rgb(kSkyBlue);
    p.current = rgb(kBlack);
    p.current_fill = rgb(kBlue, 30);
    p.line_ran = rgb(kSkyBlue, 120);
    p.line_ran_text = rgb(0x000000);
    p.plot_bg = rgb(0xFFFFFF);
    p.plot_axis = rgb(0x222222);
    p.plot_l2 = rgb(kPurple);
    p.circuit_wire = rgb(0xC9CDD5);
    p.circuit_edge = rgb(0x3A3F4B);
    p.circuit_dot = rgb(0x111111);
    p.circuit_future = rgb(0x4D5360, 80);
    p.line_width = 2.0f;
    fill_paths(p, kOrange, kGreen);
    return p;
}

// High contrast for projectors: white paper, black ink, saturated meaning colours, thick lines.
Palette presentation_palette() {
    Palette p = light_palette();
    p.panel_bg = rgb(0xFFFFFF);
    p.text = rgb(0x000000);
    p.text_dim = rgb(0x222222);
    p.grid = rgb(0x888888);
    p.frame = rgb(0xE6E6E6);
    p.cell_border = rgb(0x000000);
    p.cell_undefined = rgb(0xDDDDDD);
    p.lane_off = rgb(0xC4C4C4);
    p.lane_dead = rgb(0xFFFFFF);
    p.line_ran = rgb(kSkyBlue, 150);
    p.circuit_wire = rgb(0xA0A0A0);
    p.circuit_edge = rgb(0x000000);
    p.circuit_dot = rgb(0x000000);
    p.circuit_future = rgb(0x222222, 90);
    p.line_width = 3.0f;
    fill_paths(p, kOrange, kGreen);
    return p;
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
    c[ImGuiCol_ButtonActive] = v4(rgb(kBlue));
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
ImU32 series_color(unsigned i) {
    return g_palette.series[i % 8];
}

ImU32 text_on(ImU32 bg) {
    const float r = float((bg >> IM_COL32_R_SHIFT) & 0xFF),
                g = float((bg >> IM_COL32_G_SHIFT) & 0xFF),
                b = float((bg >> IM_COL32_B_SHIFT) & 0xFF);
    return 0.299f * r + 0.587f * g + 0.114f * b > 150.0f ? IM_COL32(0, 0, 0, 255)
                                                         : IM_COL32(255, 255, 255, 255);
}

}  // namespace ws::ui
