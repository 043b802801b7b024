// The TraceView of real emulator runs: steps, the tree of arrows, shared values, lanes, banks.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bitset>

#include "kernels/catalog.hpp"
#include "tests/ui/emulated_view.hpp"
#include "ui/model/trace/trace_view.hpp"

using namespace ws;
using namespace ws::ui;

using testing::emulated_view;

TEST_CASE("sequential addressing folds the array in a tree of arrows", "[trace_view]") {
    auto v = emulated_view("reduce-sequential", "64", 32);
    REQUIRE(v->trace->error.empty());
    CHECK(v->threads == 32);
    CHECK(v->warps == 1);
    CHECK(v->cells == 32);
    REQUIRE(v->step_count() == 7);  // load, 5 halvings (16, 8, 4, 2, 1), the final write
    // Step 0: every thread stores the element it loaded from global memory.
    CHECK(v->steps[0].arrows.empty());
    CHECK(v->steps[0].cells[5] & kCellWritten);
    CHECK(v->steps[0].cells[5] & kCellFromGlobal);
    // Step 1: s[t] += s[t + 16] for t < 16: 16 arrows from t + 16 to t.
    const StepView& s1 = v->steps[1];
    REQUIRE(s1.arrows.size() == 16);
    for (const CellArrow& a : s1.arrows) {
        CHECK(a.from == a.to + 16);
        CHECK(a.thread == a.to);
    }
    CHECK(s1.active_mask[0] == 0xffffu);
    CHECK(s1.counters.divergent_warps == 1);
    // The last halving: s[0] += s[1].
    const StepView& s5 = v->steps[5];
    REQUIRE(s5.arrows.size() == 1);
    CHECK(s5.arrows[0].from == 1);
    CHECK(s5.arrows[0].to == 0);
    // Block 0 sums the ramp's elements 0..31: 496.
    CHECK(v->steps[5].values[0] == 496);
    CHECK(v->steps[5].defined[0]);
}

TEST_CASE("values after each step match a replay of the additions", "[trace_view]") {
    auto v = emulated_view("reduce-interleaved-strided", "2048", 1024);
    REQUIRE(v->step_count() == 12);
    CHECK(v->cells == 1024);
    CHECK(v->warps == 32);
    const double total = v->steps.back().values[0];
    CHECK(total == 130560);  // (0 + ... + 255) * 4: block 0's 1024 ramp elements
    // Each arrow's target afterwards equals its value before plus the source's value before.
    for (std::size_t s = 1; s < v->step_count(); ++s)
        for (const CellArrow& a : v->steps[s].arrows)
            CHECK(v->steps[s].values[a.to] ==
                  v->steps[s - 1].values[a.to] + v->steps[s - 1].values[a.from]);
}

TEST_CASE("the strided variant's banks: 2-way at stride 1", "[trace_view]") {
    // With 64 threads, lanes 0 and 16 of warp 0 touch words 0 and 32: both in bank 0.
    auto v = emulated_view("reduce-interleaved-strided", "128", 64);
    const StepView& s1 = v->steps[1];
    CHECK(s1.counters.bank_conflicts > 0);
    CHECK(s1.smem_ld_conflicts + s1.smem_st_conflicts == s1.counters.bank_conflicts);
    bool two_way = false;
    for (std::uint32_t i : s1.instructions) {
        const InstructionInfo& info = v->instructions[i];
        if (info.inst.kind != trace::EventKind::SharedRead) continue;
        CHECK(info.picture.max_ways == info.banks.max_ways);
        two_way |= info.picture.max_ways == 2;
        // Each conflicted bank holds a word and the word 32 later, from lanes 16 apart.
        for (const auto& words : info.picture.groups.at(0).banks) {
            if (words.size() != 2) continue;
            CHECK(words[1].word == words[0].word + 32);
            CHECK(words[1].lanes == words[0].lanes << 16);
        }
    }
    CHECK(two_way);
}

TEST_CASE("lines that ran are annotated per step", "[trace_view]") {
    auto v = emulated_view("reduce-interleaved-divergent", "64", 32);
    const StepView& s1 = v->steps[1];
    REQUIRE(!s1.lines.empty());
    const auto busiest = std::max_element(
        s1.lines.begin(), s1.lines.end(),
        [](const LineActivity& a, const LineActivity& b) { return a.lanes < b.lanes; });
    CHECK(v->line_text(busiest->line).find("s[") != std::string::npos);
    CHECK(busiest->divergent > 0);
    CHECK(std::is_sorted(
        s1.lines.begin(), s1.lines.end(),
        [](const LineActivity& a, const LineActivity& b) { return a.line < b.line; }));
}

TEST_CASE("warp shuffles become arrows between threads", "[trace_view]") {
    auto v = emulated_view("reduce-warp-shuffle", "2048", 256);
    REQUIRE(!v->empty());
    const StepView& s0 = v->steps[0];
    REQUIRE(!s0.shuffles.empty());
    std::size_t moved = 0;
    for (const ShuffleArrow& a : s0.shuffles) {
        CHECK(a.from_thread / 32 == a.to_thread / 32);
        if (a.from_thread == a.to_thread) continue;  // lanes 16..31 keep their own value
        CHECK(a.from_thread == a.to_thread + 16);
        ++moved;
    }
    CHECK(moved == 8 * 16);
}

TEST_CASE("every catalogued variant gives a view", "[trace_view]") {
    for (const VariantInfo& info : catalog()) {
        INFO(info.id);
        auto v = emulated_view(info.id, "2048", 256);
        CHECK(!v->empty());
        for (const StepView& s : v->steps) {
            CHECK(s.values.size() == v->cells);
            CHECK(s.active_mask.size() == v->warps);
        }
    }
}

TEST_CASE("a trace with only an error gives an empty view", "[trace_view]") {
    auto t = std::make_shared<trace::Trace>();
    t->error = "--block 48: bad";
    auto v = make_trace_view(t);
    CHECK(v->empty());
    CHECK(v->clamp(5) == 0);
    CHECK(v->line_text(3).empty());
}
