// A point timed in rounds keeps its median round (run::median_round, bench --rounds): the middle
// time of the rounds, whatever order they came in; every round's runs counted; the fastest and
// slowest run of any round; wrong if any round was.
#include <catch2/catch.hpp>

#include "kernels/run/measurements.hpp"

using ws::run::MeasuredPoint;

namespace {

MeasuredPoint timed(double ms, double min, double max, unsigned reps, bool ok = true) {
    MeasuredPoint p;
    p.algo = "read-only";
    p.ms = ms;
    p.gbps = 1000 / ms;
    p.ms_min = min;
    p.ms_max = max;
    p.reps = reps;
    p.ok = ok;
    return p;
}

}  // namespace

TEST_CASE("a point timed in rounds keeps its median round", "[bench]") {
    const MeasuredPoint p = ws::run::median_round(
        {timed(0.30, 0.29, 0.40, 500), timed(0.20, 0.18, 0.25, 500), timed(0.25, 0.24, 0.90, 480)});
    CHECK(p.ms == 0.25);
    CHECK(p.gbps == 1000 / 0.25);  // the median round's own, not a mix
    CHECK(p.ms_min == 0.18);
    CHECK(p.ms_max == 0.90);
    CHECK(p.reps == 1480);
    CHECK(p.ok);
    CHECK(p.algo == "read-only");
    // An even count keeps the lower middle; one wrong round makes the point wrong.
    const MeasuredPoint two =
        ws::run::median_round({timed(0.4, 0.4, 0.4, 10, false), timed(0.3, 0.3, 0.3, 10)});
    CHECK(two.ms == 0.3);
    CHECK_FALSE(two.ok);
    CHECK(ws::run::median_round({timed(0.5, 0.5, 0.5, 7)}).reps == 7);
}
