// The spin-lock reductions: the right one (one lane a block takes the lock) under every schedule,
// the classic mistake (every lane takes it) right under the schedules that model independent
// thread scheduling (Volta and later) and a one-line deadlock report under `converged` (before
// Volta), the CPU's exact int sums, a lock never freed stopped by the spin budget under every
// schedule, and what crosscheck leaves out of their comparison.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/plan_buffers.hpp"
#include "kernels/probe/spin_lock.cuh"
#include "kernels/run/crosscheck.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/sim/sim_probe.hpp"

using namespace ws;

namespace {

const char* const kVoltaSchedules[] = {"lockstep", "sequential", "random:7", "random:4242"};

trace::Trace emulate(const std::string& algo, std::uint64_t n, unsigned block, trace::DType type,
                     const std::string& schedule, bool record = false) {
    trace::Request r;
    r.algo = algo;
    r.n = n;
    r.block = block;
    r.type = type;
    r.pattern = "random";
    r.seed = n + block;
    r.schedule = schedule;
    r.all_blocks = record;
    run::RunOptions o;
    o.record = record;
    o.count_totals = record;
    return run::run_on_emulator(r, o);
}

// The exact sum of emulate()'s random ints, added on the CPU.
long long int_sum(std::uint64_t n, unsigned block) {
    long long sum = 0;
    for (int x : run::make_input<int>("random", n, n + block)) sum += x;
    return sum;
}

// Takes the lock and then takes it again: it is never freed, and the second wait never ends.
template <class Probe>
__global__ void lock_twice(unsigned* g_lock, Probe probe) {
    auto lock = ws::probe::global_array(g_lock, probe);
    if (ws::probe::lock_acquire(probe, lock)) ws::probe::lock_acquire(probe, lock);
}

// The line of the kernel source that contains `text` (1-based), 0 if none.
unsigned line_of(const char* algo, const std::string& text) {
    std::istringstream in(variant_source(*find_variant(algo)));
    std::string line;
    for (unsigned k = 1; std::getline(in, line); ++k)
        if (line.find(text) != std::string::npos) return k;
    return 0;
}

}  // namespace

TEST_CASE("the spin-lock reduction is right under every schedule, converged included",
          "[spinlock]") {
    for (const char* schedule : {"lockstep", "sequential", "random:7", "random:4242", "converged"})
        for (trace::DType type : trace::kAllDTypes)
            for (std::uint64_t n : {1u, 33u, 1000u, 4099u, 65537u})
                for (unsigned block : {32u, 256u, 1024u}) {
                    const trace::Trace t = emulate("reduce-spinlock", n, block, type, schedule);
                    INFO(schedule << " " << trace::dtype_name(type) << " n=" << n
                                  << " block=" << block << ": " << t.error);
                    CHECK(t.ok);
                }
}

TEST_CASE("every lane taking the lock gives the right sum with independent thread scheduling",
          "[spinlock]") {
    for (const char* schedule : kVoltaSchedules)
        for (trace::DType type : trace::kAllDTypes)
            for (std::uint64_t n : {1u, 100u, 5001u})
                for (unsigned block : {32u, 128u}) {
                    const trace::Trace t =
                        emulate("reduce-spinlock-warp", n, block, type, schedule);
                    INFO(schedule << " " << trace::dtype_name(type) << " n=" << n
                                  << " block=" << block << ": " << t.error);
                    CHECK(t.ok);
                }
    CHECK(find_variant("reduce-spinlock-warp")->needs_independent_scheduling);
    CHECK_FALSE(find_variant("reduce-spinlock")->needs_independent_scheduling);
}

TEST_CASE("both spin-lock reductions give the CPU's exact int sum", "[spinlock]") {
    for (const char* algo : {"reduce-spinlock", "reduce-spinlock-warp"})
        for (const char* schedule : kVoltaSchedules)
            for (std::uint64_t n : {1u, 31u, 1000u, 4099u})
                for (unsigned block : {32u, 64u, 256u}) {
                    const trace::Trace t = emulate(algo, n, block, trace::DType::Int32, schedule);
                    INFO(algo << " " << schedule << " n=" << n << " block=" << block << ": "
                              << t.error);
                    REQUIRE(t.ok);
                    CHECK(t.result.as_double() == double(int_sum(n, block)));
                }
}

TEST_CASE("a lock never freed ends the launch with the spin budget, never a hang", "[spinlock]") {
    for (const char* text : {"lockstep", "sequential", "random:7", "converged"}) {
        std::vector<unsigned> lock(ws::probe::kLockWords, 0);
        sim::LaunchConfig config;
        config.grid = {1, 1, 1};
        config.block = {1, 1, 1};
        config.schedule = *sim::Schedule::parse(text);
        const auto error =
            sim::launch(config, [&] { lock_twice(lock.data(), sim::SimProbe(nullptr)); });
        INFO(text);
        REQUIRE(error);
        CHECK(error->message.find("spin budget") != std::string::npos);
        CHECK(error->message.find('\n') == std::string::npos);
    }
}

TEST_CASE("without independent thread scheduling the mistake deadlocks, reported in one line",
          "[spinlock]") {
    const unsigned line = line_of("reduce-spinlock-warp", "if (lock_acquire(probe, lock))");
    REQUIRE(line > 0);
    for (unsigned block : {32u, 64u, 1024u}) {
        const trace::Trace t =
            emulate("reduce-spinlock-warp", 5000, block, trace::DType::Int32, "converged", true);
        INFO(t.error);
        CHECK_FALSE(t.ok);
        CHECK(t.error.find('\n') == std::string::npos);
        const std::string expected =
            "line " + std::to_string(line) +
            ", block 0 thread 1: deadlock: warp 0: lanes 1-31 "
            "spin at line " +
            std::to_string(line) +
            " on the lock lane 0 holds; lane 0 cannot run its critical section until they leave "
            "the loop (no independent thread scheduling";
        CHECK(t.error.rfind(expected, 0) == 0);
    }
}

TEST_CASE("only the variant marked so needs independent thread scheduling", "[spinlock]") {
    for (const auto& v : catalog()) {
        const trace::Trace t =
            emulate(v.id, 3000, usable_block(v.block_rule, 64), trace::DType::Int32, "converged");
        INFO(v.id << ": " << t.error);
        if (v.needs_independent_scheduling) {
            CHECK(t.error.find("deadlock") != std::string::npos);
        } else if (!v.schedule_sensitive) {
            CHECK(t.ok);
        }
    }
}

TEST_CASE("a spin-lock reduction's output writes are a running sum in lock order, not compared",
          "[spinlock][crosscheck]") {
    const VariantInfo& locked = *find_variant("reduce-spinlock");
    trace::Trace emulator = emulate(locked.id, 5000, 64, trace::DType::Int32, "lockstep", true);
    REQUIRE(emulator.ok);
    // As a GPU might: block 1's holder found another running sum in the output.
    trace::Trace gpu = emulator;
    bool changed = false;
    for (trace::Event& e : gpu.blocks.at(1).events)
        if (e.buffer == kOutputBuffer &&
            (e.kind == trace::EventKind::GlobalWrite || e.kind == trace::EventKind::GlobalRead)) {
            e.value += 77;
            changed = true;
        }
    REQUIRE(changed);
    CHECK(run::crosscheck_difference(locked, gpu, emulator) == "");
    VariantInfo atomic = locked;  // an atomic driver writes no plain output: its writes count
    atomic.reduce_driver = ReduceDriver::AtomicSinglePass;
    CHECK(run::crosscheck_difference(atomic, gpu, emulator) != "");
}
