// Emulator semantics: the schedule policies. Parsing; the order each policy runs threads in
// between scheduling points (yield_point() stands for a shared access); a racy kernel whose
// result depends on the policy; a race-free one whose result does not.
#include <string>
#include <vector>

#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;
using ws::sim::Schedule;

namespace {

// Racy on purpose: each thread adds its left neighbour's value to its own with no barrier in
// between. Lockstep: every thread reads before any writes (s[t] = t + t - 1). Sequential:
// thread t - 1 has finished when t starts (a running sum, s[t] = t (t + 1) / 2).
__global__ void racy_neighbour_add(int* out) {
    int* s = reinterpret_cast<int*>(ws::sim::dynamic_smem());
    const unsigned t = threadIdx.x;
    s[t] = int(t);
    __syncthreads();
    if (t > 0) {
        ws::sim::yield_point();
        const int left = s[t - 1];
        ws::sim::yield_point();
        const int mine = s[t];
        ws::sim::yield_point();
        s[t] = left + mine;
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = s[t];
}

// The same exchange made race-free with barriers between the reads and the write.
__global__ void safe_neighbour_add(int* out) {
    int* s = reinterpret_cast<int*>(ws::sim::dynamic_smem());
    const unsigned t = threadIdx.x;
    s[t] = int(t);
    __syncthreads();
    ws::sim::yield_point();
    const int left = t > 0 ? s[t - 1] : 0;
    ws::sim::yield_point();
    const int mine = s[t];
    __syncthreads();
    ws::sim::yield_point();
    s[t] = left + mine;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = s[t] + __shfl_down_sync(0xffffffffu, s[t], 1);
}

std::vector<int> run_with(const char* schedule, void (*kernel)(int*), unsigned threads = 64) {
    std::vector<int> out(2 * threads, -1);
    run(config(2, threads, threads * sizeof(int), schedule), [&] { kernel(out.data()); });
    return out;
}

// The order threads pass their scheduling points: (thread, point) pairs.
std::vector<int> order_of_points(const char* schedule) {
    std::vector<int> log;
    run(config(1, 6, 0, schedule), [&] {
        for (int k = 0; k < 3; ++k) {
            ws::sim::yield_point();
            log.push_back(int(threadIdx.x) * 10 + k);
        }
    });
    return log;
}

}  // namespace

TEST_CASE("Schedule::parse accepts lockstep, sequential and random:SEED only", "[sim]") {
    const auto lockstep = Schedule::parse("lockstep");
    REQUIRE(lockstep);
    CHECK(lockstep->kind == Schedule::Kind::Lockstep);
    CHECK(lockstep->name() == "lockstep");
    const auto sequential = Schedule::parse("sequential");
    REQUIRE(sequential);
    CHECK(sequential->kind == Schedule::Kind::Sequential);
    CHECK(sequential->name() == "sequential");
    const auto random = Schedule::parse("random:42");
    REQUIRE(random);
    CHECK(random->kind == Schedule::Kind::Random);
    CHECK(random->seed == 42);
    CHECK(random->name() == "random:42");
    const auto big = Schedule::parse("random:18446744073709551615");
    REQUIRE(big);
    CHECK(big->seed == 18446744073709551615ull);
    CHECK(Schedule::parse("random:0")->seed == 0);

    for (const char* bad : {"random:", "random:x", "random:12a", "random:-1", "random: 1",
                            "random:18446744073709551616", "random:99999999999999999999", "random",
                            "fast", "", "Lockstep", "lockstep ", "sequential:1"}) {
        INFO("\"" << bad << "\"");
        CHECK_FALSE(Schedule::parse(bad).has_value());
    }
}

TEST_CASE("lockstep runs every thread to its next point, sequential runs one to its end", "[sim]") {
    CHECK(order_of_points("lockstep") ==
          std::vector<int>{0, 10, 20, 30, 40, 50, 1, 11, 21, 31, 41, 51, 2, 12, 22, 32, 42, 52});
    CHECK(order_of_points("sequential") ==
          std::vector<int>{0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32, 40, 41, 42, 50, 51, 52});
    const auto random = order_of_points("random:1");
    CHECK(random == order_of_points("random:1"));
    CHECK(random.size() == 18);
    // Each thread still passes its own points in program order.
    for (int t = 0; t < 6; ++t) {
        std::vector<int> own;
        for (int e : random)
            if (e / 10 == t) own.push_back(e % 10);
        CHECK(own == std::vector<int>{0, 1, 2});
    }
}

TEST_CASE("a racy kernel gives different results under lockstep and sequential", "[sim]") {
    const auto lockstep = run_with("lockstep", racy_neighbour_add);
    const auto sequential = run_with("sequential", racy_neighbour_add);
    for (int i = 0; i < 128; ++i) {
        const int t = i % 64;
        INFO("thread " << i);
        REQUIRE(lockstep[i] == (t == 0 ? 0 : 2 * t - 1));
        REQUIRE(sequential[i] == t * (t + 1) / 2);
    }
}

TEST_CASE("random:SEED is deterministic for a seed and differs between seeds", "[sim]") {
    const auto a = run_with("random:2024", racy_neighbour_add);
    CHECK(a == run_with("random:2024", racy_neighbour_add));
    std::vector<std::vector<int>> outcomes;
    for (const char* seed : {"random:1", "random:2", "random:3", "random:4"}) {
        outcomes.push_back(run_with(seed, racy_neighbour_add));
        CHECK(outcomes.back() == run_with(seed, racy_neighbour_add));
    }
    bool any_differs = false;
    for (const auto& o : outcomes) any_differs = any_differs || o != outcomes.front();
    CHECK(any_differs);
    CHECK(a != run_with("lockstep", racy_neighbour_add));
    CHECK(a != run_with("sequential", racy_neighbour_add));
}

TEST_CASE("a race-free kernel gives the same result under every schedule", "[sim]") {
    const auto want = run_with("lockstep", safe_neighbour_add);
    for (int i = 0; i < 128; ++i) {
        const int t = i % 64, lane = t % 32;
        const int here = t == 0 ? 0 : 2 * t - 1;
        const int below = lane == 31 ? here : 2 * (t + 1) - 1;
        REQUIRE(want[i] == here + below);
    }
    for (const char* schedule : {"sequential", "random:1", "random:2", "random:77777"}) {
        INFO(schedule);
        CHECK(run_with(schedule, safe_neighbour_add) == want);
    }
}
