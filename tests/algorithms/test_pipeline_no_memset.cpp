// scan-pipeline with no memset between launches (kernels/cuda/pipeline_scan.cu): two status
// areas taken in turn, each launch zeroing the one it does not use (TileStatus::next, cleared by
// each block's producer warp when no tile is left). On the emulator, from the source the GPU
// runs: the area the next launch will use comes back all zeros whatever it held, with any grid
// and any order of blocks, and launches taking the areas in turn scan and compact like the CPU.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/algorithms/scan/20_pipeline.cuh"
#include "kernels/sim/sim_probe.hpp"
#include "tests/algorithms/small_integers.hpp"

using namespace ws;
namespace pl = ws::scan::pipeline;

namespace {

// Two areas of `area_words` words each (more than the tiles need, so that the clearing loop
// strides over the grid several times); the tile counter after the tiles' words.
struct Areas {
    std::uint64_t tiles = 0, per_tile = 0, area_words = 0;
    std::vector<unsigned long long> words;
    Areas(std::uint64_t tiles_, unsigned per_tile_, std::uint64_t area_words_)
        : tiles(tiles_), per_tile(per_tile_), area_words(area_words_), words(2 * area_words_, 0) {}
    unsigned long long* area(unsigned a) { return words.data() + a * area_words; }
    bool all_zero(unsigned a) {
        return std::all_of(area(a), area(a) + area_words, [](auto w) { return w == 0; });
    }
};

// One launch on area `a`, zeroing the other; "" or the kernel's error.
template <class T, bool kCompact>
std::string launch(const std::vector<T>& in, std::vector<T>& out, Areas& areas, unsigned a,
                   unsigned grid, const std::string& schedule) {
    using S = pl::Shape<unsigned(sizeof(T))>;
    using Value = pl::TileValue<T, kCompact>;
    scan::TileStatus<Value> status{
        reinterpret_cast<unsigned*>(areas.area(a) + areas.tiles * areas.per_tile), nullptr, nullptr,
        nullptr, areas.area(a)};
    status.next = areas.area(1 - a);
    status.next_words = areas.area_words;
    sim::LaunchConfig c;
    c.grid = {grid, 1, 1};
    c.block = {S::kThreads, 1, 1};
    c.dynamic_smem_bytes = S::kSharedBytes;
    const auto parsed = sim::Schedule::parse(schedule);
    REQUIRE(parsed);
    c.schedule = *parsed;
    const auto e = sim::launch(c, [&] {
        pl::scan_pipeline<T, sim::SimProbe, kCompact>(in.data(), out.data(), status,
                                                      unsigned(in.size()),
                                                      trace::ScanKind::Inclusive, sim::SimProbe());
    });
    return e ? e->message : "";
}

template <class T>
void check_scans_in_turn(std::uint64_t n, unsigned grid, const std::string& schedule) {
    const std::uint64_t tiles = pl::tiles_of<sizeof(T)>(n);
    Areas areas(tiles, pl::status_words_per_tile(sizeof(T)), 700);
    std::fill(areas.words.begin() + 700, areas.words.end(), 0xdeadbeefcafef00dull);
    for (unsigned launch_no = 0; launch_no < 3; ++launch_no) {
        const unsigned a = launch_no % 2;
        const std::vector<T> in = ws::test::small_integers<T>(n, n + launch_no);
        std::vector<T> out(n, T(-7)), want(n);
        T running = T(0);
        for (std::uint64_t i = 0; i < n; ++i) want[i] = running += in[i];
        INFO(sizeof(T) << "-byte, n = " << n << ", grid " << grid << ", " << schedule << ", launch "
                       << launch_no << " on area " << a);
        REQUIRE(areas.all_zero(a));  // the launch before (or the allocation) zeroed it
        const std::string error = launch<T, false>(in, out, areas, a, grid, schedule);
        REQUIRE(error.empty());
        CHECK(out == want);
        CHECK(areas.all_zero(1 - a));    // the next launch's area, whatever it held
        CHECK_FALSE(areas.all_zero(a));  // this launch's statuses are left as they were
    }
}

}  // namespace

TEST_CASE("the pipeline zeroes the next launch's status area so that no memset comes between") {
    for (unsigned grid : {1u, 3u, 6u}) {
        check_scans_in_turn<int>(3 * 4096 + 5, grid, "lockstep");
        check_scans_in_turn<double>(2 * 2048 + 1, grid, "lockstep");
    }
    check_scans_in_turn<float>(7 * 4096, 6, "random:4,resident=3,copies=random:2");
    check_scans_in_turn<int>(9, 2, "lockstep,blocks=random:5");  // one tile: a block draws none
}

TEST_CASE("the pipeline's compaction keeps std::copy_if's elements launch after launch") {
    const std::uint64_t n = 2 * 4096 + 17;
    Areas areas(pl::tiles_of<4>(n), 1, 300);
    for (unsigned launch_no = 0; launch_no < 3; ++launch_no) {
        const unsigned a = launch_no % 2;
        const std::vector<float> in = ws::test::small_integers<float>(n, 11 + launch_no);
        std::vector<float> out(n, -1.0f), want;
        std::copy_if(in.begin(), in.end(), std::back_inserter(want), [](float v) { return v > 0; });
        INFO("launch " << launch_no);
        REQUIRE(areas.all_zero(a));
        REQUIRE(launch<float, true>(in, out, areas, a, 4, "lockstep").empty());
        const unsigned long long last = areas.area(a)[areas.tiles - 1];
        REQUIRE(unsigned(last) == scan::kInclusiveReady);
        out.resize(std::size_t(last >> 32));
        CHECK(out == want);
        CHECK(areas.all_zero(1 - a));
    }
}
