// Animated GIFs: written frame by frame, read back with giflib (frame count, size, delays);
// a failed or unfinished export leaves no file and keeps an old one.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "ui/gif.hpp"

using namespace ws::ui;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / "warpscope-gif-test";
    fs::create_directories(dir);
    const fs::path p = dir / name;
    fs::remove(p);
    return p;
}

// A frame with `colours` distinct colours (more than 256 takes the quantizer's path), shifted
// by `k` so that frames differ.
std::vector<std::uint8_t> frame(int w, int h, int colours, int k) {
    std::vector<std::uint8_t> rgba(std::size_t(w) * std::size_t(h) * 4);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const int c = (x + y * w + k) % colours;
            std::uint8_t* p = &rgba[(std::size_t(y) * std::size_t(w) + std::size_t(x)) * 4];
            p[0] = std::uint8_t(c * 37), p[1] = std::uint8_t(c * 11 + c / 7),
            p[2] = std::uint8_t(c);
            p[3] = 255;
        }
    return rgba;
}

std::string contents(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("a GIF reads back with its frame count, size and delays", "[gif]") {
    for (int colours : {5, 200, 5000}) {
        const fs::path path = scratch("frames-" + std::to_string(colours) + ".gif");
        const int w = 97, h = 61, frames = 4 + colours % 3;
        GifWriter gif(path.string(), w, h);
        REQUIRE(gif.error().empty());
        for (int k = 0; k < frames; ++k)
            REQUIRE(gif.add_frame(frame(w, h, colours, k), 250 + k * 100));
        CHECK(!fs::exists(path));  // nothing in place before the end
        REQUIRE(gif.finish().empty());
        std::string error;
        const GifInfo info = read_gif_info(path.string(), &error);
        INFO(error);
        CHECK(info.frames == frames);
        CHECK(info.width == w);
        CHECK(info.height == h);
        REQUIRE(info.delays_ms.size() == std::size_t(frames));
        for (int k = 0; k < frames; ++k) CHECK(info.delays_ms[std::size_t(k)] == 250 + k * 100);
    }
}

TEST_CASE("an unfinished or failed GIF leaves no file and keeps the old one", "[gif]") {
    const fs::path path = scratch("kept.gif");
    { std::ofstream(path) << "an old picture"; }
    {
        GifWriter gif(path.string(), 32, 32);
        REQUIRE(gif.add_frame(frame(32, 32, 9, 0), 100));
    }  // cancelled: never finished
    CHECK(contents(path) == "an old picture");
    {
        GifWriter gif(path.string(), 32, 32);
        CHECK_FALSE(gif.add_frame(frame(31, 32, 9, 0), 100));  // the wrong size
        CHECK(gif.error().find("not 32x32") != std::string::npos);
        CHECK(gif.finish() == gif.error());
    }
    CHECK(contents(path) == "an old picture");
    {
        GifWriter none(path.string(), 32, 32);
        CHECK(none.finish().find("no frames") != std::string::npos);
    }
    CHECK(contents(path) == "an old picture");
    for (const fs::directory_entry& e : fs::directory_iterator(path.parent_path()))
        CHECK(e.path().filename().string().find("kept.gif.") == std::string::npos);  // no temp
}

TEST_CASE("a GIF into a missing folder or of no size is refused in one line", "[gif]") {
    GifWriter missing("/nonexistent-folder/x.gif", 10, 10);
    CHECK(!missing.error().empty());
    CHECK(missing.error().find('\n') == std::string::npos);
    CHECK_FALSE(missing.add_frame(frame(10, 10, 3, 0), 100));
    GifWriter empty(scratch("empty.gif").string(), 0, 10);
    CHECK(empty.error().find("1 to 65535") != std::string::npos);
    std::string error;
    const fs::path junk = scratch("junk.gif");
    { std::ofstream(junk) << "GIF89a but not really"; }
    CHECK(read_gif_info(junk.string(), &error).frames == 0);
    CHECK(error.find("junk.gif") != std::string::npos);
}
