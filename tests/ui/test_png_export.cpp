// Exporting a picture of the window or one panel: the suggested name, the folder checked, the
// panel's crop, and a file replaced whole or not at all.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "tests/ui/emulated_view.hpp"
#include "ui/model/window/frame_export.hpp"
#include "ui/model/window/png_export.hpp"
#include "ui/png.hpp"

using namespace ws;
using namespace ws::ui;
namespace fs = std::filesystem;

TEST_CASE("a picture is named after the algorithm, the step and the panel", "[export]") {
    const auto v = testing::emulated_view("reduce-sequential", "64", 32);
    CHECK(default_png_name(*v, 3, PanelId::Banks) == "reduce-sequential-step-3-0-banks.png");
    CHECK(default_png_name(*v, 0, std::nullopt) == "reduce-sequential-step-0-0.png");
    CHECK(default_frames_name(*v, {1, 4}, PanelId::Banks, FramesKind::Gif) ==
          "reduce-sequential-steps-1-4-banks");
    CHECK(default_frames_name(*v, {1, 4}, std::nullopt, FramesKind::Pngs) == "reduce-sequential");
}

TEST_CASE("the export folder must exist and the name must be a name", "[export]") {
    const fs::path dir = fs::temp_directory_path() / ("ws-export-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::string error;
    CHECK(png_path(dir.string(), "picture", &error) == (dir / "picture.png").string());
    CHECK(error.empty());
    CHECK(png_path((dir / "missing").string(), "a.png", &error).empty());
    CHECK(error.find("no such folder") != std::string::npos);
    std::ofstream((dir / "file").string()) << "x";
    CHECK(png_path((dir / "file").string(), "a.png", &error).empty());
    CHECK(error.find("not a folder") != std::string::npos);
    CHECK(png_path(dir.string(), "sub/a.png", &error).empty());
    CHECK_FALSE(error.empty());
    fs::remove_all(dir);
}

TEST_CASE("a panel's picture is its rectangle of the window's pixels", "[export]") {
    // 4x3 pixels, each holding its own x and y; the window is drawn at 2 pixels per unit.
    std::vector<std::uint8_t> rgba(4 * 3 * 4);
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 4; ++x) {
            rgba[std::size_t(y * 4 + x) * 4] = std::uint8_t(x);
            rgba[std::size_t(y * 4 + x) * 4 + 1] = std::uint8_t(y);
        }
    int w = 0, h = 0;
    const auto crop = crop_rgba(rgba, 4, 3, {0.5f, 0.5f, 1.0f, 1.0f}, 2.0f, &w, &h);
    REQUIRE(w == 2);
    REQUIRE(h == 2);
    CHECK(crop[0] == 1);   // x of the first pixel
    CHECK(crop[1] == 1);   // its y
    CHECK(crop[12] == 2);  // the last pixel: x 2
    CHECK(crop[13] == 2);  //                 y 2
}

TEST_CASE("a picture replaces an existing file whole, or leaves it", "[export]") {
    const fs::path dir = fs::temp_directory_path() / ("ws-png-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string path = (dir / "p.png").string();
    std::ofstream(path) << "an older picture";
    const std::vector<std::uint8_t> rgba(8 * 8 * 4, 200);
    CHECK(write_png(path, 8, 8, rgba) == "");
    CHECK(fs::file_size(path) > 16);
    CHECK_FALSE(fs::exists(path + ".partial"));
    // Into a folder that is not there: an error, nothing written.
    const std::string nowhere = (dir / "none" / "p.png").string();
    CHECK(write_png(nowhere, 8, 8, rgba).find("cannot write") == 0);
    CHECK_FALSE(fs::exists(nowhere));
    fs::remove_all(dir);
}

TEST_CASE("a step range for an export: defaults, bounds and one-line errors", "[export]") {
    std::string e;
    auto r = step_range(std::nullopt, std::nullopt, 9, e);
    REQUIRE(r);
    CHECK(r->from == 0);
    CHECK(r->to == 8);
    CHECK(r->count() == 9);
    r = step_range(2, -1, 9, e);
    REQUIRE(r);
    CHECK(r->from == 2);
    CHECK(r->to == 8);
    r = step_range(3, 3, 9, e);
    REQUIRE(r);
    CHECK(r->count() == 1);
    CHECK_FALSE(step_range(2, 11, 9, e));
    CHECK(e == "--to 11: this run has 9 steps (0..8)");
    CHECK_FALSE(step_range(9, std::nullopt, 9, e));
    CHECK(e == "--from 9: this run has 9 steps (0..8)");
    CHECK_FALSE(step_range(5, 4, 9, e));
    CHECK(e.find("ends before it starts") != std::string::npos);
    CHECK_FALSE(step_range(std::nullopt, std::nullopt, 0, e));
    CHECK(e == "this run has no steps to export");
}

TEST_CASE("the names of a step range's pictures sort in step order", "[export]") {
    CHECK(numbered_png_name("reduce-sequential", 3, {0, 12}) == "reduce-sequential-step-03.png");
    CHECK(numbered_png_name("x", 12, {0, 12}) == "x-step-12.png");
    CHECK(numbered_png_name("x", 7, {7, 9}) == "x-step-7.png");
    CHECK(numbered_png_name("x", 99, {95, 100}) == "x-step-099.png");
    std::string e;
    CHECK(export_path(".", "a", ".gif", &e) == "./a.gif");
    CHECK(export_path(".", "a.gif", ".gif", &e) == "./a.gif");
    CHECK(export_path(".", "a.png", ".gif", &e) == "./a.png.gif");
    CHECK(export_path("/nonexistent-folder", "a", ".gif", &e).empty());
    CHECK(e == "cannot export to /nonexistent-folder: no such folder");
}
