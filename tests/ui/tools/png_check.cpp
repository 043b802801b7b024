// ws_png_check [--size WxH] FILE...: exits 1 (naming the file) when a PNG cannot be read, has
// another size than asked, or is blank (fewer than 8 colours, or a flat luminance).
#define STBI_ONLY_PNG
#include <stb_image.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <unordered_set>

int main(int argc, char** argv) {
    int want_w = 0, want_h = 0, bad = 0, checked = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
            if (std::sscanf(argv[++i], "%dx%d", &want_w, &want_h) != 2) {
                std::fprintf(stderr, "ws_png_check: --size %s: write WxH\n", argv[i]);
                return 2;
            }
            continue;
        }
        int w = 0, h = 0, n = 0;
        unsigned char* px = stbi_load(argv[i], &w, &h, &n, 3);
        ++checked;
        if (!px) {
            std::fprintf(stderr, "%s: not a readable PNG (%s)\n", argv[i], stbi_failure_reason());
            ++bad;
            continue;
        }
        double sum = 0, sum2 = 0;
        std::unordered_set<unsigned> colors;
        const long count = long(w) * h;
        for (long k = 0; k < count; ++k) {
            const unsigned char* p = px + k * 3;
            const double y = 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
            sum += y;
            sum2 += y * y;
            if (colors.size() < 64) colors.insert(unsigned(p[0]) << 16 | p[1] << 8 | p[2]);
        }
        stbi_image_free(px);
        const double mean = sum / double(count);
        const double sd = std::sqrt(std::fmax(0.0, sum2 / double(count) - mean * mean));
        if (want_w && (w != want_w || h != want_h)) {
            std::fprintf(stderr, "%s: %dx%d, expected %dx%d\n", argv[i], w, h, want_w, want_h);
            ++bad;
        } else if (colors.size() < 8 || sd < 2.0) {
            std::fprintf(stderr, "%s: blank (%zu colours, luminance sd %.2f)\n", argv[i],
                         colors.size(), sd);
            ++bad;
        }
    }
    if (checked == 0) {
        std::fprintf(stderr, "ws_png_check: no files\n");
        return 2;
    }
    return bad ? 1 : 0;
}
