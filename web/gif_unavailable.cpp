// ui/gif.hpp in the web page, which has no giflib: an export to GIF ends with one line saying so.
#include "ui/gif.hpp"

#include "kernels/io/atomic_file.hpp"
#include "web/page_limits.hpp"

namespace ws::ui {

GifWriter::GifWriter(const std::string& path, int width, int height)
    : width_(width), height_(height), path_(path), error_(web::kNoGif) {}
GifWriter::~GifWriter() = default;

bool GifWriter::add_frame(const std::vector<std::uint8_t>&, int) {
    return false;
}

std::string GifWriter::finish() {
    return error_;
}

void GifWriter::fail(const std::string&, int) {}

GifInfo read_gif_info(const std::string&, std::string* error) {
    if (error) *error = web::kNoGif;
    return {};
}

}  // namespace ws::ui
