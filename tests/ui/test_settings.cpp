// Settings: JSON round trip, defaults for bad input, and the XDG location.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

#include "ui/model/window/playback.hpp"
#include "ui/settings.hpp"
#include "ui/ui_state.hpp"

using namespace ws::ui;

TEST_CASE("settings round-trip through JSON", "[settings]") {
    Settings s;
    s.font_scale = 1.5f;
    s.theme = "light";
    s.presentation = true;
    s.view = View::Compare;
    s.speed = 4;
    s.controls_hidden = true;
    s.compare_algo = "reduce-sequential";
    s.form.algo = "reduce-first-add";
    s.form.n = "2^12";
    s.form.type = ws::trace::DType::Float64;
    s.form.schedule = "random:3";
    const Settings back = settings_from_json(settings_to_json(s));
    CHECK(back.font_scale == 1.5f);
    CHECK(back.theme == "light");
    CHECK(back.presentation);
    CHECK(back.view == View::Compare);
    CHECK(back.speed == 4);
    CHECK(back.controls_hidden);
    CHECK(back.compare_algo == "reduce-sequential");
    CHECK(back.form == s.form);
    // A scan's kind and the circuit view's mode come back too.
    s.view = View::Circuit;
    s.circuit_side_by_side = true;
    s.form.algo = "scan-blelloch";
    s.form.kind = ws::trace::ScanKind::Exclusive;
    const Settings scan = settings_from_json(settings_to_json(s));
    CHECK(scan.view == View::Circuit);
    CHECK(scan.circuit_side_by_side);
    CHECK(scan.form.kind == ws::trace::ScanKind::Exclusive);
    CHECK(scan.form == s.form);
    CHECK(settings_from_json(R"({"request": {"kind": "sideways"}})").form.kind ==
          ws::trace::ScanKind::Inclusive);
    CHECK(settings_from_json(R"({"view": "sideways", "speed": 1e9})").view == View::Step);
    CHECK(settings_from_json(R"({"speed": 1e9})").speed == kMaxSpeed);
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
    CHECK(s.form.block == 32);
    CHECK(s.form.n == "100");
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

TEST_CASE("the window's preferences go to the settings and back whole", "[settings]") {
    UiState ui;
    ui.form.algo = "scan-sklansky";
    ui.view = View::Lab;
    ui.speed = 0.5;
    ui.theme = "light";
    Settings saved;
    saved.width = 1280;
    saved.preferences() = ui.preferences();
    CHECK(saved.width == 1280);  // the window's size is the settings' own
    const Settings back = settings_from_json(settings_to_json(saved));
    UiState next;
    next.preferences() = back.preferences();
    CHECK(next.form == ui.form);
    CHECK(next.view == View::Lab);
    CHECK(next.speed == 0.5);
    CHECK(next.theme == "light");
}
