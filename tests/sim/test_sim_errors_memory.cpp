// Emulator errors about memory and launches: shared memory out of bounds through the probe
// vocabulary, a kernel declaring more shared memory than the launch gave, invalid launch
// configurations, and a launch from inside a kernel. Each is reported, not a crash.
#include <string>

#include "kernels/probe/vocabulary.cuh"
#include "kernels/sim/sim_probe.hpp"
#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;
using ws::probe::shared_array;
using ws::sim::SimProbe;

namespace {

unsigned g_line = 0;

template <class Probe>
__global__ void write_past_the_end(unsigned count, unsigned bad_thread, Probe probe) {
    auto s = shared_array<int>(probe, count);
    const unsigned t = threadIdx.x;
    const unsigned i = t == bad_thread ? count : t % count;
    g_line = __LINE__ + 1;
    s[i] = int(t);
}

template <class Probe>
__global__ void read_past_the_end(unsigned count, int* out, Probe probe) {
    auto s = shared_array<double>(probe, count);
    s[threadIdx.x % count] = 1.0;
    ws::probe::block_sync(probe);
    g_line = __LINE__ + 1;
    out[threadIdx.x] = int(s[threadIdx.x + (blockIdx.x == 1 ? 1 : 0)]);
}

template <class Probe>
__global__ void declares_too_much(unsigned count, Probe probe) {
    g_line = __LINE__ + 1;
    auto s = shared_array<int>(probe, count);
    s[threadIdx.x] = 0;
}

void check_message(const KernelError& e, unsigned line, unsigned thread, const std::string& what) {
    INFO(e.message);
    CHECK(e.line == line);
    CHECK(e.thread == thread);
    CHECK(e.message.find("line " + std::to_string(line)) != std::string::npos);
    CHECK(e.message.find("thread " + std::to_string(thread)) != std::string::npos);
    CHECK(e.message.find(what) != std::string::npos);
}

}  // namespace

TEST_CASE("a shared write out of bounds through the vocabulary", "[sim][errors]") {
    const KernelError e = run_expecting_error(config(1, 64, 64 * sizeof(int)),
                                              [] { write_past_the_end(64, 17, SimProbe()); });
    check_message(e, g_line, 17, "shared memory out of bounds: index 64 of an array of 64");
    require_emulator_still_works();
    // In bounds everywhere: no error.
    run(config(1, 64, 64 * sizeof(int)), [] { write_past_the_end(64, 1000, SimProbe()); });
}

TEST_CASE("a shared read out of bounds in a later block", "[sim][errors]") {
    int out[64] = {};
    const KernelError e = run_expecting_error(config(3, 32, 32 * sizeof(double)),
                                              [&] { read_past_the_end(32, out, SimProbe()); });
    check_message(e, g_line, 31, "index 32 of an array of 32 elements (8 bytes each)");
    CHECK(e.block == 1);
    require_emulator_still_works();
}

TEST_CASE("a kernel declaring more shared memory than the launch gave", "[sim][errors]") {
    const KernelError e =
        run_expecting_error(config(1, 32, 100), [] { declares_too_much(32, SimProbe()); });
    check_message(e, g_line, 0, "uses 128 bytes of shared memory but 100 were given");
    require_emulator_still_works();
    run(config(1, 32, 128), [] { declares_too_much(32, SimProbe()); });
}

TEST_CASE("invalid launch configurations", "[sim][errors]") {
    bool ran = false;
    auto body = [&] { ran = true; };
    struct Bad {
        Dim grid, block;
    };
    for (const Bad& bad : {Bad{Dim{0, 1, 1}, Dim{32, 1, 1}}, Bad{Dim{4, 0, 1}, Dim{32, 1, 1}},
                           Bad{Dim{1, 1, 1}, Dim{0, 1, 1}}, Bad{Dim{1, 1, 1}, Dim{32, 1, 0}},
                           Bad{Dim{1, 1, 1}, Dim{2048, 1, 1}}, Bad{Dim{1, 1, 1}, Dim{1025, 1, 1}},
                           Bad{Dim{1, 1, 1}, Dim{32, 32, 2}}}) {
        const auto e = ws::sim::launch(config(bad.grid, bad.block), body);
        REQUIRE(e.has_value());
        INFO(e->message);
        CHECK(e->message.find("invalid launch") != std::string::npos);
        CHECK(e->message.find(std::to_string(bad.block.count()) + " threads") != std::string::npos);
    }
    CHECK_FALSE(ran);
    require_emulator_still_works();
    run(config(Dim{1, 1, 1}, Dim{32, 32, 1}), body);  // 1024 threads is the limit, and fine
    CHECK(ran);
}

TEST_CASE("a launch from inside a kernel is an error, not a crash", "[sim][errors]") {
    std::string inner;
    run(config(1, 2), [&] {
        const auto e = ws::sim::launch(config(1, 1), [] {});
        if (threadIdx.x == 0 && e) inner = e->message;
    });
    CHECK(inner.find("cannot launch") != std::string::npos);
    require_emulator_still_works();
}
