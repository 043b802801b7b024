// ws_gif_check [--frames N] [--size WxH] [--dump K OUT.png] FILE: reads a GIF back with giflib
// and exits 1 (one line) when it cannot be read, has another frame count or size than asked,
// or a frame is blank (one colour). --dump writes frame K (0-based) as a PNG, to look at.
#include <gif_lib.h>
#include <stb_image_write.h>

#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace {

// Frame `k` as RGB: the frames are whole-screen images, each with its own (or the global)
// palette.
std::vector<unsigned char> frame_rgb(const GifFileType* gif, int k) {
    const SavedImage& img = gif->SavedImages[k];
    const ColorMapObject* map = img.ImageDesc.ColorMap ? img.ImageDesc.ColorMap : gif->SColorMap;
    std::vector<unsigned char> rgb(std::size_t(gif->SWidth) * std::size_t(gif->SHeight) * 3, 0);
    const int w = img.ImageDesc.Width, h = img.ImageDesc.Height;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const int index = img.RasterBits[std::size_t(y) * std::size_t(w) + std::size_t(x)];
            if (!map || index >= map->ColorCount) continue;
            const std::size_t at = (std::size_t(y + img.ImageDesc.Top) * std::size_t(gif->SWidth) +
                                    std::size_t(x + img.ImageDesc.Left)) *
                                   3;
            if (at + 2 >= rgb.size()) continue;
            rgb[at] = map->Colors[index].Red;
            rgb[at + 1] = map->Colors[index].Green;
            rgb[at + 2] = map->Colors[index].Blue;
        }
    return rgb;
}

}  // namespace

int main(int argc, char** argv) {
    int want_frames = -1, want_w = 0, want_h = 0, dump = -1;
    const char *file = nullptr, *dump_to = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--frames") && i + 1 < argc) {
            want_frames = std::atoi(argv[++i]);
        } else if (!std::strcmp(argv[i], "--size") && i + 1 < argc) {
            if (std::sscanf(argv[++i], "%dx%d", &want_w, &want_h) != 2) {
                std::fprintf(stderr, "ws_gif_check: --size %s: write WxH\n", argv[i]);
                return 2;
            }
        } else if (!std::strcmp(argv[i], "--dump") && i + 2 < argc) {
            dump = std::atoi(argv[++i]);
            dump_to = argv[++i];
        } else {
            file = argv[i];
        }
    }
    if (!file) {
        std::fprintf(stderr, "usage: ws_gif_check [--frames N] [--size WxH] [--dump K OUT] FILE\n");
        return 2;
    }
    int code = 0;
    GifFileType* gif = DGifOpenFileName(file, &code);
    if (!gif || DGifSlurp(gif) == GIF_ERROR) {
        std::fprintf(stderr, "%s: not a readable GIF (%s)\n", file,
                     GifErrorString(gif ? gif->Error : code));
        return 1;
    }
    int bad = 0;
    if (want_frames >= 0 && gif->ImageCount != want_frames) {
        std::fprintf(stderr, "%s: %d frames, expected %d\n", file, gif->ImageCount, want_frames);
        bad = 1;
    }
    if (want_w && (gif->SWidth != want_w || gif->SHeight != want_h)) {
        std::fprintf(stderr, "%s: %dx%d, expected %dx%d\n", file, gif->SWidth, gif->SHeight, want_w,
                     want_h);
        bad = 1;
    }
    for (int k = 0; k < gif->ImageCount && !bad; ++k) {
        const std::vector<unsigned char> rgb = frame_rgb(gif, k);
        std::set<unsigned> colours;
        for (std::size_t i = 0; i + 2 < rgb.size() && colours.size() < 8; i += 3)
            colours.insert(unsigned(rgb[i]) << 16 | unsigned(rgb[i + 1]) << 8 | rgb[i + 2]);
        if (colours.size() < 8) {
            std::fprintf(stderr, "%s: frame %d is blank\n", file, k);
            bad = 1;
        }
        if (k == dump &&
            !stbi_write_png(dump_to, gif->SWidth, gif->SHeight, 3, rgb.data(), gif->SWidth * 3)) {
            std::fprintf(stderr, "%s: cannot write %s\n", file, dump_to);
            bad = 1;
        }
    }
    if (!bad)
        std::printf("%s: %d frames, %dx%d\n", file, gif->ImageCount, gif->SWidth, gif->SHeight);
    DGifCloseFile(gif, nullptr);
    return bad;
}
