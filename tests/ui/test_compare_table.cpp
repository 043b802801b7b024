// Compare's table: the time and GB/s measured at n, and the counters behind a gap.
#include <catch2/catch.hpp>

#include "tests/ui/emulated_view.hpp"
#include "ui/model/trace/compare_table.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("compare says which is faster on the GPU and the counters that explain it", "[compare]") {
    const auto divergent = testing::emulated_view("reduce-interleaved-divergent", "256", 256);
    const auto sequential = testing::emulated_view("reduce-sequential", "256", 256);
    MeasurementFile f;
    f.device = "GPU X";
    f.date = "2026-11-23T10:00:00Z";
    f.path = "assets/measurements/x.json";
    f.points = {{"reduce-interleaved-divergent", "int", 1 << 20, 2.0, 100.0},
                {"reduce-sequential", "int", 1 << 20, 0.5, 400.0}};
    const std::vector<CompareRow> rows = compare_rows(*divergent, *sequential, &f, 1 << 20);
    REQUIRE(rows.size() >= 7);
    CHECK(rows[0].what == "time at n = 2^20 (GPU X, 2026-11-23)");  // its source on the row
    CHECK(rows[0].left == "2 ms");
    CHECK(rows[0].right == "0.5 ms");
    CHECK(rows[0].ratio == "0.25x");
    CHECK(rows[0].why.find("GPU X, 2026-11-23 (x.json)") != std::string::npos);
    CHECK(rows[1].ratio == "4.00x");
    auto row = [&](const std::string& what) {
        for (const CompareRow& r : rows)
            if (r.what == what) return r;
        FAIL("no row " << what);
        return CompareRow{};
    };
    // Sequential addressing removes the divergence of the interleaved kernel.
    const CompareRow d = row("divergent warp-steps");
    CHECK(std::stoul(d.left) > std::stoul(d.right));
    CHECK(std::stoul(d.left) == divergent->block_totals.divergent_warps);
    CHECK(row("bank conflicts").left == "0");
    CHECK(row("kernel launches (passes)").left == "1");
    CHECK(row("kernel launches (passes)").same);
    CHECK_FALSE(d.same);
    // Without measurements only the counters; a size not measured says so.
    CHECK(compare_rows(*divergent, *sequential, nullptr, 0).front().what ==
          "kernel launches (passes)");
    CHECK(compare_rows(*divergent, *sequential, &f, 1 << 10)[0].left == "not measured");
    CHECK(size_name(1u << 28) == "2^28");
    CHECK(size_name(1000) == "1000");
    CHECK(measured_sizes(&f) == std::vector<std::uint64_t>{1 << 20});
}
