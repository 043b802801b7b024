// A word's address in the banks panel's stacks is never blank (issue 36: two-digit addresses
// vanished at 1280x720 in presentation mode): whole at the caption size, smaller down to the
// readable minimum, or its last digits after a visible "…".
#include <catch2/catch.hpp>

#include "ui/model/pictures/bank_picture.hpp"
#include "ui/model/trace/value_text.hpp"

using namespace ws::ui;

namespace {
constexpr float kDigit = 0.636f;  // DejaVu Sans's digit, per pixel of size
}

TEST_CASE("a word's address always shows in its bank box", "[banks]") {
    const float px = 17.0f * 1.35f * 0.8f;  // presentation mode's caption
    const float min_px = min_value_px(1.0f);
    // 1280x720 in presentation: a banks panel ~ 700 px wide, 32 columns of ~ 21 px.
    const float box_w = 700.0f / 32 - 3;
    for (std::uint64_t word : {7ull, 48ull, 96ull, 255ull, 1000ull, 123456ull}) {
        INFO("word " << word);
        const BoxLabel l = word_label(word, 1, box_w, px, min_px, kDigit);
        CHECK_FALSE(l.text.empty());
        CHECK(l.px >= min_px - 0.01f);
        CHECK(l.px <= px + 0.01f);
        const float digits = l.shortened ? float(l.text.size() - 3) + 1.6f : float(l.text.size());
        CHECK(digits * kDigit * l.px <= box_w + 0.5f);  // it fits its box
        if (word < 100) {
            CHECK_FALSE(l.shortened);  // two digits: whole
            CHECK(l.text == std::to_string(word));
        }
        if (l.shortened) {  // the last digits, after the mark
            CHECK(l.text.rfind("\xe2\x80\xa6", 0) == 0);
            const std::string tail = l.text.substr(3);
            const std::string full = std::to_string(word);
            CHECK(full.compare(full.size() - tail.size(), tail.size(), tail) == 0);
        }
    }
    // Room enough: the whole address and the lanes that share it, at the caption's size.
    const BoxLabel wide = word_label(48, 3, 200, px, min_px, kDigit);
    CHECK(wide.text == "48 x3");
    CHECK(wide.px == Approx(px));
}
