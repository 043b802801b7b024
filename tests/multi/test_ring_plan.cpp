// The all-reduce plans across k GPUs (issue 20): the chunks, the ring's and the naive plan's
// steps, the bytes their links carry, nccl-tests' bus-bandwidth factors, and bad requests.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/multi/ring_plan.hpp"

using namespace ws::multi;

namespace {

const std::vector<std::uint64_t> kSizes = {1, 2, 7, 1000, 1001, (1u << 20) + 3};

bool one_line(const std::string& s) {
    return !s.empty() && s.find('\n') == std::string::npos;
}

}  // namespace

TEST_CASE("chunks cover 0 to n in order, sizes differing by at most one", "[multi]") {
    for (std::uint64_t n : kSizes) {
        for (unsigned k = 2; k <= 8; ++k) {
            CAPTURE(n, k);
            const std::vector<ChunkRange> chunks = ring_chunks(n, k);
            REQUIRE(chunks.size() == k);
            std::uint64_t next = 0, smallest = n, largest = 0;
            for (const ChunkRange& c : chunks) {
                CHECK(c.first == next);
                next = c.first + c.count;
                smallest = std::min(smallest, c.count);
                largest = std::max(largest, c.count);
            }
            CHECK(next == n);
            CHECK(largest - smallest <= 1);
            CHECK(largest == (n + k - 1) / k);
        }
    }
    // n < k: the last chunks are empty.
    const std::vector<ChunkRange> few = ring_chunks(3, 8);
    CHECK(few[2].count == 1);
    CHECK(few[3].count == 0);
    CHECK(few[7].first == 3);
    CHECK(ring_chunks(0, 4).size() == 4);
    CHECK(ring_chunks(0, 4)[3].count == 0);
}

TEST_CASE("the ring: 2(k-1) steps of k transfers to the right neighbour", "[multi]") {
    for (std::uint64_t n : kSizes) {
        for (unsigned k = 2; k <= 8; ++k) {
            CAPTURE(n, k);
            const RingPlan p = ring_plan(n, k, 4);
            REQUIRE(p.error.empty());
            CHECK(p.algorithm == RingAlgorithm::Ring);
            REQUIRE(p.chunks.size() == k);
            REQUIRE(p.steps.size() == 2 * (k - 1));
            for (unsigned s = 0; s < p.steps.size(); ++s) {
                const RingStep& step = p.steps[s];
                const bool reduce = s + 1 < k;
                CHECK(step.phase == (reduce ? RingPhase::ReduceScatter : RingPhase::AllGather));
                REQUIRE(step.transfers.size() == k);
                std::vector<bool> sent(k), got(k);
                for (const RingTransfer& t : step.transfers) {
                    CHECK(t.to == (t.from + 1) % k);
                    CHECK(t.adds == reduce);
                    CHECK(t.first == p.chunks[t.chunk].first);
                    CHECK(t.count == p.chunks[t.chunk].count);
                    sent[t.from] = true;
                    got[t.chunk] = true;
                }
                // Every GPU sends once a step, and every chunk moves once a step.
                CHECK(std::count(sent.begin(), sent.end(), true) == int(k));
                CHECK(std::count(got.begin(), got.end(), true) == int(k));
            }
        }
    }
}

TEST_CASE("the ring's chunk schedule, written out for k = 4", "[multi]") {
    const RingPlan p = ring_plan(8, 4, 4);
    REQUIRE(p.steps.size() == 6);
    // Reduce-scatter step 1: GPU g sends chunk g - 1; all-gather step 0: chunk g + 1.
    CHECK(p.steps[1].transfers[0].chunk == 3);
    CHECK(p.steps[1].transfers[2].chunk == 1);
    CHECK(p.steps[3].transfers[0].chunk == 1);
    CHECK(p.steps[3].transfers[3].chunk == 0);
    CHECK(describe(p.steps[3].transfers[3]) == "GPU 3 -> GPU 0: chunk 0 [0, 2), overwrites");
    CHECK(describe(p.steps[0].transfers[1]) == "GPU 1 -> GPU 2: chunk 1 [2, 4), adds");
}

TEST_CASE("each ring link carries 2(k-1)/k of the array, no other link carries anything",
          "[multi]") {
    for (std::uint64_t n : kSizes) {
        for (unsigned k = 2; k <= 8; ++k) {
            for (unsigned bytes : {4u, 8u}) {
                CAPTURE(n, k, bytes);
                const RingPlan p = ring_plan(n, k, bytes);
                const std::vector<ChunkRange> chunks = ring_chunks(n, k);
                std::uint64_t busiest = 0;
                for (unsigned from = 0; from < k; ++from) {
                    for (unsigned to = 0; to < k; ++to) {
                        if (to != (from + 1) % k) {
                            CHECK(link_bytes(p, from, to) == 0);
                            continue;
                        }
                        // Every chunk but the one it completes (reduce-scatter) and every chunk
                        // but the one it receives first (all-gather).
                        const std::uint64_t want =
                            (2 * n - chunks[(from + 1) % k].count - chunks[(from + 2) % k].count) *
                            bytes;
                        CHECK(link_bytes(p, from, to) == want);
                        CHECK(gpu_bytes_sent(p, from) == want);
                        CHECK(gpu_bytes_received(p, to) == want);
                        busiest = std::max(busiest, want);
                    }
                }
                CHECK(busiest_link_bytes(p) == busiest);
                if (n % k == 0) {
                    CHECK(busiest == 2 * (k - 1) * (n / k) * bytes);
                    CHECK(double(busiest) / double(n * bytes) ==
                          Approx(bus_bandwidth_factor(Collective::AllReduce, k)));
                }
                // Every step is as long as the largest chunk.
                const std::vector<std::uint64_t> per_step = bytes_per_step_max_link(p);
                CHECK(per_step == std::vector<std::uint64_t>(2 * (k - 1), chunks[0].count * bytes));
            }
        }
    }
}

TEST_CASE("the naive plan: everything through GPU 0, whose link carries k - 1 arrays", "[multi]") {
    for (std::uint64_t n : kSizes) {
        for (unsigned k = 2; k <= 8; ++k) {
            CAPTURE(n, k);
            const RingPlan p = naive_plan(n, k, 8);
            REQUIRE(p.error.empty());
            CHECK(p.algorithm == RingAlgorithm::Naive);
            REQUIRE(p.chunks.size() == 1);
            CHECK(p.chunks[0].count == n);
            REQUIRE(p.steps.size() == 2);
            CHECK(p.steps[0].phase == RingPhase::ReduceScatter);
            CHECK(p.steps[1].phase == RingPhase::AllGather);
            REQUIRE(p.steps[0].transfers.size() == k - 1);
            REQUIRE(p.steps[1].transfers.size() == k - 1);
            for (const RingTransfer& t : p.steps[0].transfers) {
                CHECK((t.to == 0 && t.from != 0 && t.adds && t.count == n));
            }
            for (const RingTransfer& t : p.steps[1].transfers) {
                CHECK((t.from == 0 && t.to != 0 && !t.adds && t.count == n));
            }
            for (unsigned g = 1; g < k; ++g) {
                CHECK(link_bytes(p, g, 0) == n * 8);
                CHECK(link_bytes(p, 0, g) == n * 8);
                for (unsigned h = 1; h < k; ++h) CHECK(link_bytes(p, g, h) == 0);
            }
            const std::uint64_t gpu0 = (k - 1) * n * 8;
            CHECK(gpu_bytes_received(p, 0) == gpu0);
            CHECK(gpu_bytes_sent(p, 0) == gpu0);
            CHECK(busiest_link_bytes(p) == gpu0);
            CHECK(bytes_per_step_max_link(p) == std::vector<std::uint64_t>{gpu0, gpu0});

            // The ring never loads a link more, and from 3 GPUs on strictly less.
            const RingPlan ring = ring_plan(n, k, 8);
            if (k >= 3 && n >= k) CHECK(busiest_link_bytes(ring) < gpu0);
            CHECK(busiest_link_bytes(ring) <= gpu0);
        }
    }
}

TEST_CASE("nccl-tests' algorithm and bus bandwidth", "[multi]") {
    CHECK(algorithm_bandwidth(1'000'000'000, 0.5) == Approx(2e9));
    CHECK(bus_bandwidth_factor(Collective::AllReduce, 2) == Approx(1.0));
    CHECK(bus_bandwidth_factor(Collective::AllReduce, 8) == Approx(1.75));
    CHECK(bus_bandwidth_factor(Collective::ReduceScatter, 8) == Approx(0.875));
    CHECK(bus_bandwidth_factor(Collective::AllGather, 2) == Approx(0.5));
    CHECK(bus_bandwidth_factor(Collective::AllGather, 4) == Approx(0.75));
    CHECK(bus_bandwidth_factor(Collective::AllReduce, 0) == 0);
    CHECK(bus_bandwidth(Collective::AllReduce, 4, 4'000'000'000, 2.0) == Approx(3e9));
}

TEST_CASE("bad GPU counts, element sizes and sizes give one-line errors", "[multi]") {
    for (unsigned k : {0u, 1u, 9u, 64u}) {
        CAPTURE(k);
        for (const RingPlan& p : {ring_plan(100, k, 4), naive_plan(100, k, 4)}) {
            CHECK(one_line(p.error));
            CHECK(p.error.find(std::to_string(k)) != std::string::npos);
            CHECK(p.steps.empty());
            CHECK(p.chunks.empty());
        }
    }
    for (unsigned bytes : {0u, 1u, 2u, 16u}) {
        CAPTURE(bytes);
        CHECK(one_line(ring_plan(100, 4, bytes).error));
        CHECK(one_line(naive_plan(100, 4, bytes).error));
    }
    CHECK(one_line(ring_plan(0, 4, 4).error));
    CHECK(one_line(ring_plan(~std::uint64_t(0) / 8, 8, 8).error));
    CHECK(ring_plan(1, 8, 8).error.empty());
    CHECK(ring_plan(1, 2, 4).error.empty());
}
