// The CPU run of the all-reduce plans (issue 20): the partial sums filling in step by step, the
// values equal to the CPU's sum for every type, and a broken plan caught.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/multi/ring_emulator.hpp"

using namespace ws::multi;
using ws::trace::DType;

namespace {

unsigned bits(std::uint32_t mask) {
    unsigned count = 0;
    for (; mask; mask &= mask - 1) ++count;
    return count;
}

bool one_line(const std::string& s) {
    return !s.empty() && s.find('\n') == std::string::npos;
}

}  // namespace

TEST_CASE("the ring's partial sums fill in, one contribution a step", "[multi]") {
    for (unsigned k = 2; k <= 8; ++k) {
        CAPTURE(k);
        const RingRun run = emulate_ring(ring_plan(1000, k, 4), DType::Int32, "random", 1);
        REQUIRE(run.ok);
        REQUIRE(run.after_step.size() == 2 * (k - 1) + 1);
        const std::uint32_t all = all_contributions(k);
        for (unsigned g = 0; g < k; ++g)
            for (unsigned c = 0; c < k; ++c)
                CHECK(run.after_step[0].contributions[g][c] == std::uint32_t(1) << g);
        // After reduce-scatter step s, GPU g's chunk (g - 1 - s) mod k holds s + 2 inputs.
        for (unsigned s = 0; s + 1 < k; ++s) {
            for (unsigned g = 0; g < k; ++g) {
                CAPTURE(s, g);
                CHECK(bits(run.after_step[s + 1].contributions[g][(g + 2 * k - 1 - s) % k]) ==
                      s + 2);
            }
        }
        // After reduce-scatter, GPU g holds the full sum of chunk g + 1, and only that one.
        const RingState& scattered = run.after_step[k - 1];
        unsigned full = 0;
        for (unsigned g = 0; g < k; ++g) {
            CHECK(scattered.contributions[g][(g + 1) % k] == all);
            for (unsigned c = 0; c < k; ++c) full += scattered.contributions[g][c] == all;
        }
        CHECK(full == k);
        // After all-gather, every GPU holds every input in every chunk.
        for (unsigned g = 0; g < k; ++g)
            for (unsigned c = 0; c < k; ++c)
                CHECK(run.after_step.back().contributions[g][c] == all);
    }
}

TEST_CASE("the naive plan: GPU 0 holds the sum after one step, everyone after two", "[multi]") {
    for (unsigned k = 2; k <= 8; ++k) {
        CAPTURE(k);
        const RingRun run = emulate_ring(naive_plan(100, k, 8), DType::Float64, "random", 3);
        REQUIRE(run.ok);
        REQUIRE(run.after_step.size() == 3);
        CHECK(run.after_step[1].contributions[0][0] == all_contributions(k));
        for (unsigned g = 1; g < k; ++g) {
            CHECK(run.after_step[1].contributions[g][0] == std::uint32_t(1) << g);
            CHECK(run.after_step[2].contributions[g][0] == all_contributions(k));
        }
    }
}

TEST_CASE("the emulated all-reduce equals the CPU's sum, for every type and both plans",
          "[multi]") {
    const std::vector<std::uint64_t> sizes = {1, 5, 1000, 4099};
    for (DType type : ws::trace::kAllDTypes) {
        const unsigned bytes = ws::trace::dtype_size(type);
        for (std::uint64_t n : sizes) {
            for (unsigned k = 2; k <= 8; ++k) {
                for (std::uint64_t seed : {1u, 2u, 77u}) {
                    CAPTURE(ws::trace::dtype_name(type), n, k, seed);
                    const RingRun ring = emulate_ring(ring_plan(n, k, bytes), type, "random", seed);
                    CHECK(ring.ok);
                    CHECK(ring.error == "");
                    const RingRun naive =
                        emulate_ring(naive_plan(n, k, bytes), type, "random", seed);
                    CHECK(naive.ok);
                    CHECK(naive.error == "");
                }
            }
        }
    }
}

TEST_CASE("a dropped or altered transfer makes the run fail, in one line", "[multi]") {
    for (unsigned k = 2; k <= 8; ++k) {
        const RingPlan good = ring_plan(1000, k, 4);
        for (std::size_t s = 0; s < good.steps.size(); ++s) {
            CAPTURE(k, s);
            RingPlan dropped = good;
            dropped.steps[s].transfers.erase(dropped.steps[s].transfers.begin() + s % k);
            const RingRun a = emulate_ring(dropped, DType::Int32, "random", 5);
            CHECK_FALSE(a.ok);
            CHECK(one_line(a.error));
            CHECK(a.error.rfind("GPU ", 0) == 0);
            CHECK(a.error.find("element") != std::string::npos);

            RingPlan overwrites = good;  // a reduce-scatter that forgets to add, and vice versa
            overwrites.steps[s].transfers[0].adds = !overwrites.steps[s].transfers[0].adds;
            const RingRun b = emulate_ring(overwrites, DType::Float32, "random", 5);
            CHECK_FALSE(b.ok);
            CHECK(one_line(b.error));
        }
    }
    RingPlan naive = naive_plan(64, 4, 8);
    naive.steps[1].transfers.pop_back();
    const RingRun n = emulate_ring(naive, DType::Float64, "random", 9);
    CHECK_FALSE(n.ok);
    CHECK(n.error.rfind("GPU 3, element 0: ", 0) == 0);
}

TEST_CASE("a dropped transfer of an empty chunk changes no value but is still caught", "[multi]") {
    RingPlan p = ring_plan(3, 8, 4);  // chunks 3..7 empty
    REQUIRE(p.chunks[5].count == 0);
    auto& first = p.steps[0].transfers;
    first.erase(first.begin() + 5);  // GPU 5 sends its empty chunk 5 to GPU 6
    const RingRun run = emulate_ring(p, DType::Int32, "random", 1);
    CHECK_FALSE(run.ok);
    CHECK(run.error == "GPU 0, chunk 5: lacks the input of GPU 5");
}

TEST_CASE("plans the emulator refuses, in one line", "[multi]") {
    const RingPlan p = ring_plan(100, 4, 4);
    for (const RingRun& run :
         {emulate_ring(ring_plan(100, 9, 4), DType::Int32, "random", 1),
          emulate_ring(p, DType::Float64, "random", 1), emulate_ring(p, DType::Int32, "noise", 1),
          emulate_ring(ring_plan(std::uint64_t(1) << 26, 8, 4), DType::Float32, "random", 1)}) {
        CHECK_FALSE(run.ok);
        CHECK(one_line(run.error));
        CHECK(run.after_step.empty());
    }
    RingPlan bad = p;
    bad.steps[2].transfers[1].to = bad.steps[2].transfers[1].from;
    const RingRun self = emulate_ring(bad, DType::Int32, "random", 1);
    CHECK_FALSE(self.ok);
    CHECK(self.error.find("sends to its own GPU") != std::string::npos);
    bad = p;
    bad.steps[0].transfers[0].count += 1;
    CHECK(emulate_ring(bad, DType::Int32, "random", 1).error.find("other than its chunk") !=
          std::string::npos);
    // Exactly 1 GiB is allowed (not run here); one element more is not.
    CHECK(emulate_ring(ring_plan((std::uint64_t(1) << 27) + 1, 2, 4), DType::Int32, "ones", 1)
              .error.find("at most") != std::string::npos);
}
