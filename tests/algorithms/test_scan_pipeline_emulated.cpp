// scan-pipeline (20_pipeline.cuh) on the emulator, from the source the GPU runs: the copy
// engine loads whole tiles, the producer's lanes the partial last one; the scan and the
// compaction equal the CPU's at sizes around the tile, for each type and kind, under copy
// policies that land copies at once, late, lazily or out of order, and with blocks that run
// side by side and draw tiles in turn. No shared word is raced on (happens-before through the
// transaction and named barriers, kernels/trace/analysis_hazards_tx.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/algorithms/scan/20_pipeline.cuh"
#include "kernels/sim/sim_probe.hpp"
#include "kernels/trace/analysis.hpp"
#include "tests/algorithms/small_integers.hpp"

using namespace ws;
namespace pl = ws::scan::pipeline;

namespace {

struct Ran {
    std::string error;
    trace::Counters totals;
    unsigned grid = 0;
    std::vector<std::uint32_t> draws;  // tiles drawn, per block
};

// One launch of the pipeline (kCompact: the compaction) on the emulator; `out` is its output.
template <class T, bool kCompact>
Ran launch(const std::vector<T>& in, std::vector<T>& out, trace::ScanKind kind,
           const std::string& schedule, unsigned grid_cap = 6) {
    using S = pl::Shape<unsigned(sizeof(T))>;
    using Value = pl::TileValue<T, kCompact>;
    const std::uint64_t n = in.size();
    const std::uint64_t tiles = std::max<std::uint64_t>(1, pl::tiles_of<sizeof(T)>(n));
    const unsigned words = pl::status_words_per_tile(sizeof(Value));
    std::vector<unsigned long long> status_words(tiles * words + 1, 0);
    const scan::TileStatus<Value> status{
        reinterpret_cast<unsigned*>(status_words.data() + tiles * words), nullptr, nullptr, nullptr,
        status_words.data()};
    sim::LaunchConfig c;
    Ran r;
    r.grid = unsigned(std::min<std::uint64_t>(tiles, grid_cap));
    c.grid = {r.grid, 1, 1};
    c.block = {pl::kThreads, 1, 1};
    c.dynamic_smem_bytes = S::kSharedBytes;
    std::string why;
    const auto parsed = sim::Schedule::parse(schedule, &why);
    INFO(why);
    REQUIRE(parsed);
    c.schedule = *parsed;
    sim::SimRecorder rec({}, true, true);
    const auto e = sim::launch(
        c,
        [&] {
            pl::scan_pipeline<T, sim::SimProbe, kCompact>(in.data(), out.data(), status,
                                                          unsigned(n), kind, sim::SimProbe(&rec));
        },
        &rec);
    if (e) r.error = e->message;
    r.totals = rec.totals();
    for (const trace::BlockTrace& b : rec.blocks()) {
        std::uint32_t drawn = 0;
        for (const trace::Event& ev : b.events)
            drawn += ev.kind == trace::EventKind::Atomic && ev.value < tiles;
        r.draws.push_back(drawn);
    }
    if constexpr (kCompact) {
        const unsigned long long last = status_words[tiles - 1];
        if (n > 0 && unsigned(last) != scan::kInclusiveReady) r.error = "no inclusive count";
        out.resize(n > 0 ? std::size_t(last >> 32) : 0);
    }
    return r;
}

template <class T>
void check_scan(std::uint64_t n, trace::ScanKind kind, const std::string& schedule) {
    const std::vector<T> in = ws::test::small_integers<T>(n, n + 3);
    std::vector<T> out(n, T(-7)), want(n);
    T running = T(0);
    for (std::uint64_t i = 0; i < n; ++i) {
        want[i] = kind == trace::ScanKind::Inclusive ? T(running + in[i]) : running;
        running += in[i];
    }
    const Ran r = launch<T, false>(in, out, kind, schedule);
    INFO("n = " << n << " " << sizeof(T) << "-byte " << trace::scan_kind_name(kind) << " under "
                << schedule << ": " << r.error);
    REQUIRE(r.error.empty());
    CHECK(out == want);
    CHECK(r.totals.hazards == 0);  // the barriers order every stage's reuse
    const std::uint64_t whole = n / pl::Shape<unsigned(sizeof(T))>::kTileElems;
    CHECK(r.totals.bulk_copies == whole);
    CHECK(r.totals.bulk_bytes == whole * pl::kStageBytes);
}

}  // namespace

TEST_CASE("the pipeline scans like the CPU on the emulator, every size around a tile") {
    for (std::uint64_t n : {1ull, 7ull, 4095ull, 4096ull, 4097ull, 20780ull, 3 * 4096ull + 1})
        for (auto kind : {trace::ScanKind::Inclusive, trace::ScanKind::Exclusive}) {
            check_scan<int>(n, kind, "lockstep");
            check_scan<float>(n, kind, "lockstep");
        }
    for (std::uint64_t n : {5ull, 2048ull, 2049ull, 5 * 2048ull + 77})
        check_scan<double>(n, trace::ScanKind::Inclusive, "lockstep");
}

TEST_CASE("the pipeline is right whenever the copy engine lands and whichever block draws") {
    for (const char* schedule :
         {"lockstep,copies=lazy", "lockstep,copies=delay:300", "random:3,copies=random:3",
          "lockstep,resident=3,blocks=random:5", "random:7,resident=2,copies=lazy", "sequential"}) {
        check_scan<int>(9 * 4096 + 5, trace::ScanKind::Inclusive, schedule);
        check_scan<double>(4 * 2048 + 1, trace::ScanKind::Exclusive, schedule);
    }
}

TEST_CASE("persistent blocks draw the tiles between them: one block alone draws them all") {
    const std::vector<int> in = ws::test::small_integers<int>(11 * 4096, 2);
    std::vector<int> out(in.size());
    const Ran alone = launch<int, false>(in, out, trace::ScanKind::Inclusive, "lockstep");
    REQUIRE(alone.error.empty());
    REQUIRE(alone.draws.size() == 6);
    CHECK(alone.draws[0] == 11);  // resident=1: block 0 runs to the end before the others start
    CHECK(std::count(alone.draws.begin(), alone.draws.end(), 0u) == 5);
    const Ran shared =
        launch<int, false>(in, out, trace::ScanKind::Inclusive, "lockstep,resident=6");
    REQUIRE(shared.error.empty());
    std::uint32_t total = 0;
    for (std::uint32_t d : shared.draws) total += d;
    CHECK(total == 11);
    CHECK(*std::max_element(shared.draws.begin(), shared.draws.end()) < 11);
}

TEST_CASE("the pipeline's compaction keeps std::copy_if's elements on the emulator") {
    for (std::uint64_t n : {1ull, 4096ull, 4099ull, 3 * 4096ull + 17}) {
        for (const char* schedule : {"lockstep", "random:2,resident=2,copies=random:9"}) {
            const std::vector<float> in = ws::test::small_integers<float>(n, n);
            std::vector<float> out(n, -1.0f), want;
            std::copy_if(in.begin(), in.end(), std::back_inserter(want),
                         [](float v) { return v > 0; });
            const Ran r = launch<float, true>(in, out, trace::ScanKind::Inclusive, schedule);
            INFO("n = " << n << " under " << schedule << ": " << r.error);
            REQUIRE(r.error.empty());
            CHECK(out == want);
        }
    }
}
