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

TEST_CASE("atomics whose result was not seen are neither won nor lost, and the panel says so",
          "[atomics]") {
    // As a Sanitizer API recording has them: no AtomicWrite, each Atomic marked kLeftUnseen.
    const auto v = testing::emulated_view("reduce-atomic-cas", "256", 256);
    REQUIRE(v->block);
    ws::trace::BlockTrace b = *v->block;
    std::vector<ws::trace::Event> kept;
    for (ws::trace::Event e : b.events) {
        if (e.kind == ws::trace::EventKind::AtomicWrite) continue;
        if (e.kind == ws::trace::EventKind::Atomic) e.src_lane = ws::trace::kLeftUnseen;
        kept.push_back(e);
    }
    b.events = std::move(kept);
    for (const ws::trace::WarpInstruction& inst : ws::trace::warp_instructions(b)) {
        if (inst.kind != ws::trace::EventKind::Atomic || inst.warp != 0) continue;
        const AtomicFacts f = atomic_facts(b, inst);
        CHECK(f.lanes == 32);
        CHECK(f.lost == 0);
        CHECK(f.unseen == 32);
        CHECK(f.text().find("lost the race") == std::string::npos);
        CHECK(f.text().find(ws::trace::kUnseenAtomicsWords) != std::string::npos);
        return;
    }
    FAIL("no atomic instruction in warp 0");
}
