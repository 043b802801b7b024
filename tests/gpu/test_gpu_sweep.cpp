// [gpu] The window's live sweep as the Bandwidth lab runs it (the CUDA backend's sweep, which
// the lab's SweepJob calls): progress as a rising fraction that ends at 1, one line per point,
// measurements the lab reads, every result right; and a cancel that stops it early, keeping the
// points measured so far.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>

#include <atomic>
#include <string>
#include <vector>

#include "kernels/baselines.hpp"
#include "kernels/bench/bench.hpp"
#include "kernels/run/backend.hpp"

using namespace ws;

TEST_CASE("a live sweep reports its progress and returns the lab's measurements", "[gpu]") {
    const run::Backend* gpu = run::usable_gpu();
    REQUIRE(gpu);
    REQUIRE(gpu->can_sweep());
    bench::BenchConfig c;
    c.algos = {"reduce-sequential", "reduce-warp-shuffle", "scan-blelloch"};
    c.type = trace::DType::Float32;
    c.sizes = {1000, 3 * 4096 + 7, 1u << 20};
    // Every baseline, less those this GPU cannot run (compact-pipeline below Hopper), each
    // skipped in one line.
    const std::vector<std::string> skipped = bench::skipped_here(c);
    REQUIRE(bench::points_per_size(c) + skipped.size() == 3 + ws::baselines().size());
    for (const std::string& why : skipped) CHECK(why.find('\n') == std::string::npos);
    std::vector<double> fractions;
    std::vector<std::string> lines;
    std::vector<std::size_t> so_far;  // the points handed over with each (the lab plots them)
    const std::atomic<bool> never{false};
    const run::Measurements m = gpu->sweep(
        c,
        [&](double f, const std::string& line, const run::Measurements& points) {
            fractions.push_back(f);
            lines.push_back(line);
            so_far.push_back(points.points.size());
        },
        never);
    for (std::size_t i = 0; i < so_far.size(); ++i) CHECK(so_far[i] == i + 1);
    CHECK(m.error == "");
    CHECK(m.skipped == skipped);
    REQUIRE(fractions.size() == c.sizes.size() * bench::points_per_size(c));
    for (std::size_t i = 1; i < fractions.size(); ++i) CHECK(fractions[i] > fractions[i - 1]);
    CHECK(fractions.back() == Approx(1.0));
    CHECK(lines.front().find("reduce-sequential") != std::string::npos);
    CHECK(m.device == gpu->device());
    REQUIRE(m.points.size() == fractions.size());
    for (const run::MeasuredPoint& p : m.points) {
        INFO(p.algo << " n=" << p.n);
        CHECK(p.ok);
        CHECK(p.gbps > 0);
    }
    // What the lab saves reads back the same.
    run::Measurements reread;
    REQUIRE(run::parse_measurements(run::measurements_json(m), reread) == "");
    CHECK(reread.points.size() == m.points.size());
    CHECK(reread.points.back().gbps == m.points.back().gbps);
}

// bench --rounds: every point of a size timed in turn, rounds times, each keeping its median
// round; the same points, in the same order, as one round gives.
TEST_CASE("a sweep in rounds times every point each round and keeps its median round", "[gpu]") {
    const run::Backend* gpu = run::usable_gpu();
    REQUIRE(gpu);
    bench::BenchConfig c;
    c.algos = {"reduce-sequential"};
    c.type = trace::DType::Int32;
    c.sizes = {3 * 4096 + 7, 1u << 20};
    const std::atomic<bool> never{false};
    const run::Measurements once = gpu->sweep(c, nullptr, never);
    c.rounds = 3;
    const run::Measurements thrice = gpu->sweep(c, nullptr, never);
    CHECK(thrice.error == "");
    CHECK(once.timing.find("rounds") == std::string::npos);
    CHECK(thrice.timing.find("; 3 rounds of every point of a size in turn, each point's median "
                             "round kept") != std::string::npos);
    REQUIRE(thrice.points.size() == once.points.size());
    for (std::size_t i = 0; i < once.points.size(); ++i) {
        const run::MeasuredPoint& p = thrice.points[i];
        INFO(p.algo << " n=" << p.n);
        CHECK(p.algo == once.points[i].algo);
        CHECK(p.n == once.points[i].n);
        CHECK(p.ok);
        CHECK(p.reps >= 30);  // at least 10 runs a round
        CHECK(p.ms_min <= p.ms);
        CHECK(p.ms <= p.ms_max);
    }
}

TEST_CASE("a cancelled sweep stops early and keeps what it measured", "[gpu]") {
    std::atomic<bool> cancel{false};
    bench::BenchConfig c;
    c.algos = {"reduce-sequential"};
    c.sizes = {4096, 8192, 16384, 32768};
    std::size_t calls = 0;
    const run::Measurements m = run::usable_gpu()->sweep(
        c,
        [&](double, const std::string&, const run::Measurements&) {
            if (++calls == 1) cancel = true;  // the user presses Cancel during the first size
        },
        cancel);
    CHECK(m.error == "cancelled");
    CHECK(calls == bench::points_per_size(c));  // the size under way finishes, no more
    CHECK(m.points.size() == calls);
}
#endif
