// The look-back's tile protocol as the trace shows it.
#include <catch2/catch.hpp>

#include "kernels/run/emulator_backend.hpp"
#include "ui/model/trace/trace_view.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("the shown block's tile goes from nothing to its aggregate to its prefix", "[tiles]") {
    trace::Request r;
    r.algo = "scan-decoupled-lookback";
    r.n = 5000;  // 10 tiles of 512 at block 64
    r.block = 64;
    r.pattern = "random";
    r.blocks = {3};
    auto t = std::make_shared<trace::Trace>(run::run_on_emulator(r));
    REQUIRE(t->ok);
    const auto v = make_trace_view(t);
    const TileStrip& s = v->tiles;
    REQUIRE(s.shown);
    CHECK(s.tile == 3);  // on the emulator block b draws tile b
    CHECK(s.tiles == t->grid);
    CHECK(s.emulated);
    REQUIRE(s.after.size() == v->steps.size());
    CHECK(s.after.front() == TileState::None);
    CHECK(s.after.back() == TileState::Prefix);
    // Exactly one step publishes, saying both what and where.
    std::size_t publishing = 0;
    for (std::size_t i = 0; i < s.changes.size(); ++i)
        if (!s.changes[i].empty()) {
            ++publishing;
            CHECK(s.changes[i].rfind("published its aggregate (line", 0) == 0);
            CHECK(s.changes[i].find("), then its inclusive prefix (line") != std::string::npos);
            CHECK(s.after[i] == TileState::Prefix);
        }
    CHECK(publishing == 1);
    // Blocks run in order on the emulator: earlier tiles are done, later ones not started.
    CHECK(s.state(0, 0) == TileState::Prefix);
    CHECK(s.state(9, 0) == TileState::None);
    // A GPU trace says nothing of the other tiles.
    auto gpu = std::make_shared<trace::Trace>(*t);
    gpu->backend = "cuda";
    const auto g = make_trace_view(gpu);
    CHECK(g->tiles.state(0, 0) == TileState::Unknown);
    CHECK(g->tiles.state(3, g->steps.size() - 1) == TileState::Prefix);
}

TEST_CASE("the vector look-back's packed status word reads as the same protocol", "[tiles]") {
    trace::Request r;
    r.algo = "scan-decoupled-lookback-vector";
    r.n = 10000;  // 5 tiles of 2048 at block 64
    r.block = 64;
    r.type = trace::DType::Float32;  // the value's bits ride in the word's high half
    r.pattern = "random";
    for (std::uint32_t block : {3u, 0u}) {
        r.blocks = {block};
        auto t = std::make_shared<trace::Trace>(run::run_on_emulator(r));
        REQUIRE(t->ok);
        const auto v = make_trace_view(t);
        const TileStrip& s = v->tiles;
        REQUIRE(s.shown);
        CHECK(s.tile == block);
        CHECK(s.after.front() == TileState::None);
        CHECK(s.after.back() == TileState::Prefix);
        std::string said;
        for (const std::string& c : s.changes) said += c;
        // The first tile has no predecessor: it publishes its inclusive prefix at once.
        if (block > 0)
            CHECK(said.rfind("published its aggregate (line", 0) == 0);
        else
            CHECK(said.rfind("published its inclusive prefix (line", 0) == 0);
        CHECK(said.find("inclusive prefix (line") != std::string::npos);
    }
}

TEST_CASE("only the look-back draws tiles", "[tiles]") {
    trace::Request r;
    r.algo = "scan-reduce-then-scan";
    r.n = 5000;
    r.block = 64;
    const auto v = make_trace_view(std::make_shared<trace::Trace>(run::run_on_emulator(r)));
    CHECK_FALSE(v->tiles.shown);
}
