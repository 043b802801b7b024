// The facts a class relies on about the scans, computed from traces of the emulator: work and
// depth against the textbook, bank conflicts with and without padding, and which scans race.
#include <catch2/catch.hpp>

#include <map>
#include "kernels/run/block_circuit.hpp"

#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/analysis.hpp"

using namespace ws;

namespace {
trace::Trace traced(const std::string& algo, std::uint64_t n, unsigned block,
                    const std::string& schedule = "lockstep",
                    trace::ScanKind kind = trace::ScanKind::Inclusive,
                    trace::DType type = trace::DType::Int32) {
    trace::Request r;
    r.algo = algo;
    r.n = n;
    r.block = block;
    r.type = type;
    r.pattern = "random";
    r.seed = 11;
    r.schedule = schedule;
    r.kind = kind;
    return run::run_on_emulator(r);
}

// Shared-memory bank conflicts of one block, by phase.
std::map<unsigned, std::uint64_t> conflicts_by_phase(const trace::BlockTrace& b) {
    std::map<unsigned, std::uint64_t> out;
    for (const auto& inst : trace::warp_instructions(b)) {
        if (inst.kind != trace::EventKind::SharedRead && inst.kind != trace::EventKind::SharedWrite)
            continue;
        out[inst.step.phase] += trace::bank_report(b, inst).conflicts();
    }
    return out;
}
}  // namespace

TEST_CASE("measured work and depth equal the textbook formulas for tiles of 64, 256 and 1024") {
    unsigned checked = 0;
    for (const auto& v : catalog()) {
        if (v.work_formula == WorkFormula::None) continue;
        REQUIRE(measures_work_depth(v));
        for (unsigned m : {64u, 256u, 1024u}) {
            const unsigned block = m / v.elems_per_thread;
            for (auto kind : {trace::ScanKind::Inclusive, trace::ScanKind::Exclusive}) {
                const trace::Trace t = traced(v.id, m, block, "lockstep", kind);  // one full tile
                REQUIRE(t.ok);
                REQUIRE(t.grid == 1);
                const auto formula = textbook_work_depth(v, m);
                REQUIRE(formula);
                const run::MeasuredWorkDepth wd = run::measured_work_depth(t, v);
                INFO(v.id << " m=" << m << " " << trace::scan_kind_name(kind));
                CHECK(wd.work == formula->work);
                CHECK(wd.depth == formula->depth);
                ++checked;
            }
        }
    }
    CHECK(checked == 9 * 3 * 2);
    // The numbers themselves, for m = 1024 (log2 m = 10):
    CHECK(textbook_work_depth(*find_variant("scan-kogge-stone"), 1024)->work == 9217);
    CHECK(textbook_work_depth(*find_variant("scan-blelloch"), 1024)->work == 2046);
    CHECK(textbook_work_depth(*find_variant("scan-brent-kung"), 1024)->work == 2036);
    CHECK(textbook_work_depth(*find_variant("scan-brent-kung"), 1024)->depth == 18);
    CHECK(textbook_work_depth(*find_variant("scan-sklansky"), 1024)->work == 5120);
    CHECK(textbook_work_depth(*find_variant("scan-sklansky"), 1024)->depth == 10);
    // The warp scan in shared memory does the shuffle scan's additions; zero-padded, every lane
    // adds at every level: 32 * 5 a warp, 32 * 5 for the totals, 31 warps adding their prefix.
    CHECK(textbook_work_depth(*find_variant("scan-warp-smem"), 1024)->work ==
          5 * 1024 - 31 + 32 * 5);
    CHECK(textbook_work_depth(*find_variant("scan-warp-smem-zeropad"), 1024)->work ==
          32 * 32 * 5 + 32 * 5 + 31 * 32);
}

TEST_CASE("work counts additions, not data: a partial tile does the same work") {
    const auto* v = find_variant("scan-brent-kung");
    const trace::Trace full = traced(v->id, 512, 256);
    const trace::Trace partial = traced(v->id, 300, 256);
    REQUIRE(full.ok);
    REQUIRE(partial.ok);
    CHECK(trace::work_depth(full.blocks.at(0), full.source_text).work ==
          trace::work_depth(partial.blocks.at(0), partial.source_text).work);
    // and nothing at all without the marks
    CHECK(trace::work_depth(full.blocks.at(0), "no marks here").work == 0);
}

TEST_CASE("padding removes Blelloch's bank conflicts where the tree's stride is within a row") {
    // int, one tile of 2048 (block 1024, log2 m = 11). Phases 1..11 are the up-sweep, level k
    // (phase k) with offset 2^(k-1); phase 11 also clears the root; phases 12..22 the
    // down-sweep, phase 12 + j with offset 2^(10-j). Lanes of a warp are 2*offset words apart.
    const trace::Trace plain = traced("scan-blelloch", 2048, 1024);
    const trace::Trace padded = traced("scan-blelloch-padded", 2048, 1024);
    REQUIRE(plain.ok);
    REQUIRE(padded.ok);
    const auto a = conflicts_by_phase(plain.blocks.at(0));
    const auto b = conflicts_by_phase(padded.blocks.at(0));
    auto offset_of = [](unsigned phase) {
        return phase <= 11 ? 1u << (phase - 1) : 1u << (10 - (phase - 12));
    };
    unsigned levels = 0;
    for (unsigned phase = 1; phase <= 22; ++phase) {
        if (offset_of(phase) > 16) continue;  // a stride of 32 words or less
        INFO("phase " << phase << ", offset " << offset_of(phase));
        CHECK(a.at(phase) > 0);  // 2- to 32-way in the plain scan
        CHECK(b.count(phase) == 1);
        CHECK(b.at(phase) == 0);
        ++levels;
    }
    CHECK(levels == 10);  // offsets 1..16, up and down
    // Where fewer than 32 lanes work at strides of 64 words or more, 2-way conflicts remain.
    for (const auto& [phase, c] : b) {
        INFO("phase " << phase);
        CHECK(c <= a.at(phase));
    }
    CHECK(padded.totals.bank_conflicts * 20 < plain.totals.bank_conflicts);
    CHECK(plain.totals.bank_conflicts == 2520);
    CHECK(padded.totals.bank_conflicts == 40);
}

TEST_CASE("the in-place Kogge-Stone races: hazards, and wrong under the sequential schedule") {
    const trace::Trace lock = traced("scan-kogge-stone-inplace", 512, 128, "lockstep");
    const trace::Trace seq = traced("scan-kogge-stone-inplace", 512, 128, "sequential");
    CHECK(lock.ok);
    CHECK_FALSE(seq.ok);
    CHECK(seq.error.find("wrong result: element") == 0);
    CHECK(lock.totals.hazards > 0);
    const auto hazards = trace::find_hazards(lock.blocks.at(0));
    REQUIRE_FALSE(hazards.empty());
    for (const auto& h : hazards) CHECK(h.first_thread / 32 == h.second_thread / 32);  // in a warp
    CHECK(find_variant("scan-kogge-stone-inplace")->schedule_sensitive);
}

TEST_CASE("every other scan is race-free: no hazards, the same trace under every schedule") {
    for (const auto& v : catalog()) {
        if (v.family != Family::Scan || v.schedule_sensitive) continue;
        const unsigned block = usable_block(v.block_rule, 64);
        // two full tiles and a bit
        const unsigned n = tile_elements(v, block, trace::DType::Int32) * 2 + 5;
        const auto kind = v.scan_op == ScanOp::CompactPositive ? trace::ScanKind::Inclusive
                                                               : trace::ScanKind::Exclusive;
        const trace::Trace a = traced(v.id, n, block, "lockstep", kind);
        INFO(v.id << ": " << a.error);
        REQUIRE(a.ok);
        CHECK(a.totals.hazards == 0);
        for (const char* schedule : {"sequential", "random:5"}) {
            const trace::Trace b = traced(v.id, n, block, schedule, kind);
            INFO(schedule);
            CHECK(b.ok);
            CHECK(trace::first_difference(a, b) == "");
        }
    }
    CHECK_FALSE(find_variant("scan-kogge-stone")->schedule_sensitive);
}

TEST_CASE("Kogge-Stone double-buffered reads one half and writes the other: no conflicts") {
    const trace::Trace t = traced("scan-kogge-stone", 4096, 1024);
    REQUIRE(t.ok);
    CHECK(t.totals.hazards == 0);
    CHECK(t.totals.bank_conflicts == 0);
    CHECK(t.smem_bytes == 2 * 1024 * 4);
}

TEST_CASE("Sklansky's reads are broadcasts, its narrow levels write 2-way conflicts") {
    const trace::Trace t = traced("scan-sklansky", 2048, 1024);
    REQUIRE(t.ok);
    const auto c = conflicts_by_phase(t.blocks.at(0));
    for (unsigned phase = 1; phase <= 11; ++phase) {  // level k: halves of 2^(k-1)
        INFO("phase " << phase);
        REQUIRE(c.count(phase) == 1);
        if (phase <= 5)
            CHECK(c.at(phase) == 96);  // 32 warps, 3 instructions, 2-way each
        else
            CHECK(c.at(phase) == 0);
    }
}

TEST_CASE("the warp-shuffle scan uses shuffles where the others use shared memory") {
    const trace::Trace t = traced("scan-warp-shuffle", 256, 256);
    REQUIRE(t.ok);
    unsigned shuffles = 0, masked = 0;
    for (const auto& e : t.blocks.at(0).events) {
        if (e.kind != trace::EventKind::Shuffle) continue;
        ++shuffles;
        masked += e.src_lane == e.thread % 32;
    }
    CHECK(shuffles == 256 * 5 + 8 * 3);  // 5 rounds in every warp; warp 0's 8 lanes: 3 rounds
    CHECK(masked == 8 * (1 + 2 + 4 + 8 + 16) + (1 + 2 + 4));  // lanes below the offset
    CHECK(t.smem_bytes == 8 * 4);
}
