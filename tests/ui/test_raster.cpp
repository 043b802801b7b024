// Pictures drawn on the processor: rectangles by pixel centres, blending, anti-aliased lines
// and triangles, hatching, clipping, and the shape list's replay and hash.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

#include "ui/geometry/raster.hpp"
#include "ui/geometry/shape_list.hpp"

using namespace ws::ui;

namespace {
constexpr Rgba kBlack = 0xff000000u, kRed = 0xff0000ffu, kGreen = 0xff00ff00u, kWhite = 0xffffffffu;
std::uint32_t channel(Rgba c, int i) {
    return (c >> (8 * i)) & 0xffu;
}
int count(const Raster& r, Rgba c) {
    int n = 0;
    for (Rgba p : r.pixels()) n += p == c;
    return n;
}
}  // namespace

TEST_CASE("a rectangle covers the pixels whose centres lie inside it", "[raster]") {
    Raster r(100, 50, 20, 10, kBlack);  // screen pixels x 100..119, y 50..59
    r.fill_rect({102, 51, 3, 2}, kRed);
    CHECK(count(r, kRed) == 6);
    CHECK(r.at(102, 51) == kRed);
    CHECK(r.at(104, 52) == kRed);
    CHECK(r.at(105, 52) == kBlack);
    CHECK(r.at(101, 51) == kBlack);
    // Half-pixel edges: a pixel counts when its centre is inside (x 102.6..104.4 -> 103, 104).
    Raster h(0, 0, 10, 1, kBlack);
    h.fill_rect({2.6f, 0, 1.8f, 1}, kRed);
    CHECK(count(h, kRed) == 1);
    CHECK(h.at(3, 0) == kRed);
    // Clipped at the picture's edges, not wrapped.
    Raster c(0, 0, 4, 4, kBlack);
    c.fill_rect({-10, -10, 12, 100}, kGreen);
    CHECK(count(c, kGreen) == 8);
    CHECK(c.at(2, 0) == kBlack);
}

TEST_CASE("translucent colours blend over what is there", "[raster]") {
    CHECK(blend_over(kBlack, kWhite) == kWhite);
    CHECK(blend_over(kRed, 0x00ffffffu) == kRed);
    const Rgba half = blend_over(kBlack, 0x80ffffffu);
    CHECK(channel(half, 0) == 128);
    CHECK(channel(half, 3) == 255);
    // Exact rounding for every alpha and value against the reference formula.
    for (std::uint32_t a = 0; a < 256; a += 5)
        for (std::uint32_t v = 0; v < 256; v += 3) {
            const Rgba out = blend_over(kBlack | 0x20u, (a << 24) | v);
            const double want = (double(v) * a + 0x20 * (255.0 - a)) / 255.0;
            CHECK(std::abs(double(channel(out, 0)) - want) <= 0.5 + 1e-9);
        }
}

TEST_CASE("an outline is a frame inside the rectangle", "[raster]") {
    Raster r(0, 0, 10, 10, kBlack);
    r.outline({1, 1, 6, 5}, kRed, 1);
    CHECK(count(r, kRed) == 2 * 6 + 2 * 3);
    CHECK(r.at(1, 1) == kRed);
    CHECK(r.at(6, 5) == kRed);
    CHECK(r.at(3, 3) == kBlack);
    CHECK(r.at(7, 1) == kBlack);
}

TEST_CASE("a line is anti-aliased, about its width, and blends each pixel once", "[raster]") {
    // Horizontal through pixel centres: one full row, round ends half a pixel past the points.
    Raster h(0, 0, 20, 5, kBlack);
    h.line({2.5f, 2.5f}, {12.5f, 2.5f}, kWhite, 1);
    for (int x = 3; x <= 12; ++x) CHECK(h.at(x, 2) == kWhite);
    CHECK(h.at(7, 1) == kBlack);
    CHECK(h.at(7, 3) == kBlack);
    CHECK(h.at(15, 2) == kBlack);
    // A diagonal: ink along the whole length (no gaps), partial coverage at the sides, and the
    // total ink close to length x width.
    Raster d(0, 0, 40, 40, kBlack);
    d.line({5, 5}, {35, 35}, kWhite, 2);
    double ink = 0;
    for (Rgba p : d.pixels()) ink += channel(p, 0) / 255.0;
    const double length = 30 * std::sqrt(2.0);
    CHECK(ink > length * 2 * 0.85);
    CHECK(ink < length * 2 * 1.25 + 4);
    for (int i = 6; i < 35; ++i) CHECK(channel(d.at(i, i), 0) > 200);
    bool partial = false;
    for (Rgba p : d.pixels()) partial |= channel(p, 0) > 0 && channel(p, 0) < 255;
    CHECK(partial);
    // Translucent: no pixel is darkened twice (every covered pixel at most the colour's alpha).
    Raster t(0, 0, 40, 40, kBlack);
    t.line({3, 30}, {37, 8}, 0x80ffffffu, 3);
    for (Rgba p : t.pixels()) CHECK(channel(p, 0) <= 129);
}

TEST_CASE("a triangle fills its inside, either winding, with soft edges", "[raster]") {
    for (bool flip : {false, true}) {
        Raster r(0, 0, 20, 20, kBlack);
        const Point a{2, 2}, b{18, 2}, c{2, 18};
        if (flip)
            r.fill_triangle(a, c, b, kWhite);
        else
            r.fill_triangle(a, b, c, kWhite);
        CHECK(r.at(4, 4) == kWhite);
        CHECK(r.at(15, 15) == kBlack);
        CHECK(r.at(1, 1) == kBlack);
        double ink = 0;
        for (Rgba p : r.pixels()) ink += channel(p, 0) / 255.0;
        CHECK(ink == Approx(16.0 * 16.0 / 2).margin(4));
    }
    Raster flat(0, 0, 10, 10, kBlack);
    flat.fill_triangle({1, 1}, {5, 5}, {9, 9}, kWhite);  // no area
    CHECK(count(flat, kBlack) == 100);
}

TEST_CASE("hatching draws every spacing-th diagonal, only inside the rectangle", "[raster]") {
    Raster r(0, 0, 20, 20, kBlack);
    r.hatch({4, 4, 10, 6}, kWhite, 5);
    for (int y = 0; y < 20; ++y)
        for (int x = 0; x < 20; ++x) {
            const bool inside = x >= 4 && x < 14 && y >= 4 && y < 10;
            CHECK((r.at(x, y) == kWhite) == (inside && (x + y) % 5 == 0));
        }
}

TEST_CASE("a shape list replays its shapes in order and hashes what it holds", "[raster]") {
    ShapeList a;
    a.rect({0, 0, 10, 10}, kRed);
    a.rect({2, 2, 2, 2}, kGreen);
    a.arrow({{1, 8}, {5, 1}, {9, 8}}, 1.0f, kWhite, 1, 3);
    Raster r(0, 0, 10, 10, kBlack);
    a.paint(r);
    CHECK(r.at(3, 3) == kGreen);  // drawn after the red square: on top
    CHECK(r.at(8, 1) == kRed);
    CHECK(count(r, kWhite) + count(r, kRed) + count(r, kGreen) < 100);  // the arrow blended in

    ShapeList same = a, moved = a, recoloured;
    CHECK(same.hash() == a.hash());
    moved.rect({0, 0, 1, 1}, kRed);
    CHECK(moved.hash() != a.hash());
    recoloured.rect({0, 0, 10, 10}, kGreen);
    recoloured.rect({2, 2, 2, 2}, kGreen);
    recoloured.arrow({{1, 8}, {5, 1}, {9, 8}}, 1.0f, kWhite, 1, 3);
    CHECK(recoloured.hash() != a.hash());
    ShapeList later = a;  // the same arrow further along its transition
    ShapeList b;
    b.rect({0, 0, 10, 10}, kRed);
    b.rect({2, 2, 2, 2}, kGreen);
    b.arrow({{1, 8}, {5, 1}, {9, 8}}, 0.5f, kWhite, 1, 3);
    CHECK(b.hash() != later.hash());
}
