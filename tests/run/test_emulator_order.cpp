// The emulator keeps the order it ran a traced block's events in: the schedule's interleaving,
// which is what a class steps through inside an unsynchronised region.
#include <catch2/catch.hpp>

#include <algorithm>

#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/analysis.hpp"

using namespace ws;

namespace {

trace::Trace legacy_unroll(const std::string& schedule) {
    trace::Request r;
    r.algo = "reduce-unroll-last-warp-legacy";
    r.n = 128;
    r.block = 64;
    r.pattern = "random";
    r.schedule = schedule;
    return run::run_on_emulator(r);
}

// The events of the block's racy step (the unrolled last warp), in the order they ran.
std::vector<trace::Event> racy_step_in_order(const trace::BlockTrace& b) {
    const std::vector<trace::Hazard> hazards = trace::find_hazards(b);
    REQUIRE_FALSE(hazards.empty());
    std::vector<trace::Event> out;
    for (std::uint32_t i : b.order)
        if (trace::step_of(b.events[i]) == hazards.front().step &&
            (b.events[i].kind == trace::EventKind::SharedRead ||
             b.events[i].kind == trace::EventKind::SharedWrite))
            out.push_back(b.events[i]);
    return out;
}

}  // namespace

TEST_CASE("a traced block's order names every event once", "[run][order]") {
    for (const char* schedule : {"lockstep", "sequential", "random:3"}) {
        const trace::Trace t = legacy_unroll(schedule);
        INFO(schedule);
        REQUIRE(t.blocks.size() == 1);
        const trace::BlockTrace& b = t.blocks[0];
        REQUIRE(b.order.size() == b.events.size());
        std::vector<std::uint32_t> sorted = b.order;
        std::sort(sorted.begin(), sorted.end());
        for (std::uint32_t i = 0; i < sorted.size(); ++i) REQUIRE(sorted[i] == i);
        // Each thread's own events keep their program order.
        std::vector<std::int64_t> last_seq(64, -1);
        for (std::uint32_t i : b.order) {
            const trace::Event& e = b.events[i];
            CHECK(std::int64_t(e.seq) > last_seq[e.thread]);
            last_seq[e.thread] = e.seq;
        }
    }
}

TEST_CASE("sequential runs each lane of the last warp to the end, lockstep interleaves them",
          "[run][order]") {
    const std::vector<trace::Event> seq = racy_step_in_order(legacy_unroll("sequential").blocks[0]);
    REQUIRE(seq.size() > 64);
    // Thread 0 makes all its accesses before thread 1 makes any.
    const auto first_other =
        std::find_if(seq.begin(), seq.end(), [](const trace::Event& e) { return e.thread != 0; });
    REQUIRE(first_other != seq.end());
    CHECK(first_other->thread == 1);
    CHECK(
        std::none_of(first_other, seq.end(), [](const trace::Event& e) { return e.thread == 0; }));
    // So lane 0 reads s[16] before lane 16 writes it: the race the class sees.
    auto read16 = std::find_if(seq.begin(), seq.end(), [](const trace::Event& e) {
        return e.thread == 0 && e.kind == trace::EventKind::SharedRead && e.address == 16 * 4;
    });
    auto write16 = std::find_if(seq.begin(), seq.end(), [](const trace::Event& e) {
        return e.thread == 16 && e.kind == trace::EventKind::SharedWrite && e.address == 16 * 4;
    });
    REQUIRE(read16 != seq.end());
    REQUIRE(write16 != seq.end());
    CHECK(read16 < write16);

    // Lockstep: the 32 lanes make their first access before any makes its second, and lane 16
    // writes s[16] (adding s[48]) before lane 0 reads it.
    const std::vector<trace::Event> lock = racy_step_in_order(legacy_unroll("lockstep").blocks[0]);
    REQUIRE(lock.size() == seq.size());
    for (std::size_t i = 0; i < 32; ++i) CHECK(lock[i].thread == i);
    read16 = std::find_if(lock.begin(), lock.end(), [](const trace::Event& e) {
        return e.thread == 0 && e.kind == trace::EventKind::SharedRead && e.address == 16 * 4;
    });
    write16 = std::find_if(lock.begin(), lock.end(), [](const trace::Event& e) {
        return e.thread == 16 && e.kind == trace::EventKind::SharedWrite && e.address == 16 * 4;
    });
    REQUIRE(read16 != lock.end());
    REQUIRE(write16 != lock.end());
    CHECK(write16 < read16);
}
