// Stream compaction (compact-scan, compact-ballot) and the two-level reduce-then-scan on the
// emulator: element by element against std::copy_if and the CPU prefix sum, on awkward sizes,
// every keep ratio the control offers at its ends, several types; the keep:P pattern; the plans.
#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

#include "kernels/algorithms/scan/all.cuh"
#include "kernels/catalog.hpp"
#include "kernels/launch_plan.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/verify_cases.hpp"
#include "kernels/scan_plan.hpp"
#include "tests/algorithms/result_run.hpp"

using namespace ws;

namespace {
const char* const kCompactions[] = {"compact-scan", "compact-ballot"};

trace::Trace compact(const std::string& algo, std::uint64_t n, unsigned block, trace::DType type,
                     const std::string& pattern, std::uint64_t seed = 5) {
    return testing::run_for_result({algo, n, block, type, pattern, seed});
}

std::uint64_t positives(const std::string& pattern, std::uint64_t n, std::uint64_t seed) {
    const std::vector<int> x = run::make_input<int>(pattern, n, seed);
    return std::uint64_t(std::count_if(x.begin(), x.end(), [](int v) { return v > 0; }));
}
}  // namespace

TEST_CASE("keep:P makes P% of the elements positive, at random places, the same for a seed") {
    CHECK(run::keep_percent("keep:0") == 0);
    CHECK(run::keep_percent("keep:37") == 37);
    CHECK(run::keep_percent("keep:100") == 100);
    CHECK(run::keep_percent("keep:101") == -1);
    CHECK(run::keep_percent("keep:") == -1);
    CHECK(run::keep_percent("keep:5x") == -1);
    CHECK(run::keep_percent("random") == -1);
    CHECK(run::is_pattern("keep:25"));
    CHECK_FALSE(run::is_pattern("keep:-1"));
    CHECK(run::keep_pattern(25) == "keep:25");

    const std::uint64_t n = 100000;
    CHECK(positives("keep:0", n, 1) == 0);
    CHECK(positives("keep:100", n, 1) == n);
    for (int p : {3, 25, 50, 90}) {
        const double share = double(positives(run::keep_pattern(p), n, 1)) / double(n);
        INFO("keep:" << p << " gave " << share);
        CHECK(std::abs(share - p / 100.0) < 0.01);
    }
    for (trace::DType type : trace::kAllDTypes) {
        trace::visit_dtype(type, [&](auto zero) {
            using T = decltype(zero);
            const auto a = run::make_input<T>("keep:30", 5000, 9);
            CHECK(a == run::make_input<T>("keep:30", 5000, 9));
            CHECK(a != run::make_input<T>("keep:30", 5000, 10));
            for (T v : a) CHECK((v >= T(-100) && v <= T(100)));
            // kept and dropped values are spread, not one constant
            CHECK(std::set<T>(a.begin(), a.end()).size() > 50);
        });
    }
}

TEST_CASE("the compaction check catches a wrong count, a wrong element and a swapped pair") {
    const std::vector<float> x = run::make_input<float>("keep:40", 3000, 2);
    std::vector<float> out;
    std::copy_if(x.begin(), x.end(), std::back_inserter(out), [](float v) { return v > 0; });
    const std::uint64_t k = out.size();
    out.resize(x.size(), -7.0f);  // past the kept: never read
    CHECK(run::check_compaction(x, out.data(), k).ok);
    CHECK(run::check_compaction(x, out.data(), k).expected_last == float(k));
    CHECK(run::check_compaction(x, out.data(), k + 1).why.find("kept " + std::to_string(k + 1)) ==
          0);
    CHECK_FALSE(run::check_compaction(x, out.data(), k - 1).ok);
    std::vector<float> swapped = out;
    std::swap(swapped[10], swapped[11]);
    CHECK(run::check_compaction(x, swapped.data(), k).why.find("element 10 of the kept") == 0);
    std::vector<float> negative_zero = out;
    negative_zero[k - 1] = -negative_zero[k - 1];
    CHECK_FALSE(run::check_compaction(x, negative_zero.data(), k).ok);
}

TEST_CASE("both compactions keep exactly std::copy_if's elements on awkward sizes and ratios") {
    const std::uint64_t sizes[] = {1, 31, 513, 4099, 40013};
    unsigned runs = 0;
    for (const char* algo : kCompactions) {
        for (unsigned block : {32u, 64u, 256u, 1024u}) {
            for (trace::DType type : trace::kAllDTypes) {
                for (const char* pattern : {"keep:0", "keep:3", "random", "keep:97", "keep:100"}) {
                    for (std::uint64_t n : sizes) {
                        const trace::Trace t = compact(algo, n, block, type, pattern, n + block);
                        INFO(algo << " block=" << block << " " << trace::dtype_name(type) << " "
                                  << pattern << " n=" << n << ": " << t.error);
                        CHECK(t.ok);  // check_compaction: count and every kept element
                        CHECK(t.passes == 1);
                        CHECK(t.result.as_double() == double(t.expected.as_double()));
                        ++runs;
                    }
                }
            }
        }
    }
    CHECK(runs == 2 * 4 * 3 * 5 * 5);
    // keep:0 keeps nothing and keep:100 everything
    CHECK(compact("compact-ballot", 5000, 128, trace::DType::Int32, "keep:0").result.as_double() ==
          0);
    CHECK(compact("compact-scan", 5000, 128, trace::DType::Int32, "keep:100").result.as_double() ==
          5000);
}

TEST_CASE("a compaction has no kind: --kind exclusive is refused with a reason") {
    trace::Request r;
    r.algo = "compact-scan";
    r.n = 100;
    r.block = 64;
    r.kind = trace::ScanKind::Exclusive;
    const trace::Trace t = run::run_on_emulator(r);
    CHECK_FALSE(t.ok);
    CHECK(t.error.find("--kind exclusive: compact-scan is a stream compaction") == 0);
}

TEST_CASE("a compaction's count is read from its last tile's inclusive status word") {
    const unsigned long long words[] = {scan::lookback::pack(scan::kInclusiveReady, 7u),
                                        scan::lookback::pack(scan::kInclusiveReady, 4000000000u)};
    CHECK(scan::compacted_count(words, 2) == 4000000000ull);  // past 2^24 and 2^31: exact
    CHECK(scan::compacted_count(words, 1) == 7);
    CHECK(scan::compacted_count(words, 0) == 0);
    const unsigned long long unfinished[] = {scan::lookback::pack(scan::kAggregateReady, 9u)};
    CHECK(scan::compacted_count(unfinished, 1) == ~0ull);
}

TEST_CASE("the two-level scan: three launches of a fixed grid, spans of several tiles") {
    const VariantInfo& v = *find_variant("scan-reduce-then-scan-2level");
    // Tiles of 8 * 32: 2^20 + 7 elements are 4097 tiles over 1024 blocks: spans of 5 tiles, the
    // last blocks' spans empty (1024 * 5 > 4097).
    const std::uint64_t n = (1u << 20) + 7;
    const ScanPlan p = scan_plan(v, n, 32, trace::DType::Int32, trace::ScanKind::Inclusive);
    REQUIRE(p.launches.size() == 3);
    CHECK(p.launches[0].step == ScanStep::TileReduce);
    CHECK(p.launches[0].grid == 1024);
    CHECK(p.launches[1].step == ScanStep::SeededScan);
    CHECK(p.launches[1].grid == 1);
    CHECK(p.launches[1].count == 1024);
    CHECK(p.launches[1].kind == trace::ScanKind::Exclusive);
    CHECK(p.launches[2].grid == 1024);
    CHECK(p.traced == 2);
    CHECK(grid_for(v, n, 32, trace::DType::Int32) == 1024);
    const scan::TwoLevelSpan last = scan::two_level_span(unsigned(n), 256, 1024, 1023);
    CHECK(last.first == last.end);  // empty
    const scan::TwoLevelSpan edge = scan::two_level_span(unsigned(n), 256, 1024, 819);
    CHECK(edge.first == 819u * 5 * 256);
    CHECK(edge.end == n);  // the partial last tile
    for (trace::DType type : {trace::DType::Int32, trace::DType::Float32}) {
        for (auto kind : {trace::ScanKind::Inclusive, trace::ScanKind::Exclusive}) {
            const trace::Trace t = testing::run_for_result({v.id, n, 32, type, "random", 3, kind});
            INFO(trace::dtype_name(type) << " " << trace::scan_kind_name(kind) << ": " << t.error);
            CHECK(t.ok);  // check_scan: every element
            CHECK(t.passes == 3);
        }
    }
    // One block's worth: a single seeded scan.
    CHECK(
        scan_plan(v, 2048, 256, trace::DType::Int32, trace::ScanKind::Inclusive).launches.size() ==
        1);
}

TEST_CASE("verify runs each compaction at every keep ratio end, and never with a kind") {
    for (const char* algo : kCompactions) {
        for (bool quick : {false, true}) {
            INFO(algo << (quick ? " quick" : " full"));
            std::set<std::string> patterns;
            for (const trace::Request& r : run::verify_cases(*find_variant(algo), quick)) {
                CHECK(r.kind == trace::ScanKind::Inclusive);
                patterns.insert(r.pattern);
            }
            for (const char* p : {"keep:0", "keep:3", "keep:50", "keep:97", "keep:100", "random"})
                CHECK(patterns.count(p) == 1);
        }
    }
    // A prefix sum still runs both kinds.
    bool exclusive = false;
    for (const trace::Request& r : run::verify_cases(*find_variant("scan-blelloch"), true))
        exclusive = exclusive || r.kind == trace::ScanKind::Exclusive;
    CHECK(exclusive);
    // verify's line says what was kept, and from which pattern.
    trace::Request r;
    r.algo = "compact-scan";
    r.n = 1000;
    r.block = 64;
    r.pattern = "keep:100";
    const trace::Trace t = run::run_on_emulator(r);
    REQUIRE(t.ok);
    const std::string line = run::verify_line(r, t);
    CHECK(line.find("ok   compact-scan") == 0);
    CHECK(line.find(" keep n=1000") != std::string::npos);
    CHECK(line.find("kept 1000 (keep:100)") != std::string::npos);
}
