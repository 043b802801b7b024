// GIF writing and reading with giflib 5.
#include "ui/gif.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <cstring>
#include <string_view>
#include <unordered_map>

#include "kernels/io/atomic_file.hpp"

namespace ws::ui {
namespace {

int write_to_atomic_file(GifFileType* gif, const GifByteType* bytes, int count) {
    auto* file = static_cast<io::AtomicFile*>(gif->UserData);
    return file->write(std::string_view(reinterpret_cast<const char*>(bytes), std::size_t(count)))
               ? count
               : 0;
}

std::string gif_error_text(int code) {
    const char* text = GifErrorString(code);
    return text ? text : "giflib error " + std::to_string(code);
}

// A frame as palette indices and its palette: exact when it has at most 256 colours.
struct IndexedFrame {
    std::vector<GifByteType> pixels;
    std::vector<GifColorType> colours;
};

bool exact_palette(const std::vector<std::uint8_t>& rgba, std::size_t count, IndexedFrame& out) {
    std::unordered_map<std::uint32_t, GifByteType> index;
    out.pixels.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint8_t* p = &rgba[i * 4];
        const std::uint32_t key = std::uint32_t(p[0]) << 16 | std::uint32_t(p[1]) << 8 | p[2];
        auto it = index.find(key);
        if (it == index.end()) {
            if (out.colours.size() == 256) return false;
            it = index.emplace(key, GifByteType(out.colours.size())).first;
            out.colours.push_back({p[0], p[1], p[2]});
        }
        out.pixels[i] = it->second;
    }
    return true;
}

// giflib's median cut over the three colour planes; "" or the error.
std::string quantized_palette(const std::vector<std::uint8_t>& rgba, int w, int h,
                              IndexedFrame& out) {
    const std::size_t count = std::size_t(w) * std::size_t(h);
    std::vector<GifByteType> r(count), g(count), b(count);
    for (std::size_t i = 0; i < count; ++i) {
        r[i] = rgba[i * 4];
        g[i] = rgba[i * 4 + 1];
        b[i] = rgba[i * 4 + 2];
    }
    int size = 256;
    out.colours.assign(256, GifColorType{0, 0, 0});
    out.pixels.assign(count, 0);
    if (GifQuantizeBuffer(unsigned(w), unsigned(h), &size, r.data(), g.data(), b.data(),
                          out.pixels.data(), out.colours.data()) == GIF_ERROR)
        return "the colours could not be reduced to 256";
    out.colours.resize(std::size_t(std::max(size, 2)));
    return "";
}

// GIF palettes have 2^k entries.
int palette_size(std::size_t colours) {
    int size = 2;
    while (std::size_t(size) < colours) size *= 2;
    return size;
}

}  // namespace

GifWriter::GifWriter(const std::string& path, int width, int height)
    : file_(std::make_unique<io::AtomicFile>(path)), width_(width), height_(height), path_(path) {
    if (!file_->error().empty()) {
        error_ = file_->error();
        return;
    }
    if (width < 1 || height < 1 || width > 65535 || height > 65535) {
        error_ = path + ": a GIF is 1 to 65535 pixels a side, not " + std::to_string(width) + "x" +
                 std::to_string(height);
        return;
    }
    int code = 0;
    GifFileType* gif = EGifOpen(file_.get(), write_to_atomic_file, &code);
    if (!gif) {
        fail("cannot start", code);
        return;
    }
    gif_ = gif;
    EGifSetGifVersion(gif, true);
    if (EGifPutScreenDesc(gif, width, height, 8, 0, nullptr) == GIF_ERROR) {
        fail("cannot write the header", gif->Error);
        return;
    }
    // NETSCAPE2.0: loop forever.
    static const GifByteType kApp[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0', 'x'};
    static const GifByteType kLoop[] = {1, 0, 0};
    if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(gif, 11, kApp) == GIF_ERROR ||
        EGifPutExtensionBlock(gif, 3, kLoop) == GIF_ERROR ||
        EGifPutExtensionTrailer(gif) == GIF_ERROR)
        fail("cannot write the loop", gif->Error);
}

GifWriter::~GifWriter() {
    if (gif_) EGifCloseFile(static_cast<GifFileType*>(gif_), nullptr);
}

void GifWriter::fail(const std::string& what, int gif_error) {
    if (!error_.empty()) return;
    // A failed write into the file says more than giflib's code.
    error_ = !file_->error().empty() ? file_->error()
                                     : path_ + ": " + what + " (" + gif_error_text(gif_error) + ")";
}

bool GifWriter::add_frame(const std::vector<std::uint8_t>& rgba, int delay_ms) {
    if (!error_.empty() || !gif_) return false;
    auto* gif = static_cast<GifFileType*>(gif_);
    const std::size_t count = std::size_t(width_) * std::size_t(height_);
    if (rgba.size() != count * 4) {
        error_ = path_ + ": a frame of " + std::to_string(rgba.size() / 4) + " pixels, not " +
                 std::to_string(width_) + "x" + std::to_string(height_);
        return false;
    }
    IndexedFrame frame;
    if (!exact_palette(rgba, count, frame)) {
        frame = {};
        if (std::string e = quantized_palette(rgba, width_, height_, frame); !e.empty()) {
            error_ = path_ + ": " + e;
            return false;
        }
    }
    const int size = palette_size(frame.colours.size());
    frame.colours.resize(std::size_t(size), GifColorType{0, 0, 0});
    ColorMapObject* map = GifMakeMapObject(size, frame.colours.data());
    if (!map) {
        error_ = path_ + ": out of memory for a palette";
        return false;
    }
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT;
    gcb.DelayTime = std::clamp(delay_ms / 10, 1, 65535);
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    GifByteType ext[4];
    const std::size_t ext_len = EGifGCBToExtension(&gcb, ext);
    bool ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, int(ext_len), ext) != GIF_ERROR &&
              EGifPutImageDesc(gif, 0, 0, width_, height_, false, map) != GIF_ERROR;
    for (int y = 0; ok && y < height_; ++y)
        ok = EGifPutLine(gif, &frame.pixels[std::size_t(y) * std::size_t(width_)], width_) !=
             GIF_ERROR;
    GifFreeMapObject(map);
    if (!ok) {
        fail("cannot write frame " + std::to_string(frames_ + 1), gif->Error);
        return false;
    }
    ++frames_;
    return true;
}

std::string GifWriter::finish() {
    if (!error_.empty()) return error_;
    if (frames_ == 0) return error_ = path_ + ": no frames to write";
    int code = 0;
    const int closed = EGifCloseFile(static_cast<GifFileType*>(gif_), &code);
    gif_ = nullptr;
    if (closed == GIF_ERROR) {
        fail("cannot end the file", code);
        return error_;
    }
    if (std::string e = file_->commit(); !e.empty()) return error_ = e;
    return "";
}

GifInfo read_gif_info(const std::string& path, std::string* error) {
    GifInfo info;
    int code = 0;
    GifFileType* gif = DGifOpenFileName(path.c_str(), &code);
    if (!gif) {
        if (error) *error = path + ": not a readable GIF (" + gif_error_text(code) + ")";
        return info;
    }
    if (DGifSlurp(gif) == GIF_ERROR) {
        if (error) *error = path + ": a damaged GIF (" + gif_error_text(gif->Error) + ")";
        DGifCloseFile(gif, nullptr);
        return info;
    }
    info.width = gif->SWidth;
    info.height = gif->SHeight;
    info.frames = gif->ImageCount;
    for (int i = 0; i < gif->ImageCount; ++i) {
        GraphicsControlBlock gcb{};
        const bool has = DGifSavedExtensionToGCB(gif, i, &gcb) == GIF_OK;
        info.delays_ms.push_back(has ? gcb.DelayTime * 10 : 0);
    }
    DGifCloseFile(gif, nullptr);
    return info;
}

}  // namespace ws::ui
