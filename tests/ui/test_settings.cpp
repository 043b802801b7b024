// Settings: JSON round trip, defaults for bad input, and the XDG location.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

#include "ui/settings.hpp"

using namespace ws::ui;

TEST_CASE("settings round-trip through JSON", "[settings]") {
    Settings s;
    s.font_scale = 1.5f;
    s.theme = "light";
    s.presentation = true;
    s.view = "compare";
    s.request.algo = "reduce-first-add";
    s.request.n = "2^12";
    s.request.type = ws::trace::DType::Float64;
    s.request.schedule = "random:3";
    const Settings back = settings_from_json(settings_to_json(s));
    CHECK(back.font_scale == 1.5f);
    CHECK(back.theme == "light");
    CHECK(back.presentation);
    CHECK(back.view == "compare");
    CHECK(back.request == s.request);
    // A scan's kind and the circuit view's mode come back too.
    s.view = "circuit";
    s.circuit_side_by_side = true;
    s.request.algo = "scan-blelloch";
    s.request.kind = ws::trace::ScanKind::Exclusive;
    const Settings scan = settings_from_json(settings_to_json(s));
    CHECK(scan.view == "circuit");
    CHECK(scan.circuit_side_by_side);
    CHECK(scan.request.kind == ws::trace::ScanKind::Exclusive);
    CHECK(scan.request == s.request);
    CHECK(settings_from_json(R"({"request": {"kind": "sideways"}})").request.kind ==
          ws::trace::ScanKind::Inclusive);
}

TEST_CASE("bad settings fall back to defaults", "[settings]") {
    std::string problem;
    Settings s = settings_from_json("{not json", &problem);
    CHECK(!problem.empty());
    CHECK(s.theme == "dark");
    s = settings_from_json(R"({"font_scale": "big", "theme": "neon", "width": 5,
                               "request": {"block": "many", "n": "100"}})");
    CHECK(s.font_scale == 1.0f);
    CHECK(s.theme == "dark");
    CHECK(s.width == 1600);
    CHECK(s.request.block == 32);
    CHECK(s.request.n == "100");
}

TEST_CASE("settings live in the XDG config directory", "[settings]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "warpscope-settings-test";
    fs::remove_all(dir);
    ::setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
    const std::string path = settings_path();
    CHECK(path == (dir / "warpscope" / "settings.json").string());
    Settings s;
    s.theme = "light";
    REQUIRE(save_settings(s, path).empty());
    CHECK(fs::exists(path));
    CHECK(load_settings(path).theme == "light");
    ::unsetenv("XDG_CONFIG_HOME");
    const char* home = std::getenv("HOME");
    if (home) CHECK(settings_path() == std::string(home) + "/.config/warpscope/settings.json");
    fs::remove_all(dir);
}
