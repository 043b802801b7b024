// The page's settings in localStorage (page_settings.hpp), as settings_to_json writes them.
#include "web/page_settings.hpp"

#include <emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <utility>

#include "ui/settings.hpp"

namespace ws::web {
namespace {

constexpr const char* kKey = "warpscope-settings";

// The copy last stored (or read), to store only a change.
std::string& stored() {
    static std::string s;
    return s;
}

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"  // EM_ASM's arguments
// localStorage's text for the key ("" when absent or when storage is refused).
// clang-format off
std::string read_storage() {
    char* text = reinterpret_cast<char*>(static_cast<std::intptr_t>(EM_ASM_INT(
        {
            var t = null;
            try {
                t = localStorage.getItem(UTF8ToString($0));
            } catch (e) {
            }
            if (t === null) return 0;
            var n = lengthBytesUTF8(t) + 1;
            var p = _malloc(n);
            stringToUTF8(t, p, n);
            return p;
        },
        kKey)));  // (a pointer: 32 bits in the page)
    if (!text) return "";
    std::string s(text);
    std::free(text);
    return s;
}

void write_storage(const std::string& text) {
    EM_ASM(
        {
            try {
                localStorage.setItem(UTF8ToString($0), UTF8ToString($1));
            } catch (e) {
            }
        },
        kKey, text.c_str());
}
// clang-format on
#pragma clang diagnostic pop

}  // namespace

std::string restore_settings(ui::Session& s) {
    stored() = read_storage();
    if (stored().empty()) return "";
    std::string problem;
    const ui::Settings settings = ui::settings_from_json(stored(), &problem);
    s.ui.preferences() = settings.preferences();
    return problem.empty() ? "" : "the settings kept in this browser: " + problem;
}

void keep_settings(const ui::UiState& ui) {
    ui::Settings settings;
    settings.preferences() = ui.preferences();
    std::string text = ui::settings_to_json(settings);
    if (text == stored()) return;
    write_storage(text);
    stored() = std::move(text);
}

}  // namespace ws::web
