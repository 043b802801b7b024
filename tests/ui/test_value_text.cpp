// The value-text model (value_text.hpp): a written cell's text is its whole value where that
// fits at a readable size, else an abbreviation marked with "~" that stands for the value;
// never empty, never below the readable minimum in a box as wide as the shortest form needs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>

#include "ui/model/trace/trace_view.hpp"
#include "ui/model/trace/value_text.hpp"

using namespace ws;
using namespace ws::ui;
using trace::DType;

namespace {

// What an abbreviation stands for: "~-32.6k" -> -32600, "~1e5" -> 100000.
double read_back(std::string s) {
    if (!s.empty() && s[0] == '~') s.erase(0, 1);
    double scale = 1;
    const std::string suffixes = "kMGTPE";
    if (const auto at = suffixes.find(s.back()); at != std::string::npos) {
        scale = std::pow(1000.0, double(at + 1));
        s.pop_back();
    }
    char* end = nullptr;
    const double x = std::strtod(s.c_str(), &end);
    return *end ? std::nan("") : x * scale;
}

// Random values of every magnitude a cell can hold, of the given type.
double random_value(std::mt19937_64& rng, DType type) {
    const double mag = std::pow(10.0, std::uniform_real_distribution<double>(-6, 9.3)(rng));
    const double v = (rng() & 1 ? -1 : 1) * mag;
    if (type == DType::Int32)
        return double(std::llround(std::clamp(v, -2147483648.0, 2147483647.0)));
    if (type == DType::Float32) return double(float(v));
    return v;
}

}  // namespace

TEST_CASE("abbreviations stand for the value", "[value_text]") {
    CHECK(abbreviations(32640, DType::Int32).front() == "~32.6k");
    CHECK(abbreviations(-1234567, DType::Int32).front() == "~-1.23M");
    CHECK(abbreviations(999, DType::Int32).empty());  // nothing shorter to say
    std::mt19937_64 rng(7);
    for (DType type : trace::kAllDTypes)
        for (int i = 0; i < 4000; ++i) {
            const double v = random_value(rng, type);
            const std::string full = format_value(v, type);
            INFO(full);
            const std::vector<std::string> forms = abbreviations(v, type);
            for (std::size_t k = 0; k < forms.size(); ++k) {
                INFO(forms[k]);
                CHECK(forms[k][0] == '~');
                // One significant digit at worst: within half of the value.
                CHECK(std::fabs(read_back(forms[k]) - v) <= 0.5 * std::fabs(v));
            }
            // Every int32 and every float of this range has a form of 6 characters or fewer.
            CHECK(shortest_chars(v, type, full) <= 6);
        }
}

TEST_CASE("a box as wide as the shortest form needs shows any value readably", "[value_text]") {
    std::mt19937_64 rng(11);
    for (float scale : {1.0f, 1.35f, 2.0f, 2.7f}) {
        const float min_px = min_value_px(scale), max_px = 17.0f * 0.95f * scale;
        for (DType type : trace::kAllDTypes)
            for (int i = 0; i < 1000; ++i) {
                const double v = random_value(rng, type);
                const std::string full = format_value(v, type);
                const std::size_t chars = shortest_chars(v, type, full);
                const float w = float(chars) * kMonoAdvance * min_px + 3.0f, h = min_px / 0.9f;
                const ValueText t = fit_value(v, type, full, w, h, max_px, min_px);
                INFO(full << " in " << w << " x " << h << ": " << t.text << " at " << t.px);
                CHECK_FALSE(t.text.empty());
                CHECK(t.px >= min_px - 1e-3f);
                CHECK(float(t.text.size()) * kMonoAdvance * t.px <= w - 3.0f + 0.01f);
                CHECK(t.abbreviated == (t.text != full));
            }
    }
}

TEST_CASE("the whole value when it fits, at most the font's size", "[value_text]") {
    const float min_px = min_value_px(1), max_px = 16.15f;
    ValueText t = fit_value(32640, DType::Int32, "32640", 400, 100, max_px, min_px);
    CHECK(t.text == "32640");
    CHECK(t.px == Approx(max_px));
    CHECK_FALSE(t.abbreviated);
    // Four characters' room at the minimum: abbreviated.
    t = fit_value(32640, DType::Int32, "32640", 4 * kMonoAdvance * min_px + 3, 20, max_px, min_px);
    CHECK(t.abbreviated);
    CHECK(t.text.size() <= 4);
    CHECK(t.px >= min_px);
    CHECK(min_value_px(1.35f) > min_value_px(1));  // presentation mode reads from further away
}
