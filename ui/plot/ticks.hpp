// Axis ticks as pure functions: "nice" linear steps (1, 2, 5 times a power of ten, after
// Heckbert's Graphics Gems labelling) and powers of two for a log2 axis. Tested in
// tests/ui/test_ticks.cpp.
#pragma once
#include <string>
#include <vector>

namespace ws::ui::plot {

struct Tick {
    double value = 0;
    std::string label;
};

// The nice number (1, 2, 5 or 10 times a power of ten) nearest x (round) or not below x.
double nice_number(double x, bool round);
// Ticks covering [lo, hi] with at most about `max_ticks`, at multiples of a nice step.
std::vector<Tick> nice_ticks(double lo, double hi, int max_ticks);
// Powers of two in [lo, hi] (lo, hi > 0), every k-th exponent so that at most `max_ticks`
// remain; labelled "2^10", or "1K"/"1M"/"1G" when `si` is true.
std::vector<Tick> log2_ticks(double lo, double hi, int max_ticks, bool si = false);
// "0.25", "1", "1500", "2e+06": as many decimals as `step` needs.
std::string format_tick(double value, double step);

}  // namespace ws::ui::plot
