// first_difference: equal traces say nothing; each kind of difference is named, with its place.
#include <catch2/catch.hpp>

#include <cstring>

#include "kernels/trace/analysis.hpp"
#include "tests/trace/trace_builders.hpp"

using namespace ws::trace;

namespace {

// Index of thread t's k-th event in test::small_block (thread 0 has 6 events, threads 1..31
// have 5, threads 32..63 have 2).
std::size_t event_index(unsigned t, unsigned k) {
    if (t == 0) return k;
    if (t < 32) return 6 + 5 * (t - 1) + k;
    return 6 + 5 * 31 + 2 * (t - 32) + k;
}

std::uint64_t float_bits(float f) {
    std::uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

}  // namespace

TEST_CASE("equal traces have no difference", "[trace][difference]") {
    Trace a = test::small_trace(), b = test::small_trace();
    CHECK(first_difference(a, b) == "");
    // Where and how it was recorded is not content.
    b.backend = "cuda";
    b.device = "NVIDIA H100";
    b.recorded_at = "2025-01-01T00:00:00Z";
    b.request.schedule = "lockstep";
    b.source_text = "";
    b.ok = false;
    CHECK(first_difference(a, b) == "");
}

TEST_CASE("an event value difference names block, step, warp, lane and line",
          "[trace][difference]") {
    Trace a = test::small_trace(), b = test::small_trace();
    std::size_t i = event_index(3, 2);  // thread 3's first read in phase 1: s[3] = 4
    REQUIRE(b.blocks[0].events[i].value == 4);
    b.blocks[0].events[i].value = 5;
    CHECK(first_difference(a, b) ==
          "block 0, step (1,0), warp 0 lane 3, event #18 (line 22 SharedRead): value: 4 vs 5");
    CHECK(first_difference(b, a) ==
          "block 0, step (1,0), warp 0 lane 3, event #18 (line 22 SharedRead): value: 5 vs 4");
}

TEST_CASE("other event fields", "[trace][difference]") {
    Trace a = test::small_trace(), b = test::small_trace();
    std::size_t i = event_index(35, 0);
    SECTION("address, in the second block") {
        b.blocks[1].events[i].address += 4;
        CHECK(first_difference(a, b) ==
              "block 1, step (0,0), warp 1 lane 3, event #167 (line 20 GlobalRead): "
              "address: 396 vs 400");
    }
    SECTION("step") {
        b.blocks[0].events[i].phase = 2;
        CHECK(first_difference(a, b).find("event #167") != std::string::npos);
        CHECK(first_difference(a, b).find("step: (0,0) vs (2,0)") != std::string::npos);
    }
    SECTION("line and kind") {
        b.blocks[0].events[i].line = 99;
        CHECK(first_difference(a, b).find("line: 20 vs 99") != std::string::npos);
        b.blocks[0].events[i].line = 20;
        b.blocks[0].events[i].kind = EventKind::Atomic;
        CHECK(first_difference(a, b).find("kind: GlobalRead vs Atomic") != std::string::npos);
    }
    SECTION("values that print alike show their bits") {
        b.blocks[0].events[i].value |= 1ull << 40;
        CHECK(first_difference(a, b).find("value: 36 (0x24) vs 36 (0x10000000024)") !=
              std::string::npos);
    }
    SECTION("float values print as floats") {
        a.smem_type = b.smem_type = DType::Float32;
        std::size_t w = event_index(35, 1);  // a shared write
        a.blocks[0].events[w].value = float_bits(1.5f);
        b.blocks[0].events[w].value = float_bits(0.1f);
        CHECK(first_difference(a, b).find("value: 1.5 vs 0.1") != std::string::npos);
    }
}

TEST_CASE("a missing event is named", "[trace][difference]") {
    Trace a = test::small_trace(), b = test::small_trace();
    b.blocks[0].events.pop_back();
    CHECK(first_difference(a, b) ==
          "block 0, step (0,0), warp 1 lane 31, event #224 (line 20 SharedWrite): only in the "
          "first trace (225 vs 224 events)");
}

TEST_CASE("snapshots are compared where writes defined them", "[trace][difference]") {
    Trace a = test::small_trace(), b = test::small_trace();
    SECTION("a defined byte") {
        b.blocks[0].snapshots[1].bytes[4] = 37;  // s[1] = 2 + 34 = 36
        CHECK(first_difference(a, b) ==
              "block 0, snapshot at the barrier closing phase 1, s[1] (byte 4): 36 vs 37");
    }
    SECTION("bytes no write defined") {
        a.smem_bytes = b.smem_bytes = 264;
        for (Trace* t : {&a, &b})
            for (Snapshot& s : t->blocks[0].snapshots) s.bytes.resize(264, 0);
        b.blocks[0].snapshots[0].bytes[260] = 0xab;
        CHECK(first_difference(a, b) == "");
    }
    SECTION("a short snapshot") {
        b.blocks[0].snapshots[0].bytes.resize(100);
        CHECK(first_difference(a, b) ==
              "block 0, snapshot at the barrier closing phase 0, s[25] (byte 100): present vs "
              "missing (snapshot sizes 256 vs 100 bytes)");
    }
    SECTION("the phases") {
        b.blocks[1].snapshots.pop_back();
        CHECK(first_difference(a, b) == "block 1, snapshot phases: [0,1] vs [0]");
    }
}

TEST_CASE("sizes, blocks, totals and results", "[trace][difference]") {
    Trace a = test::small_trace(), b = test::small_trace();
    SECTION("threads per block") {
        b.threads_per_block = 32;
        CHECK(first_difference(a, b) == "threads per block: 64 vs 32");
    }
    SECTION("grid") {
        b.grid = 3;
        CHECK(first_difference(a, b) == "grid: 2 vs 3");
    }
    SECTION("shared memory size") {
        b.smem_bytes = 512;
        CHECK(first_difference(a, b) == "shared memory bytes: 256 vs 512");
    }
    SECTION("block count and ids") {
        b.blocks.pop_back();
        CHECK(first_difference(a, b) == "traced blocks: 2 vs 1");
        b = a;
        b.blocks[1].block = 7;
        CHECK(first_difference(a, b) == "traced block #1 id: 1 vs 7");
    }
    SECTION("truncation") {
        b.blocks[0].truncated = true;
        CHECK(first_difference(a, b) == "block 0, truncated: no vs yes");
    }
    SECTION("totals") {
        b.totals.bank_conflicts += 3;
        CHECK(first_difference(a, b) == "totals bank_conflicts: 0 vs 3");
    }
    SECTION("result") {
        b.result = Value::of(std::int32_t{8257});
        CHECK(first_difference(a, b) == "result: 8256 vs 8257");
        b.result = Value::of(8256.0);
        CHECK(first_difference(a, b) == "result: 8256 (int) vs 8256 (double)");
    }
}
