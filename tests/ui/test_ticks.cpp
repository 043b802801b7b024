// Nice-number ticks for linear axes and powers of two for log2 axes.
#include <catch2/catch.hpp>

#include "ui/plot/ticks.hpp"

using namespace ws::ui::plot;

TEST_CASE("nice numbers", "[ticks]") {
    CHECK(nice_number(0.7, true) == Approx(0.5));
    CHECK(nice_number(1.2, true) == Approx(1));
    CHECK(nice_number(2.4, true) == Approx(2));
    CHECK(nice_number(3.9, true) == Approx(5));
    CHECK(nice_number(8, true) == Approx(10));
    CHECK(nice_number(3350, false) == Approx(5000));
    CHECK(nice_number(1000, false) == Approx(1000));
    CHECK(nice_number(0, true) == 1);
}

TEST_CASE("linear ticks cover the range at nice steps", "[ticks]") {
    auto t = nice_ticks(0, 3350, 6);
    REQUIRE(t.size() == 4);
    CHECK(t[0].value == 0);
    CHECK(t[1].value == 1000);
    CHECK(t[3].value == 3000);
    CHECK(t[3].label == "3000");
    auto f = nice_ticks(0.13, 0.91, 5);
    REQUIRE(!f.empty());
    CHECK(f.front().value >= 0.13);
    CHECK(f.back().value <= 0.91);
    CHECK(f.front().label == "0.2");
    auto neg = nice_ticks(-7, 7, 8);
    CHECK(std::any_of(neg.begin(), neg.end(), [](const Tick& k) { return k.label == "0"; }));
    CHECK(nice_ticks(5, 5, 4).size() >= 1);  // a flat range still gets a tick
}

TEST_CASE("log2 ticks are powers of two, thinned evenly", "[ticks]") {
    auto t = log2_ticks(1024, 268435456, 20);
    REQUIRE(t.size() == 19);
    CHECK(t.front().value == 1024);
    CHECK(t.front().label == "2^10");
    CHECK(t.back().label == "2^28");
    auto thin = log2_ticks(1024, 268435456, 6);
    CHECK(thin.size() <= 6);
    for (const Tick& k : thin) CHECK(int(std::log2(k.value)) % 4 == 0);
    auto si = log2_ticks(1024, 1 << 21, 12, true);
    CHECK(si.front().label == "1K");
    CHECK(si.back().label == "2M");
    CHECK(log2_ticks(0, 100, 5).empty());
    CHECK(log2_ticks(3, 3.5, 5).empty());  // no power of two inside
}

TEST_CASE("tick labels use the decimals the step needs", "[ticks]") {
    CHECK(format_tick(0.25, 0.05) == "0.25");
    CHECK(format_tick(1500, 500) == "1500");
    CHECK(format_tick(1e-12, 0.5) == "0.0");
}
