// Tiles named (issue 41): a look-back scan's or a compaction's blocks draw their tiles from a
// counter, so `--blocks` names tiles and the block kept is the one that drew each, whatever order
// the blocks started in; the report says which tile and which block.
#include <catch2/catch.hpp>

#include "kernels/catalog.hpp"
#include "kernels/run/crosscheck.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/run/stats_report.hpp"
#include "kernels/trace/drawn_tile.hpp"

using namespace ws;

namespace {

trace::Request tiles_request(const VariantInfo& v, std::vector<std::uint32_t> tiles,
                             const std::string& schedule) {
    trace::Request r;
    r.algo = v.id;
    r.block = 64;
    r.n = 6ull * v.elems_per_thread * r.block + 5;  // 7 tiles, the last partial
    r.pattern = "random";
    r.seed = 4;
    r.blocks = std::move(tiles);
    r.schedule = schedule;
    return r;
}

}  // namespace

TEST_CASE("a dynamically scheduled kernel's --blocks name tiles, in any block order") {
    unsigned checked = 0;
    for (const VariantInfo& v : catalog()) {
        if (!v.dynamic_tiles || v.persistent) continue;
        INFO(v.id);
        const trace::Trace in_order = run::run_on_emulator(tiles_request(v, {5, 1}, "lockstep"));
        const trace::Trace reversed =
            run::run_on_emulator(tiles_request(v, {5, 1}, "lockstep,blocks=reverse"));
        REQUIRE(in_order.error == "");
        REQUIRE(reversed.error == "");
        REQUIRE(in_order.grid == 7);
        REQUIRE(in_order.blocks.size() == 2);
        REQUIRE(reversed.blocks.size() == 2);
        // In order, block j draws tile j; reversed, the block that starts j-th is 6 - j.
        CHECK(trace::drawn_tile(in_order.blocks[0]) == 1u);
        CHECK(in_order.blocks[0].block == 1);
        CHECK(trace::drawn_tile(in_order.blocks[1]) == 5u);
        CHECK(trace::drawn_tile(reversed.blocks[0]) == 1u);
        CHECK(reversed.blocks[0].block == 5);
        CHECK(trace::drawn_tile(reversed.blocks[1]) == 5u);
        CHECK(reversed.blocks[1].block == 1);
        CHECK(trace::tile_and_block(reversed.blocks[0], true) == "tile 1 (drawn by block 5)");
        // The same tiles, event for event, once named after their tiles.
        CHECK(run::crosscheck_difference(v, reversed, in_order) == "");
        // stats says which tile and which block.
        const std::string table = run::stats_table(reversed);
        CHECK(table.find("tile 1 (drawn by block 5):") != std::string::npos);
        CHECK(run::stats_json(reversed).find("\"traced_tile\": 1") != std::string::npos);
        ++checked;
    }
    CHECK(checked >= 4);
}

TEST_CASE(
    "a kernel that takes its tile from blockIdx names blocks, and a missing tile is refused") {
    const VariantInfo* v = find_variant("scan-lookback-blockidx");
    REQUIRE(v);
    // (in order: started in reverse, its blocks wait for ones that cannot start)
    trace::Request r = tiles_request(*v, {2}, "lockstep");
    const trace::Trace t = run::run_on_emulator(r);
    REQUIRE(t.error == "");
    REQUIRE(t.blocks.size() == 1);
    CHECK(t.blocks[0].block == 2);
    CHECK(run::stats_json(t).find("traced_tile") == std::string::npos);
    const VariantInfo* lookback = find_variant("scan-decoupled-lookback");
    REQUIRE(lookback);
    CHECK(run::check_request(tiles_request(*lookback, {9}, "lockstep"), 1u << 20)
              .find("tile 9 does not exist; the first pass has 7 tiles") != std::string::npos);
}
