// Forward progress between blocks: a look-back whose tile is blockIdx.x waits for ever when a
// later block holds the GPU's only room; the tile counter and the decoupled fallback complete
// under every block order and resident set, with the whole output checked.
#include <catch2/catch.hpp>
#include <string>

#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/trace.hpp"

using namespace ws;

namespace {

trace::Trace scan(const char* algo, const std::string& schedule, trace::DType type,
                  std::uint64_t n = 9 * 512 - 100) {
    trace::Request r;
    r.algo = algo;
    r.n = n;  // 9 tiles of 8 * 64
    r.block = 64;
    r.type = type;
    r.pattern = "random";
    r.seed = 11;
    r.schedule = schedule;
    run::RunOptions o;
    o.count_totals = false;
    return run::run_on_emulator(r, o);
}

const char* const kEveryBlockSchedule[] = {
    "lockstep",
    "lockstep,blocks=reverse",
    "lockstep,blocks=reverse,resident=2",
    "lockstep,blocks=reverse,resident=3",
    "lockstep,blocks=random:1",
    "lockstep,blocks=random:2,resident=2",
    "random:5,blocks=random:3,resident=4",
    "lockstep,blocks=reverse,resident=9",
};

}  // namespace

TEST_CASE(
    "a look-back with blockIdx tiles works in order and deadlocks when later blocks start "
    "first") {
    const trace::Trace fine = scan("scan-lookback-blockidx", "lockstep", trace::DType::Int32);
    INFO(fine.error);
    CHECK(fine.ok);
    const trace::Trace all_room =
        scan("scan-lookback-blockidx", "lockstep,blocks=reverse,resident=9", trace::DType::Int32);
    CHECK(all_room.ok);

    const trace::Trace stuck =
        scan("scan-lookback-blockidx", "lockstep,blocks=reverse", trace::DType::Int32);
    CHECK_FALSE(stuck.ok);
    INFO(stuck.error);
    CHECK(stuck.error.find("no block can go on (deadlock): block 8 spins at line") !=
          std::string::npos);
    CHECK(stuck.error.find("waiting for 7; blocks 0-7 cannot start: room for 1 block") !=
          std::string::npos);
    REQUIRE(stuck.deadlock.size() == 9);
    CHECK(stuck.deadlock[8].state == trace::BlockWaitState::State::Waiting);
    CHECK(stuck.deadlock[8].waits_for == 7);
    CHECK(stuck.deadlock[0].state == trace::BlockWaitState::State::NotStarted);

    const trace::Trace two =
        scan("scan-lookback-blockidx", "lockstep,blocks=reverse,resident=2", trace::DType::Int32);
    CHECK_FALSE(two.ok);
    CHECK(two.error.find("block 8 spins at line") != std::string::npos);
    CHECK(two.error.find("block 7 spins at line") != std::string::npos);
    CHECK(two.error.find("blocks 0-6 cannot start: room for 2 blocks") != std::string::npos);
}

TEST_CASE("the tile counter and the decoupled fallback complete under every block schedule") {
    for (const char* algo : {"scan-decoupled-lookback", "scan-lookback-fallback"}) {
        for (const char* schedule : kEveryBlockSchedule) {
            for (auto type : {trace::DType::Int32, trace::DType::Float32, trace::DType::Float64}) {
                const trace::Trace t = scan(algo, schedule, type);
                INFO(algo << " under " << schedule << " (" << trace::dtype_name(type)
                          << "): " << t.error);
                CHECK(t.ok);
                CHECK(t.error.empty());
            }
        }
    }
}

TEST_CASE("the fallback is right at sizes that end mid-tile and when every block falls back") {
    for (std::uint64_t n : {1ull, 511ull, 512ull, 513ull, 3000ull, 7 * 512ull + 1}) {
        for (const char* schedule : {"lockstep", "lockstep,blocks=reverse"}) {
            const trace::Trace t = scan("scan-lookback-fallback", schedule, trace::DType::Int32, n);
            INFO(n << " under " << schedule << ": " << t.error);
            CHECK(t.ok);
        }
    }
}
