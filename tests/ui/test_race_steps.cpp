// A racy step shown access by access, in the order the schedule ran it, with each hazard as a
// pair of accesses; race-free traces keep their steps.
#include <catch2/catch.hpp>

#include <algorithm>

#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/analysis.hpp"
#include "tests/ui/emulated_view.hpp"
#include "ui/model/trace/race_steps.hpp"
#include "ui/model/trace/trace_view.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

std::shared_ptr<trace::Trace> legacy(const std::string& schedule) {
    trace::Request r;
    r.algo = "reduce-unroll-last-warp-legacy";
    r.n = 128;
    r.block = 64;
    r.pattern = "random";
    r.seed = 5;
    r.schedule = schedule;
    return std::make_shared<trace::Trace>(run::run_on_emulator(r));
}

const RacePair* pair_on(const TraceView& v, std::uint32_t cell, std::uint16_t reader,
                        std::uint16_t writer) {
    for (const RacePair& r : v.races)
        if (r.cell == cell && ((r.first_thread == reader && r.second_thread == writer) ||
                               (r.first_thread == writer && r.second_thread == reader)))
            return &r;
    return nullptr;
}

}  // namespace

TEST_CASE("under sequential the class steps through lane 0 reading s[16] before lane 16 writes it",
          "[trace_view][race]") {
    const auto t = legacy("sequential");
    REQUIRE(t->blocks.size() == 1);  // (the result is wrong: the trace says so in its error)
    const auto v = make_trace_view(t);
    const std::size_t real_steps = trace::block_steps(t->blocks[0]).size();
    REQUIRE(v->steps.size() > real_steps);  // the racy tail became access-steps
    CHECK(v->race_order == "the sequential schedule");

    // The access-steps of the racy step: one per thread of the last warp (each runs to the end).
    std::vector<const StepView*> micro;
    for (const StepView& s : v->steps)
        if (s.micro) micro.push_back(&s);
    REQUIRE(micro.size() == 32);
    for (std::size_t k = 0; k < micro.size(); ++k) {
        CHECK(micro[k]->micro == k + 1);
        CHECK(micro[k]->micro_count == 32);
        REQUIRE(micro[k]->micro_threads.size() == 1);
        CHECK(micro[k]->micro_threads[0] == k);
        CHECK(micro[k]->id == micro[0]->id);
    }

    const RacePair* r = pair_on(*v, 16, 0, 16);
    REQUIRE(r);
    CHECK(r->first_thread == 0);  // thread 0 read first: it added the old s[16]
    CHECK_FALSE(r->first_writes);
    CHECK(r->second_thread == 16);
    CHECK(r->second_writes);
    CHECK(r->first_step < r->second_step);
    CHECK(v->steps[r->first_step].micro == 1);
    CHECK(v->steps[r->second_step].micro == 17);
    const auto& listed = v->steps[r->second_step].races;
    CHECK(std::find(listed.begin(), listed.end(), std::uint32_t(r - v->races.data())) !=
          listed.end());

    // Values replay in the order things ran: after thread 0's run s[0] is final and s[16] is
    // still what the block barrier left; the last access-step's s[0] is the (wrong) result.
    const StepView& before = v->steps[view_step_of_origin(*v, micro[0]->origin) - 1];
    CHECK(micro[0]->values[16] == before.values[16]);
    CHECK(micro[0]->values[0] == micro.back()->values[0]);
    CHECK(micro.back()->values[0] == t->result.as_double());
    CHECK_FALSE(t->ok);
}

TEST_CASE("under lockstep the same accesses run warp-wide, in the order that happens to be right",
          "[trace_view][race]") {
    const auto t = legacy("lockstep");
    REQUIRE(t->ok);
    const auto v = make_trace_view(t);
    std::vector<const StepView*> micro;
    for (const StepView& s : v->steps)
        if (s.micro) micro.push_back(&s);
    // Six additions of three accesses each, every lane of the warp making the same access.
    REQUIRE(micro.size() >= 18);
    CHECK(micro[0]->micro_threads.size() == 32);
    const RacePair* r = pair_on(*v, 16, 0, 16);
    REQUIRE(r);
    CHECK(r->first_thread == 16);  // lane 16 wrote s[16] first
    CHECK(r->first_writes);
    CHECK(r->second_thread == 0);
    CHECK_FALSE(r->second_writes);
    CHECK(r->first_step < r->second_step);
    CHECK(micro.back()->values[0] == t->result.as_double());
}

TEST_CASE("a trace without a recorded order is stepped in lockstep order, and says so",
          "[trace_view][race]") {
    auto t = legacy("sequential");
    for (trace::BlockTrace& b : t->blocks) b.order.clear();  // as a GPU trace
    const auto v = make_trace_view(t);
    CHECK(v->race_order.find("lockstep") != std::string::npos);
    CHECK(v->race_order.find("GPU records no order") != std::string::npos);
    const RacePair* r = pair_on(*v, 16, 0, 16);
    REQUIRE(r);
    CHECK(r->first_thread == 16);
}

TEST_CASE("race-free traces keep one view step per step", "[trace_view][race]") {
    for (const char* algo : {"reduce-unroll-last-warp", "scan-kogge-stone", "reduce-sequential"}) {
        INFO(algo);
        const auto v = testing::emulated_view(algo, "256", 128);
        CHECK(v->races.empty());
        CHECK(v->race_order.empty());
        CHECK(v->steps.size() == trace::block_steps(*v->block).size());
        for (std::size_t i = 0; i < v->steps.size(); ++i) {
            CHECK(v->steps[i].micro == 0);
            CHECK(v->steps[i].origin == i);
        }
    }
}

TEST_CASE("accesses group by thread runs and by warp-wide instructions", "[trace_view][race]") {
    auto ev = [](std::uint16_t thread, std::uint16_t line, trace::EventKind kind) {
        trace::Event e{};
        e.thread = thread;
        e.line = line;
        e.kind = kind;
        return e;
    };
    using K = trace::EventKind;
    // Thread 0 runs three accesses; then threads 1, 2, 3 each make the read of line 9; then
    // thread 1 writes.
    const std::vector<trace::Event> events = {ev(0, 9, K::SharedRead),  ev(0, 9, K::SharedRead),
                                              ev(0, 9, K::SharedWrite), ev(1, 9, K::SharedRead),
                                              ev(2, 9, K::SharedRead),  ev(3, 9, K::SharedRead),
                                              ev(1, 9, K::SharedWrite)};
    const std::vector<std::uint32_t> order = {0, 1, 2, 3, 4, 5, 6};
    const std::vector<std::uint32_t> occurrence = {0, 1, 0, 0, 0, 0, 0};
    const std::vector<std::size_t> starts = access_groups(events, order, occurrence);
    CHECK(starts == std::vector<std::size_t>{0, 3, 6});
}

TEST_CASE("under lockstep one warp's intended pairs are not drawn as races, a swap is",
          "[trace_view][race]") {
    auto marked = [](const TraceView& v) {
        std::size_t cells = 0;
        for (const StepView& s : v.steps)
            for (std::uint8_t c : s.cells) cells += (c & kCellRaced) ? 1 : 0;
        return cells;
    };
    // Lockstep: every pair ran in lockstep's order, the write before the read as meant.
    const auto lock = make_trace_view(legacy("lockstep"));
    REQUIRE_FALSE(lock->races.empty());
    for (const RacePair& r : lock->races) CHECK(r.intended);
    CHECK(marked(*lock) == 0);
    for (const StepView& s : lock->steps) CHECK_FALSE(has_real_race(*lock, s));
    // Sequential: lane 0 read s[16] before lane 16 wrote it, the other way round: a real race,
    // drawn, at its step.
    const auto seq = make_trace_view(legacy("sequential"));
    const RacePair* r = pair_on(*seq, 16, 0, 16);
    REQUIRE(r);
    CHECK_FALSE(r->intended);
    CHECK(has_real_race(*seq, seq->steps[r->second_step]));
    CHECK(marked(*seq) > 0);
}
