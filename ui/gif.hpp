// Animated GIFs of the window or a panel (giflib, from Debian's libgif-dev): frames of RGBA
// pixels go in one at a time, each with its own palette (the exact colours where a frame has at
// most 256, else giflib's median-cut quantizer); the file is written through io::AtomicFile,
// so a cancelled export, an error or a full disk leaves no partial file and keeps an old one.
// And the reading back the tests use: the frame count and the size.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ws::io {
class AtomicFile;
}

namespace ws::ui {

class GifWriter {
  public:
    // Starts `path` (`width` x `height` pixels, looping forever); error() says why it could not.
    GifWriter(const std::string& path, int width, int height);
    ~GifWriter();  // without finish(): nothing is written, an existing file is kept
    GifWriter(const GifWriter&) = delete;
    GifWriter& operator=(const GifWriter&) = delete;

    // One frame, top row first, `width` x `height` RGBA; shown for `delay_ms` (GIF keeps
    // hundredths of a second). False once anything failed.
    bool add_frame(const std::vector<std::uint8_t>& rgba, int delay_ms);
    // Ends the file and puts it in place: "" or the one-line error.
    std::string finish();
    const std::string& error() const { return error_; }
    int frames() const { return frames_; }

  private:
    void fail(const std::string& what, int gif_error);

    std::unique_ptr<io::AtomicFile> file_;
    void* gif_ = nullptr;  // GifFileType*
    int width_ = 0, height_ = 0, frames_ = 0;
    std::string path_, error_;
};

struct GifInfo {
    int width = 0, height = 0, frames = 0;
    std::vector<int> delays_ms;  // per frame, from its graphics control block (0 when none)
};
// Reads a GIF back whole; `error` gets one line when it cannot.
GifInfo read_gif_info(const std::string& path, std::string* error);

}  // namespace ws::ui
