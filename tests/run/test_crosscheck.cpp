// What crosscheck leaves out of the comparison, by driver: a single-pass reduction's atomics
// return what the blocks before it left (the order the blocks ran in), so their values are not
// compared; everything else about them is, and a multi-pass kernel's atomics would count.
#include <catch2/catch.hpp>

#include "kernels/catalog.hpp"
#include "kernels/run/crosscheck.hpp"
#include "kernels/run/emulator_backend.hpp"

using namespace ws;

namespace {

// A trace of `n` elements whose block 0 has one Atomic event (as a single-pass kernel records).
trace::Trace with_atomic(std::uint64_t old_value, std::uint16_t line = 30) {
    trace::Request r;
    r.algo = "reduce-warp-shuffle";
    r.n = 300;
    r.block = 64;
    r.pattern = "random";
    trace::Trace t = run::run_on_emulator(r);
    trace::Event e{};
    e.phase = 9;
    e.kind = trace::EventKind::Atomic;
    e.line = line;
    e.width = 4;
    e.buffer = 1;
    e.value = old_value;
    e.seq = 1000;
    t.blocks.at(0).events.push_back(e);
    return t;
}

}  // namespace

TEST_CASE("a single-pass reduction's atomic values depend on block order and are not compared",
          "[crosscheck]") {
    VariantInfo multi = *find_variant("reduce-warp-shuffle");
    VariantInfo atomic = multi;
    atomic.reduce_driver = ReduceDriver::AtomicSinglePass;
    VariantInfo last = multi;
    last.reduce_driver = ReduceDriver::LastBlock;

    const trace::Trace gpu = with_atomic(1234), emulator = with_atomic(0);
    CHECK(run::crosscheck_difference(multi, gpu, emulator) != "");
    CHECK(run::crosscheck_difference(atomic, gpu, emulator) == "");
    CHECK(run::crosscheck_difference(last, gpu, emulator) == "");
    // Where the atomic is (its line, its step, its thread) still counts.
    CHECK(run::crosscheck_difference(atomic, with_atomic(0, 31), emulator) != "");
    // The traces passed in are not changed.
    CHECK(gpu.blocks[0].events.back().value == 1234);
}
