// PNG output and blank-image check.
#include "ui/png.hpp"

#include <stb_image_write.h>

#include "kernels/io/atomic_file.hpp"

#include <cmath>
#include <string>
#include <unordered_set>

namespace ws::ui {

std::string encode_png(int width, int height, const std::vector<std::uint8_t>& rgba, int level,
                       std::string& error) {
    error.clear();
    if (width <= 0 || height <= 0 || rgba.size() < std::size_t(width) * std::size_t(height) * 4) {
        error = "no picture to write";
        return "";
    }
    stbi_write_png_compression_level = level;
    std::string png;
    const auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                                   std::size_t(size));
    };
    if (!stbi_write_png_to_func(append, &png, width, height, 4, rgba.data(), width * 4))
        error = "cannot encode the picture";
    return png;
}

std::string write_png(const std::string& path, int width, int height,
                      const std::vector<std::uint8_t>& rgba, int level) {
    // Encoded in memory, then written atomically: an existing picture is replaced whole or not
    // at all, and a full disk is an error, never a truncated PNG.
    std::string error;
    const std::string png = encode_png(width, height, rgba, level, error);
    if (!error.empty()) return error == "no picture to write" ? error : error + " for " + path;
    return io::write_file_atomically(path, png);
}

ImageStats image_stats(const std::vector<std::uint8_t>& rgba) {
    ImageStats s;
    const std::size_t n = rgba.size() / 4;
    if (n == 0) return s;
    double sum = 0, sum2 = 0;
    std::unordered_set<std::uint32_t> colors;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t* p = &rgba[i * 4];
        const double y = 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
        sum += y;
        sum2 += y * y;
        if (colors.size() < 1024) colors.insert(std::uint32_t(p[0]) << 16 | p[1] << 8 | p[2]);
    }
    s.mean = sum / double(n);
    s.stddev = std::sqrt(std::max(0.0, sum2 / double(n) - s.mean * s.mean));
    s.distinct_colors = colors.size();
    return s;
}

bool looks_blank(const ImageStats& s) {
    return s.distinct_colors < 8 || s.stddev < 2.0;
}

}  // namespace ws::ui
