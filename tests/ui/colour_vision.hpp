// Colour science for the palette tests: sRGB to CIELAB (D65), colour-vision-deficiency
// simulation (Machado, Oliveira and Fernandes, "A Physiologically-based Model for Simulation of
// Color Vision Deficiency", IEEE TVCG 2009, severity 1.0, applied to linear RGB) and the
// CIEDE2000 colour difference (Sharma, Wu and Dalal, 2005).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace ws::ui::testing {

enum class Vision { Normal, Deuteranopia, Protanopia };

struct Lab {
    double l, a, b;
};

inline double to_linear(double c) {
    c /= 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

inline Lab to_lab(std::uint32_t rgb, Vision v) {
    double r = to_linear((rgb >> 16) & 255), g = to_linear((rgb >> 8) & 255),
           b = to_linear(rgb & 255);
    static const double kDeut[3][3] = {{0.367322, 0.860646, -0.227968},
                                       {0.280085, 0.672501, 0.047413},
                                       {-0.011820, 0.042940, 0.968881}};
    static const double kProt[3][3] = {{0.152286, 1.052583, -0.204868},
                                       {0.114503, 0.786281, 0.099216},
                                       {-0.003882, -0.048116, 1.051998}};
    if (v != Vision::Normal) {
        const auto& m = v == Vision::Deuteranopia ? kDeut : kProt;
        const double x[3] = {r, g, b};
        double y[3];
        for (int i = 0; i < 3; ++i)
            y[i] = std::clamp(m[i][0] * x[0] + m[i][1] * x[1] + m[i][2] * x[2], 0.0, 1.0);
        r = y[0], g = y[1], b = y[2];
    }
    const double X = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
    const double Y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    const double Z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b;
    auto f = [](double t) {
        return t > 216.0 / 24389.0 ? std::cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
    };
    const double fx = f(X / 0.95047), fy = f(Y / 1.0), fz = f(Z / 1.08883);
    return {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
}

inline double ciede2000(const Lab& x, const Lab& y) {
    const double pi = 3.14159265358979323846;
    auto deg = [&](double r) { return r * 180.0 / pi; };
    auto rad = [&](double d) { return d * pi / 180.0; };
    const double c1 = std::hypot(x.a, x.b), c2 = std::hypot(y.a, y.b), cb = (c1 + c2) / 2;
    const double g = 0.5 * (1 - std::sqrt(std::pow(cb, 7) / (std::pow(cb, 7) + std::pow(25.0, 7))));
    const double a1 = (1 + g) * x.a, a2 = (1 + g) * y.a;
    const double c1p = std::hypot(a1, x.b), c2p = std::hypot(a2, y.b);
    auto hue = [&](double b, double a) {
        const double h = deg(std::atan2(b, a));
        return h < 0 ? h + 360 : h;
    };
    const double h1 = hue(x.b, a1), h2 = hue(y.b, a2);
    const double dl = y.l - x.l, dc = c2p - c1p;
    double dh = 0;
    if (c1p * c2p != 0) {
        dh = h2 - h1;
        if (dh > 180) dh -= 360;
        if (dh < -180) dh += 360;
    }
    const double dH = 2 * std::sqrt(c1p * c2p) * std::sin(rad(dh / 2));
    const double lb = (x.l + y.l) / 2, cbp = (c1p + c2p) / 2;
    double hb = h1 + h2;
    if (c1p * c2p != 0) {
        hb = (h1 + h2) / 2;
        if (std::fabs(h1 - h2) > 180) hb += (h1 + h2) < 360 ? 180 : -180;
    }
    const double t = 1 - 0.17 * std::cos(rad(hb - 30)) + 0.24 * std::cos(rad(2 * hb)) +
                     0.32 * std::cos(rad(3 * hb + 6)) - 0.20 * std::cos(rad(4 * hb - 63));
    const double dth = 30 * std::exp(-std::pow((hb - 275) / 25, 2));
    const double rc = 2 * std::sqrt(std::pow(cbp, 7) / (std::pow(cbp, 7) + std::pow(25.0, 7)));
    const double sl = 1 + 0.015 * std::pow(lb - 50, 2) / std::sqrt(20 + std::pow(lb - 50, 2));
    const double sc = 1 + 0.045 * cbp, sh = 1 + 0.015 * cbp * t;
    const double rt = -std::sin(rad(2 * dth)) * rc;
    return std::sqrt(std::pow(dl / sl, 2) + std::pow(dc / sc, 2) + std::pow(dH / sh, 2) +
                     rt * (dc / sc) * (dH / sh));
}

inline double difference(std::uint32_t x, std::uint32_t y, Vision v) {
    return ciede2000(to_lab(x, v), to_lab(y, v));
}

}  // namespace ws::ui::testing
