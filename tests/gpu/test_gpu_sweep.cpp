// [gpu] The window's live sweep as the Bandwidth lab runs it (app/gpu_hooks.cpp hands
// bench::sweep_json to ui::Sweeper): progress as a rising fraction that ends at 1, one line per
// point, JSON the lab reads, every result right; and a cancel that stops it early, keeping the
// points measured so far.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>

#include <atomic>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "kernels/baselines.hpp"
#include "kernels/bench/bench.hpp"

using namespace ws;

TEST_CASE("a live sweep reports its progress and returns the lab's measurements", "[gpu]") {
    bench::BenchConfig c;
    c.algos = {"reduce-sequential", "reduce-warp-shuffle", "scan-blelloch"};
    c.type = trace::DType::Float32;
    c.sizes = {1000, 3 * 4096 + 7, 1u << 20};
    REQUIRE(bench::points_per_size(c) == 3 + ws::baselines().size());
    std::vector<double> fractions;
    std::vector<std::string> lines;
    std::string error = "not set";
    const std::string json = bench::sweep_json(
        c,
        [&](double f, const std::string& line) {
            fractions.push_back(f);
            lines.push_back(line);
        },
        &error);
    CHECK(error == "");
    REQUIRE(fractions.size() == c.sizes.size() * bench::points_per_size(c));
    for (std::size_t i = 1; i < fractions.size(); ++i) CHECK(fractions[i] > fractions[i - 1]);
    CHECK(fractions.back() == Approx(1.0));
    CHECK(lines.front().find("reduce-sequential") != std::string::npos);
    const auto j = nlohmann::json::parse(json);
    CHECK(j.at("device").get<std::string>() != "");
    REQUIRE(j.at("points").size() == fractions.size());
    for (const auto& p : j.at("points")) {
        INFO(p.dump());
        CHECK(p.at("ok").get<bool>());
        CHECK(p.at("gbps").get<double>() > 0);
    }
}

TEST_CASE("a cancelled sweep stops early and keeps what it measured", "[gpu]") {
    std::atomic<bool> cancel{false};
    bench::BenchConfig c;
    c.algos = {"reduce-sequential"};
    c.sizes = {4096, 8192, 16384, 32768};
    c.cancel = &cancel;
    std::size_t calls = 0;
    std::string error;
    const std::string json = bench::sweep_json(
        c,
        [&](double, const std::string&) {
            if (++calls == 1) cancel = true;  // the user presses Cancel during the first size
        },
        &error);
    CHECK(error == "cancelled");
    CHECK(calls == bench::points_per_size(c));  // the size under way finishes, no more
    const auto j = nlohmann::json::parse(json);
    CHECK(j.at("points").size() == calls);
}
#endif
