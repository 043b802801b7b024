// What the Global memory panel says of an atomic warp instruction (ui/model/pictures/
// atomic_facts.hpp): every lane of a warp adding into one word waits for the others; an
// atomicAdd never loses, a compare-and-swap loop loses all but one lane's race each round.
#include <catch2/catch.hpp>

#include "tests/ui/emulated_view.hpp"
#include "ui/model/pictures/atomic_facts.hpp"

using namespace ws::ui;

namespace {

// The facts of the view's first atomic instruction of warp 0.
AtomicFacts first_atomic(const TraceView& v) {
    for (const InstructionInfo& info : v.instructions)
        if (info.inst.kind == ws::trace::EventKind::Atomic && info.inst.warp == 0)
            return atomic_facts(*v.block, info.inst);
    FAIL("no atomic instruction in warp 0");
    return {};
}

}  // namespace

TEST_CASE("a warp of atomicAdds into one word is served one lane after another", "[atomics]") {
    const auto v = testing::emulated_view("reduce-atomic-global", "256", 256);
    REQUIRE(v->block);
    const AtomicFacts f = first_atomic(*v);
    CHECK(f.lanes == 32);
    CHECK(f.addresses == 1);
    CHECK(f.deepest == 32);
    CHECK(f.lost == 0);
    CHECK(f.text() == "32 lanes on 1 address: 32 on byte 0, served one after another");
}

TEST_CASE("a compare-and-swap loop's first round: the lanes after the winner lose", "[atomics]") {
    const auto v = testing::emulated_view("reduce-atomic-cas", "256", 256);
    REQUIRE(v->block);
    const AtomicFacts f = first_atomic(*v);
    CHECK(f.lanes == 32);
    CHECK(f.deepest == 32);
    // One lane's swap changes the word, and every later lane of the round finds another value
    // (a lane that added 0 leaves it as it was: the next one wins too).
    CHECK(f.lost >= 1);
    CHECK(f.lost <= 31);
    CHECK(f.text().find(std::to_string(f.lost) + " lanes lost the race (retried)") !=
          std::string::npos);
}

TEST_CASE("one atomic a block: a lone lane waits for no one", "[atomics]") {
    const auto v = testing::emulated_view("reduce-atomic-block", "256", 256);
    REQUIRE(v->block);
    const AtomicFacts f = first_atomic(*v);
    CHECK(f.lanes == 1);
    CHECK(f.deepest == 1);
    CHECK(f.text() == "1 lane on 1 address: none waits for another");
}
