// The Global memory panel's moves rows (ui/model/pictures/element_moves.hpp) add up to what the
// catalog declares for every device-wide scan (scan-then-fan 4, reduce-then-scan 3, single
// pass 2), at sizes that need one, two and three levels of tile totals.
#include <catch2/catch.hpp>

#include "kernels/catalog.hpp"
#include "ui/model/pictures/element_moves.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("every scan's moves rows add up to the moves its catalog entry declares", "[moves]") {
    int checked = 0;
    for (const VariantInfo& v : catalog()) {
        if (!v.element_passes || !writes_array(v.family)) continue;
        for (std::uint64_t n : {4096ull, 99999ull, 3000001ull}) {
            INFO(v.id << " n=" << n);
            const unsigned block = opening_block(v, 256);
            const ScanPlan plan =
                scan_plan(v, n, block, trace::DType::Int32, trace::ScanKind::Inclusive);
            const ElementMoves m = element_moves(plan);
            CHECK(m.moves == v.element_passes);
            REQUIRE(m.launches.size() == plan.launches.size());
            CHECK(m.launches.front().level == 0);
            for (const LaunchMoves& l : m.launches) CHECK((l.reads || l.writes));
            ++checked;
        }
    }
    CHECK(checked >= 9);  // scan-then-fan, reduce-then-scan and a single pass at least
}

TEST_CASE("scan-then-fan: the tile scan and the fan each read and write every element", "[moves]") {
    const VariantInfo* v = find_variant("scan-then-fan");
    REQUIRE(v);
    const ElementMoves m =
        element_moves(scan_plan(*v, 4096, 64, trace::DType::Int32, trace::ScanKind::Inclusive));
    REQUIRE(m.launches.size() == 3);
    CHECK(m.launches[0].what == "scan each tile");
    CHECK(m.launches[1].level == 1);  // the tile totals
    CHECK(m.launches[2].what == "add each tile's prefix");
    CHECK(m.moves == 4);
}
