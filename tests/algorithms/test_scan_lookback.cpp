// The single-pass scan on the emulator: blocks run in order, so block b draws tile b and finds
// its predecessor's inclusive prefix at once; a wait that can never end is an error, not a hang.
#include <catch2/catch.hpp>

#include "kernels/catalog.hpp"
#include "kernels/probe/vocabulary.cuh"
#include "kernels/run/crosscheck.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/sim/sim_probe.hpp"
#include "kernels/trace/analysis.hpp"

using namespace ws;

namespace {
trace::Trace lookback(std::uint64_t n, unsigned block, trace::DType type, trace::ScanKind kind,
                      std::vector<std::uint32_t> blocks = {0}) {
    trace::Request r;
    r.algo = "scan-decoupled-lookback";
    r.n = n;
    r.block = block;
    r.type = type;
    r.kind = kind;
    r.pattern = "random";
    r.seed = 5;
    r.blocks = std::move(blocks);
    run::RunOptions o;
    o.count_totals = false;
    return run::run_on_emulator(r, o);
}

template <class Probe>
__global__ void wait_for_nobody(const unsigned* g_flag, Probe probe) {
    const volatile unsigned* flag = g_flag;
    while (*flag == 0) ws::probe::spin_wait(probe);
}
}  // namespace

TEST_CASE("the look-back scans thousands of tiles, each block drawing the next tile") {
    const std::uint64_t n = (1u << 20) + 3;  // tiles of 8 * 32: 4097 tiles
    for (trace::DType type : {trace::DType::Int32, trace::DType::Float32}) {
        for (auto kind : {trace::ScanKind::Inclusive, trace::ScanKind::Exclusive}) {
            const trace::Trace t = lookback(n, 32, type, kind, {0, 1, 4096});
            INFO(trace::dtype_name(type) << " " << trace::scan_kind_name(kind) << ": " << t.error);
            REQUIRE(t.ok);
            CHECK(t.grid == 4097);
            CHECK(t.passes == 1);
            REQUIRE(t.blocks.size() == 3);
            for (const trace::BlockTrace& b : t.blocks) {
                unsigned draws = 0, flags = 0;
                std::vector<std::uint64_t> flag_values;
                for (const trace::Event& e : b.events) {
                    if (e.kind == trace::EventKind::Atomic) {
                        ++draws;
                        CHECK(e.value == b.block);  // blocks run in order here
                        CHECK(e.thread == 0);
                    }
                    if (e.kind == trace::EventKind::GlobalWrite && e.buffer == 5) {
                        ++flags;
                        flag_values.push_back(e.value);
                        CHECK(e.address == b.block * 4ull);
                    }
                }
                CHECK(draws == 1);
                // every tile publishes its aggregate, then (after looking back) its prefix
                CHECK(flag_values == std::vector<std::uint64_t>{1, 2});
                CHECK(trace::find_hazards(b).empty());
            }
        }
    }
}

TEST_CASE("the look-back on the emulator is unchanged by renaming blocks after their tiles") {
    const trace::Trace t = lookback(3 * 8 * 64 + 17, 64, trace::DType::Int32,
                                    trace::ScanKind::Inclusive, {0, 1, 2, 3});
    REQUIRE(t.ok);
    trace::Trace renamed = t;
    run::normalize_dynamic_tiles(*find_variant("scan-decoupled-lookback"), renamed);
    CHECK(trace::first_difference(t, renamed) == "");

    // A GPU may hand the tiles out in another order: the blocks are renamed and sorted.
    trace::Trace shuffled = t;
    std::swap(shuffled.blocks[0], shuffled.blocks[2]);
    shuffled.blocks[0].block = 0;  // blockIdx 0 drew tile 2, blockIdx 2 drew tile 0
    shuffled.blocks[2].block = 2;
    CHECK(trace::first_difference(t, shuffled) != "");
    CHECK(run::crosscheck_difference(*find_variant("scan-decoupled-lookback"), shuffled, t) == "");
    // Kernels with static tiles are compared as they are.
    CHECK(run::crosscheck_difference(*find_variant("scan-then-fan"), shuffled, t) != "");
}

TEST_CASE("a spin-wait that nothing will satisfy ends the launch with a deadlock") {
    unsigned flag = 0;
    sim::LaunchConfig config;
    config.grid = {1, 1, 1};
    config.block = {1, 1, 1};
    const auto error = sim::launch(config, [&] { wait_for_nobody(&flag, sim::SimProbe(nullptr)); });
    REQUIRE(error);
    CHECK(error->message.find("no block can go on (deadlock): block 0 spins at line") !=
          std::string::npos);
    CHECK(error->message.find("no block still to run will set what it waits for") !=
          std::string::npos);
    flag = 1;
    CHECK_FALSE(sim::launch(config, [&] { wait_for_nobody(&flag, sim::SimProbe(nullptr)); }));
}
