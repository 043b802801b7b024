// Font loading with the glyphs the panels use (arrows, ellipsis, multiplication sign, ...).
#include "ui/fonts.hpp"

#include "kernels/io/regular_file.hpp"

namespace ws::ui {
namespace {

Fonts g_fonts;

constexpr const char* kSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr const char* kMono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";

const ImWchar* glyph_ranges() {
    static const ImWchar ranges[] = {
        0x0020, 0x00FF,  // Basic Latin, Latin-1 (x, middle dot)
        0x0391, 0x03C9,  // Greek
        0x2000, 0x206F,  // punctuation: dashes, ellipsis
        0x2070, 0x209F,  // superscripts and subscripts (log₂)
        0x2190, 0x21FF,  // arrows
        0x2200, 0x22FF,  // maths
        0x25A0, 0x25FF,  // geometric shapes
        0x2600, 0x26FF,  // symbols (warning sign)
        0x2700, 0x27BF,  // dingbats (check mark)
        0,
    };
    return ranges;
}

// A regular file (ImGui then reads it itself; a FIFO there would hang it).
bool exists(const char* path) {
    return io::RegularFile(path).ok();
}

ImFont* add(const char* path, float px) {
    ImGuiIO& io = ImGui::GetIO();
    ImFontConfig cfg;
    cfg.OversampleH = 2;
    cfg.OversampleV = 1;
    if (exists(path)) return io.Fonts->AddFontFromFileTTF(path, px, &cfg, glyph_ranges());
    ImFontConfig fallback;
    fallback.SizePixels = px;
    return io.Fonts->AddFontDefault(&fallback);
}

}  // namespace

const Fonts& load_fonts(float scale) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    const float px = kBaseFontPixels * scale;
    g_fonts.size = px;
    g_fonts.text = add(kSans, px);
    g_fonts.mono = add(kMono, px * 0.95f);
    g_fonts.heading = add(kSans, px * 1.3f);
    g_fonts.small = add(kSans, px * 0.8f);
    io.FontDefault = g_fonts.text;
    io.Fonts->Build();
    return g_fonts;
}

const Fonts& fonts() {
    return g_fonts;
}

}  // namespace ws::ui
