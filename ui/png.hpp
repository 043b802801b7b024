// Writing RGBA pictures as PNG (stb_image_write, from Debian's libstb-dev) and telling a blank
// picture from a drawn one.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ws::ui {

// Returns "" or a one-line error. `level`: zlib compression, 1 (fast) .. 9 (small).
std::string write_png(const std::string& path, int width, int height,
                      const std::vector<std::uint8_t>& rgba, int level = 8);
// The same PNG's bytes, for a file written with others (io::write_files_together); "" and
// `error` set when there is no picture to encode.
std::string encode_png(int width, int height, const std::vector<std::uint8_t>& rgba, int level,
                       std::string& error);

struct ImageStats {
    double mean = 0, stddev = 0;      // of the luminance, 0..255
    std::size_t distinct_colors = 0;  // capped at 1024
};
ImageStats image_stats(const std::vector<std::uint8_t>& rgba);
// Blank: a single colour, or almost (no panel drew anything).
bool looks_blank(const ImageStats& s);

}  // namespace ws::ui
