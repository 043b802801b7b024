// Transaction barriers and the copy engine on the emulator: a two-stage pipeline (one producer
// lane issuing bulk copies, a consumer warp) is right under every copy policy and thread
// schedule; the policies decide when copies land (a consumer waits on a loading stage under
// `lazy`, never under `prompt`; `random` lands out of issue order); the parity rule and each
// misuse end the launch in one line.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "kernels/sim/emulator.hpp"
#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;
namespace sim = ws::sim;

namespace {

// Shared memory of the toy: two stages of 64 ints, then full[2] and empty[2] barriers.
constexpr unsigned kTileInts = 64, kStages = 2, kTiles = 6;
constexpr unsigned kStageBytes = kTileInts * 4;
constexpr unsigned kFull = kStages * kStageBytes, kEmpty = kFull + 16, kSmem = kEmpty + 16;

std::uint8_t* smem_at(unsigned offset) {
    return sim::dynamic_smem() + offset;
}

// Counts landings, and what a test wants to know when a consumer starts to wait.
struct Landings : sim::BlockObserver {
    std::vector<unsigned> ordinals;
    void copy_landed(unsigned, unsigned, unsigned ordinal) override { ordinals.push_back(ordinal); }
};

// The consumer warp's lane sums of each tile; `landed_at_wait[i]`: copies landed when lane 0 of
// the consumer began to wait for tile i.
struct ToyResult {
    std::vector<long long> sums;
    std::vector<std::size_t> landed_at_wait;
    std::vector<unsigned> ordinals;
};

ToyResult run_toy(const char* schedule) {
    std::vector<int> input(kTiles * kTileInts);
    std::iota(input.begin(), input.end(), 1);
    alignas(16) static int aligned[kTiles * kTileInts];
    std::copy(input.begin(), input.end(), aligned);
    ToyResult r;
    r.sums.assign(kTiles * 32, 0);
    r.landed_at_wait.assign(kTiles, 0);
    Landings landings;
    const auto e = sim::launch(
        config(1, 64, kSmem, schedule),
        [&] {
            const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
            if (threadIdx.x == 0) {
                for (unsigned s = 0; s < kStages; ++s) {
                    sim::tx_init(smem_at(kFull + 8 * s), 1, __LINE__);
                    sim::tx_init(smem_at(kEmpty + 8 * s), 32, __LINE__);
                }
                sim::tx_init_fence(__LINE__);
            }
            __syncthreads();
            if (warp == 0) {
                if (lane != 0) return;
                for (unsigned i = 0; i < kTiles; ++i) {
                    const unsigned s = i % kStages;
                    if (i >= kStages) sim::tx_wait(smem_at(kEmpty + 8 * s), i / kStages - 1, 70);
                    sim::tx_arrive(smem_at(kFull + 8 * s), kStageBytes, __LINE__);
                    sim::bulk_copy(smem_at(s * kStageBytes), aligned + i * kTileInts, kStageBytes,
                                   smem_at(kFull + 8 * s), __LINE__);
                    sim::yield_point();
                }
                return;
            }
            for (unsigned i = 0; i < kTiles; ++i) {
                const unsigned s = i % kStages;
                if (lane == 0) r.landed_at_wait[i] = landings.ordinals.size();
                sim::tx_wait(smem_at(kFull + 8 * s), i / kStages, 80);
                const int* stage = reinterpret_cast<const int*>(smem_at(s * kStageBytes));
                for (unsigned k = lane; k < kTileInts; k += 32) {
                    sim::check_shared_access(s * kStageBytes + 4 * k, 4, false, 84);
                    r.sums[i * 32 + lane] += stage[k];
                    sim::yield_point();
                }
                sim::tx_arrive(smem_at(kEmpty + 8 * s), 0, __LINE__);
            }
        },
        &landings);
    INFO((e ? e->message : "no error"));
    REQUIRE_FALSE(e);
    r.ordinals = landings.ordinals;
    for (unsigned i = 0; i < kTiles; ++i)
        for (unsigned lane = 0; lane < 32; ++lane) {
            long long want = 0;
            for (unsigned k = lane; k < kTileInts; k += 32) want += input[i * kTileInts + k];
            CHECK(r.sums[i * 32 + lane] == want);
        }
    return r;
}

std::string error_of(const char* schedule, const std::function<void()>& body,
                     std::size_t smem = kSmem) {
    const KernelError e = run_expecting_error(config(1, 64, smem, schedule), body);
    CHECK(e.message.find('\n') == std::string::npos);
    return e.message;
}

bool contains(const std::string& text, const std::string& part) {
    INFO(text);
    return text.find(part) != std::string::npos;
}

// thread 0 sets up the toy's barriers; everybody meets.
void init_barriers(bool fence = true) {
    if (threadIdx.x == 0) {
        for (unsigned s = 0; s < kStages; ++s) {
            sim::tx_init(smem_at(kFull + 8 * s), 1, 10);
            sim::tx_init(smem_at(kEmpty + 8 * s), 32, 11);
        }
        if (fence) sim::tx_init_fence(12);
    }
    __syncthreads();
}

alignas(16) int g_source[256];

}  // namespace

TEST_CASE("a two-stage copy-engine pipeline is right under every copy policy and schedule") {
    for (const char* schedule :
         {"lockstep", "sequential", "random:5", "converged", "lockstep,copies=delay:0",
          "lockstep,copies=delay:7", "lockstep,copies=lazy", "random:2,copies=lazy",
          "lockstep,copies=random:3", "random:9,copies=random:4", "sequential,copies=lazy"}) {
        INFO(schedule);
        const ToyResult r = run_toy(schedule);
        CHECK(r.ordinals.size() == kTiles);
    }
}

TEST_CASE("the copy policy decides whether a consumer finds its stage still loading") {
    const ToyResult prompt = run_toy("lockstep");
    const ToyResult lazy = run_toy("lockstep,copies=lazy");
    // Prompt: a copy lands at the next decision, before the consumer's lanes get there.
    for (unsigned i = 0; i < kTiles; ++i) CHECK(prompt.landed_at_wait[i] > i);
    // Lazy: the consumer reaches tile 0's stage before its copy lands.
    CHECK(lazy.landed_at_wait[0] == 0);
    CHECK(std::count_if(lazy.landed_at_wait.begin(), lazy.landed_at_wait.end(),
                        [i = 0u](std::size_t landed) mutable { return landed <= i++; }) > 0);
    // Both land in issue order.
    for (const auto* r : {&prompt, &lazy})
        for (unsigned i = 0; i < kTiles; ++i) CHECK(r->ordinals[i] == i);
}

TEST_CASE("random copy completion lands copies in flight out of issue order") {
    // Lane 0 issues four copies onto one barrier and waits for them all.
    const auto landing_order = [](const char* schedule) {
        Landings landings;
        std::vector<int> got(4 * 4, 0);
        const auto e = sim::launch(
            config(1, 32, kSmem, schedule),
            [&] {
                init_barriers();
                if (threadIdx.x != 0) return;
                sim::tx_arrive(smem_at(kFull), 4 * 16, 130);
                for (unsigned k = 0; k < 4; ++k)
                    sim::bulk_copy(smem_at(k * 16), g_source + 4 * k, 16, smem_at(kFull), 131);
                sim::tx_wait(smem_at(kFull), 0, 132);
                std::copy_n(reinterpret_cast<const int*>(smem_at(0)), 16, got.begin());
            },
            &landings);
        INFO((e ? e->message : "no error"));
        REQUIRE_FALSE(e);
        CHECK(std::equal(got.begin(), got.end(), g_source));
        return landings.ordinals;
    };
    std::iota(std::begin(g_source), std::end(g_source), 100);
    CHECK(landing_order("lockstep") == std::vector<unsigned>{0, 1, 2, 3});
    CHECK(landing_order("lockstep,copies=lazy") == std::vector<unsigned>{0, 1, 2, 3});
    unsigned shuffled = 0;
    for (unsigned seed = 1; seed <= 10; ++seed) {
        const std::string schedule = "lockstep,copies=random:" + std::to_string(seed);
        std::vector<unsigned> order = landing_order(schedule.c_str());
        REQUIRE(order.size() == 4);
        shuffled += !std::is_sorted(order.begin(), order.end());
        std::sort(order.begin(), order.end());
        CHECK(order == std::vector<unsigned>{0, 1, 2, 3});
    }
    CHECK(shuffled >= 5);
}

TEST_CASE("a wait whose parity a GPU reads differently from its round is an error") {
    SECTION("one round ahead: a GPU returns at once") {
        const auto m = error_of("lockstep", [] {
            init_barriers();
            if (threadIdx.x == 0) sim::tx_wait(smem_at(kFull), 1, 90);
        });
        CHECK(contains(m, "line 90"));
        CHECK(contains(m,
                       "waits for round 1 of the transaction barrier at shared byte 512, "
                       "which is in round 0, not over: a GPU tests only the parity"));
        CHECK(contains(m, "returns at once"));
    }
    SECTION("two rounds back: the parity names a later round") {
        const auto m = error_of("lockstep", [] {
            init_barriers();
            if (threadIdx.x != 0) return;
            for (int k = 0; k < 2; ++k) sim::tx_arrive(smem_at(kFull), 0, 91);
            sim::tx_wait(smem_at(kFull), 0, 92);
        });
        CHECK(contains(m,
                       "waits for round 0 of the transaction barrier at shared byte 512, "
                       "which is in round 2: a GPU tests only the parity, which now names "
                       "round 2"));
    }
    SECTION("the round just over returns; the one before it too") {
        std::vector<int> passed(2, 0);
        run(config(1, 64, kSmem), [&] {
            init_barriers();
            if (threadIdx.x != 0) return;
            sim::tx_arrive(smem_at(kFull), 0, 93);
            sim::tx_wait(smem_at(kFull), 0, 94);
            passed[0] = 1;
            sim::tx_arrive(smem_at(kFull), 0, 95);
            sim::tx_wait(smem_at(kFull), 1, 96);
            passed[1] = 1;
        });
        CHECK(passed == std::vector<int>{1, 1});
    }
    require_emulator_still_works();
}

TEST_CASE("each misuse of a transaction barrier or a bulk copy ends the launch in one line") {
    const auto lane0 = [](auto body) {
        return [body] {
            init_barriers();
            if (threadIdx.x == 0) body();
        };
    };
    CHECK(contains(error_of("lockstep",
                            [] {
                                if (threadIdx.x == 0) sim::tx_arrive(smem_at(kFull), 0, 100);
                            }),
                   "line 100, block 0 thread 0: the transaction barrier at shared byte 512 is "
                   "used before tx_init"));
    CHECK(contains(error_of("lockstep", lane0([] { sim::tx_init(smem_at(kFull), 1, 101); })),
                   "was already initialised on line 10"));
    CHECK(contains(error_of("lockstep", lane0([] { sim::tx_init(smem_at(4), 1, 102); })),
                   "shared byte 4 is not 8-byte aligned"));
    CHECK(contains(error_of("lockstep", lane0([] { sim::tx_init(smem_at(kSmem), 1, 103); })),
                   "is not in the block's dynamic shared memory"));
    CHECK(contains(error_of("lockstep",
                            [] {
                                init_barriers(false);
                                if (threadIdx.x == 0)
                                    sim::bulk_copy(smem_at(0), g_source, 256, smem_at(kFull), 104);
                            }),
                   "a bulk copy before tx_init_fence"));
    CHECK(contains(error_of("lockstep", lane0([] {
                                sim::bulk_copy(smem_at(0), g_source, 40, smem_at(kFull), 105);
                            })),
                   "40 bytes: the size must be a non-zero multiple of 16"));
    CHECK(contains(error_of("lockstep", lane0([] {
                                sim::bulk_copy(smem_at(8), g_source, 64, smem_at(kFull), 106);
                            })),
                   "must be 16-byte aligned (shared byte 8)"));
    CHECK(contains(error_of("lockstep", lane0([] {
                                sim::bulk_copy(smem_at(kFull - 16), g_source, 32, smem_at(kFull),
                                               107);
                            })),
                   "overwrites its own barrier"));
    CHECK(contains(error_of("lockstep,copies=lazy", lane0([] {
                                sim::tx_arrive(smem_at(kFull), 512, 108);
                                sim::bulk_copy(smem_at(0), g_source, 256, smem_at(kFull), 108);
                                sim::bulk_copy(smem_at(128), g_source, 256, smem_at(kFull), 109);
                            })),
                   "overlaps a copy still in flight (issued on line 108 by thread 0)"));
    CHECK(contains(error_of("lockstep,copies=lazy", lane0([] {
                                sim::tx_arrive(smem_at(kFull), 256, 110);
                                sim::bulk_copy(smem_at(0), g_source, 256, smem_at(kFull), 110);
                                sim::check_shared_access(100, 4, false, 111);
                            })),
                   "line 111, block 0 thread 0: reads shared byte 100, which the copy engine is "
                   "still writing (the bulk copy on line 110)"));
    CHECK(contains(
        error_of("lockstep", lane0([] { sim::check_shared_access(kEmpty + 4, 8, true, 112); })),
        "writes the transaction barrier at shared byte 528 as plain shared memory"));
    CHECK(contains(error_of("lockstep", lane0([] {
                                sim::tx_arrive(smem_at(kFull), 16, 113);
                                sim::tx_arrive(smem_at(kFull), 0, 114);
                            })),
                   "round 0 already has its 1 arrivals (it waits for 16 bytes)"));
    CHECK(contains(error_of("lockstep", lane0([] {
                                sim::tx_arrive(smem_at(kFull), 16, 115);
                                sim::bulk_copy(smem_at(0), g_source, 32, smem_at(kFull), 116);
                            })),
                   "a copy completed 16 more bytes than round 0's arrivals announced"));
    require_emulator_still_works();
}

TEST_CASE("a stage nothing will fill is a deadlock naming the barrier, its round and arrivals") {
    const auto m = error_of("lockstep", [] {
        init_barriers();
        if (threadIdx.x / 32 == 1) sim::tx_wait(smem_at(kFull + 8), 0, 120);
    });
    CHECK(contains(m,
                   "line 120, block 0 thread 32: no thread left can let it go on (deadlock): "
                   "it waits on line 120 for round 0 of the transaction barrier at shared "
                   "byte 520 (0 of 1 arrivals)"));
    CHECK(contains(m, "32 threads have exited"));
    const auto bytes = error_of("lockstep", [] {
        init_barriers();
        if (threadIdx.x == 0) sim::tx_arrive(smem_at(kFull), 64, 121);
        if (threadIdx.x == 32) sim::tx_wait(smem_at(kFull), 0, 122);
    });
    CHECK(contains(bytes, "(1 of 1 arrivals, 64 bytes not yet completed)"));
    require_emulator_still_works();
}
