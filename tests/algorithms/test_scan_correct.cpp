// Every scan, on the emulator, against the CPU reference element by element: sizes that are not
// powers of two, every block size, every type, both kinds, random data.
#include <catch2/catch.hpp>

#include "kernels/catalog.hpp"
#include "kernels/launch_plan.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/scan_plan.hpp"
#include "tests/algorithms/result_run.hpp"

using namespace ws;

namespace {
trace::Trace scan(const std::string& algo, std::uint64_t n, unsigned block, trace::DType type,
                  trace::ScanKind kind, std::uint64_t seed = 3) {
    return testing::run_for_result({algo, n, block, type, "random", seed, kind});
}
const trace::ScanKind kKinds[] = {trace::ScanKind::Inclusive, trace::ScanKind::Exclusive};
}  // namespace

TEST_CASE("every scan is right on awkward sizes, every block size, type and kind", "[slow]") {
    const std::uint64_t sizes[] = {1, 2, 31, 33, 1000, 4099, 30011};
    unsigned runs = 0;
    for (const auto& v : catalog()) {
        if (v.family != Family::Scan) continue;
        const std::vector<unsigned> blocks =
            accepts_block(v.block_rule, 256) ? std::vector<unsigned>{32, 64, 128, 256, 512, 1024}
                                             : block_presets(v.block_rule);
        for (unsigned block : blocks) {
            for (trace::DType type : trace::kAllDTypes) {
                for (trace::ScanKind kind : kKinds) {
                    if (v.scan_op == ScanOp::CompactPositive && kind == trace::ScanKind::Exclusive)
                        continue;  // a compaction has no kind (refused: test_compact.cpp)
                    for (std::uint64_t n : sizes) {
                        const trace::Trace t = scan(v.id, n, block, type, kind, n + block);
                        INFO(v.id << " block=" << block << " " << trace::dtype_name(type) << " "
                                  << trace::scan_kind_name(kind) << " n=" << n << ": " << t.error);
                        CHECK(t.ok);
                        CHECK(t.passes == passes_for(v, n, block));
                        CHECK(t.grid == grid_for(v, n, block, type));
                        ++runs;
                    }
                }
            }
        }
    }
    // 17 prefix sums of both kinds and 2 compactions at six blocks; scan-pipeline at its one
    CHECK(runs == (17 * 2 + 2) * 6 * 3 * 7 + 2 * 3 * 7);
}

TEST_CASE("a scan over a million ints takes several levels and is exact") {
    // Tiles of 32: 2^20 + 7 -> 32769 totals -> 1025 -> 33 -> 2 -> 1: five tile scans, four fans.
    const std::uint64_t n = (1u << 20) + 7;
    const trace::Trace t =
        scan("scan-warp-shuffle", n, 32, trace::DType::Int32, trace::ScanKind::Inclusive);
    CHECK(t.ok);
    CHECK(t.passes == 9);
    const auto data = run::make_input<int>("random", n, 3);
    long long sum = 0;
    for (int x : data) sum += x;
    CHECK(t.result.as_double() == double(sum));
    CHECK(t.expected.as_double() == double(sum));
    const trace::Trace e =
        scan("scan-warp-shuffle", n, 32, trace::DType::Int32, trace::ScanKind::Exclusive);
    CHECK(e.ok);
    CHECK(e.result.as_double() == double(sum - data.back()));
}

TEST_CASE("inclusive and exclusive give different outputs, the exclusive one starting at 0") {
    const trace::Trace inc =
        scan("scan-blelloch", 5, 32, trace::DType::Float32, trace::ScanKind::Inclusive);
    const trace::Trace exc =
        scan("scan-blelloch", 5, 32, trace::DType::Float32, trace::ScanKind::Exclusive);
    CHECK(inc.ok);
    CHECK(exc.ok);
    CHECK(inc.output_digest != exc.output_digest);
    CHECK(inc.output_digest != 0);
    const trace::Trace one =
        scan("scan-sklansky", 1, 64, trace::DType::Float64, trace::ScanKind::Exclusive);
    CHECK(one.ok);
    CHECK(one.result.as_double() == 0.0);
}

TEST_CASE("the scan reference check names the first wrong element") {
    const std::vector<int> x = {1, 2, 3, 4};
    std::vector<int> y = {1, 3, 6, 10};
    CHECK(run::check_scan(x, y.data(), trace::ScanKind::Inclusive).ok);
    CHECK(run::check_scan(x, y.data(), trace::ScanKind::Inclusive).expected_last == 10);
    y[2] = 7;
    const auto bad = run::check_scan(x, y.data(), trace::ScanKind::Inclusive);
    CHECK_FALSE(bad.ok);
    CHECK(bad.why.find("element 2") == 0);
    const std::vector<int> ex = {0, 1, 3, 6};
    CHECK(run::check_scan(x, ex.data(), trace::ScanKind::Exclusive).ok);
    CHECK(run::check_scan(x, ex.data(), trace::ScanKind::Exclusive).expected_last == 6);

    const std::vector<float> f = run::make_input<float>("random", 5000, 4);
    std::vector<float> g(f.size());
    double acc = 0;
    for (std::size_t i = 0; i < f.size(); ++i) g[i] = float(acc += f[i]);
    CHECK(run::check_scan(f, g.data(), trace::ScanKind::Inclusive).ok);  // rounding is fine
    g[4000] += 0.01f;
    const auto off = run::check_scan(f, g.data(), trace::ScanKind::Inclusive);
    CHECK_FALSE(off.ok);
    CHECK(off.why.find("element 4000") == 0);
    CHECK(off.why.find("bound") != std::string::npos);
    // exact 0 is required at element 0 of an exclusive scan (its prefix is empty)
    std::vector<float> z(f.size(), 0.0f);
    z[0] = 1e-30f;
    CHECK(run::check_scan(f, z.data(), trace::ScanKind::Exclusive).why.find("element 0") == 0);
}

TEST_CASE("the plans launch what their drivers say and declare the bytes they move") {
    const std::uint64_t n = std::uint64_t(1) << 24;
    for (const auto& v : catalog()) {
        if (v.family != Family::Scan) continue;
        const unsigned block = usable_block(v.block_rule, 256);
        const ScanPlan p = scan_plan(v, n, block, trace::DType::Int32, trace::ScanKind::Inclusive);
        INFO(v.id);
        CHECK(p.tile == (v.tile_bytes ? v.tile_bytes / 4 : v.elems_per_thread * block));
        CHECK(p.launches.at(p.traced).traced);
        CHECK(p.launches.at(p.traced).level == 0);
        CHECK(p.launches.at(p.traced).grid == grid_for(v, n, block, trace::DType::Int32));
        CHECK(p.launches.size() == passes_for(v, n, block));
        // the declared element passes; the tile totals add a little (tiles of 256 or more)
        const double per_element = double(p.bytes) / double(n * 4);
        CHECK(per_element >= v.element_passes);
        CHECK(per_element < v.element_passes + 0.05);
        for (const ScanLaunch& l : p.launches) CHECK(l.bytes > 0);
    }
    const VariantInfo& lookback = *find_variant("scan-decoupled-lookback");
    CHECK(scan_plan(lookback, n, 256, trace::DType::Int32, trace::ScanKind::Inclusive)
              .launches.size() == 1);
    const VariantInfo& rts = *find_variant("scan-reduce-then-scan");
    const ScanPlan p = scan_plan(rts, n, 256, trace::DType::Int32, trace::ScanKind::Exclusive);
    // 2^24 / 2048 = 8192 tiles -> 4 -> 1: reduce, reduce, seeded (level 2), seeded (level 1),
    // seeded (level 0, traced)
    REQUIRE(p.launches.size() == 5);
    CHECK(p.launches[0].step == ScanStep::TileReduce);
    CHECK(p.launches[1].step == ScanStep::TileReduce);
    CHECK(p.launches[4].step == ScanStep::SeededScan);
    CHECK(p.launches[4].level == 0);
    CHECK(p.traced == 4);
    CHECK(p.launches[4].kind == trace::ScanKind::Exclusive);  // the request's kind ...
    CHECK(p.launches[3].kind == trace::ScanKind::Exclusive);  // the totals: always exclusive
    const ScanPlan q = scan_plan(rts, n, 256, trace::DType::Int32, trace::ScanKind::Inclusive);
    CHECK(q.launches[4].kind == trace::ScanKind::Inclusive);
    CHECK(q.launches[3].kind == trace::ScanKind::Exclusive);
}

TEST_CASE("reductions refuse --kind exclusive, scans refuse n = 0") {
    trace::Request r;
    r.algo = "reduce-sequential";
    r.n = 100;
    r.block = 64;
    r.kind = trace::ScanKind::Exclusive;
    const trace::Trace t = run::run_on_emulator(r);
    CHECK_FALSE(t.ok);
    CHECK(t.error.find("--kind exclusive") == 0);
    CHECK(scan("scan-blelloch", 0, 64, trace::DType::Int32, trace::ScanKind::Inclusive)
              .error.find("nothing to scan") != std::string::npos);
    CHECK(scan("scan-blelloch", 100, 96, trace::DType::Int32, trace::ScanKind::Inclusive)
              .error.find("--block 96") == 0);
}
