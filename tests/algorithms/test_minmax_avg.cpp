// reduce-minmax-avg, the wiki's binary tree: min, max, sum and the average of averages from one
// tree, any block size (the catalog's block rule), checked against the CPU, with the true
// average beside the wiki's.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "kernels/catalog.hpp"
#include "kernels/reduce_plan.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/reduce_check.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/trace/trace_file.hpp"

using namespace ws;

namespace {
const VariantInfo& minmax() {
    return *find_variant("reduce-minmax-avg");
}

trace::Trace emulate(std::uint64_t n, unsigned block, trace::DType type, bool record = false,
                     const std::string& pattern = "random") {
    trace::Request r;
    r.algo = "reduce-minmax-avg";
    r.n = n;
    r.block = block;
    r.type = type;
    r.pattern = pattern;
    r.seed = n + block;
    run::RunOptions o;
    o.record = record;
    o.count_totals = record;
    return run::run_on_emulator(r, o);
}

std::string block_error(const std::string& algo, const std::string& block) {
    run::RequestText t;
    t.algo = algo;
    t.n = "1000";
    t.block = block;
    return run::parse_request(t).error;
}
}  // namespace

TEST_CASE(
    "the block rule is the catalog's: any size for minmax-avg and the memory family's "
    "elementwise kernels, powers of two elsewhere",
    "[catalog][minmax]") {
    CHECK(minmax().block_rule == BlockRule::Any1To1024);
    for (unsigned b : {1u, 7u, 96u, 100u, 1000u, 1024u})
        CHECK(accepts_block(minmax().block_rule, b));
    for (unsigned b : {0u, 1025u}) CHECK_FALSE(accepts_block(minmax().block_rule, b));
    for (const VariantInfo& v : catalog()) {
        if (&v == &minmax()) continue;
        INFO(v.id);
        // aos-vs-soa shuffles across whole warps; the other memory kernels take any block;
        // scan-pipeline has a warp for each job
        const bool any = v.family == Family::Memory && v.scan_op != ScanOp::FieldSums;
        const bool pipeline = std::string(v.id) == "scan-pipeline";
        CHECK(v.block_rule == (any        ? BlockRule::Any1To1024
                               : pipeline ? BlockRule::PipelineWarps
                                          : BlockRule::PowerOfTwo32To1024));
    }
    CHECK(accepts_block(BlockRule::PowerOfTwo32To1024, 256));
    for (unsigned b : {1u, 16u, 96u, 100u, 2048u})
        CHECK_FALSE(accepts_block(BlockRule::PowerOfTwo32To1024, b));
    CHECK(block_error("reduce-minmax-avg", "100").empty());
    CHECK(block_error("reduce-minmax-avg", "1").empty());
    CHECK(block_error("reduce-minmax-avg", "1025") ==
          "--block 1025: reduce-minmax-avg needs any size from 1 to 1024");
    CHECK(block_error("reduce-minmax-avg", "0") ==
          "--block 0: reduce-minmax-avg needs any size from 1 to 1024");
    CHECK(block_error("reduce-sequential", "100") ==
          "--block 100: reduce-sequential needs a power of two from 32 to 1024");
    std::string help;
    for (const run::RequestField& f : run::request_fields())
        if (std::string(f.flag) == "--block") help = f.help;
    CHECK(help.find("(reduce-minmax-avg, copy-scalar, copy-vector2, copy-vector4, copy-strided, "
                    "loop-divergence: any size from 1 to 1024; scan-pipeline: exactly 224: a "
                    "producer, an aggregator, a look-back warp and four consumer warps); default "
                    "256, or the one size allowed") != std::string::npos);
    CHECK(block_error("scan-pipeline", "256") ==
          "--block 256: scan-pipeline needs exactly 224: a producer, an aggregator, a look-back "
          "warp and four consumer warps");
    CHECK(block_error("scan-pipeline", "224").empty());
    for (BlockRule r :
         {BlockRule::PowerOfTwo32To1024, BlockRule::Any1To1024, BlockRule::PipelineWarps})
        for (unsigned b : block_presets(r)) CHECK(accepts_block(r, b));
}

TEST_CASE("minmax-avg's plan: four arrays of partials, bytes counted for all four",
          "[plan][minmax]") {
    const ReducePlan p = reduce_plan(minmax(), 1000, 100, trace::DType::Int32);
    REQUIRE(p.launches.size() == 2);
    CHECK(p.output_elements == 4);
    CHECK(p.launches[0].step == ReduceStep::Pass);
    CHECK(p.launches[0].grid == 10);
    CHECK(p.launches[0].smem_bytes == 4 * 100 * 4);
    CHECK(p.launches[0].bytes == (1000 + 4 * 10) * 4);
    CHECK(p.launches[1].step == ReduceStep::PartialsPass);
    CHECK(p.launches[1].count == 10);
    CHECK(p.launches[1].grid == 1);
    CHECK(p.launches[1].bytes == (4 * 10 + 4) * 4);
    CHECK(p.scratch == std::vector<std::uint64_t>{40});
    // Blocks of one thread cannot shrink the partials: the later passes take two.
    const ReducePlan one = reduce_plan(minmax(), 5, 1, trace::DType::Int32);
    REQUIRE(one.launches.size() == 4);  // 5 -> 3 -> 2 -> 1
    CHECK(one.launches[0].block == 1);
    CHECK(one.launches[1].block == 2);
    CHECK(one.launches.back().grid == 1);
}

TEST_CASE("the CPU model of the average of averages", "[minmax]") {
    // 3 elements in a block of 3: the tree rounds up to 4; level 1 pairs 0 with 2, level 2
    // pairs 0 with 1: ((0 + 4) / 2 + 2) / 2 = 2 (= the true average by luck).
    CHECK(run::average_of_averages(minmax(), std::vector<double>{0, 2, 4}, 3) == 2.0);
    // {0, 0, 6}: ((0 + 6) / 2 + 0) / 2 = 1.5; the true average is 2.
    CHECK(run::average_of_averages(minmax(), std::vector<double>{0, 0, 6}, 3) == 1.5);
    // A power of two: the average of averages is the average.
    CHECK(run::average_of_averages(minmax(), std::vector<double>{1, 2, 3, 6}, 4) == 3.0);
    // Across blocks: {1,2,3,6} and {8} in blocks of 4: (3 + 8) / 2 = 5.5; the average is 4.
    CHECK(run::average_of_averages(minmax(), std::vector<double>{1, 2, 3, 6, 8}, 4) == 5.5);
    // int: each halving truncates.
    CHECK(run::average_of_averages(minmax(), std::vector<int>{1, 2}, 2) == 1);
}

TEST_CASE("minmax-avg is right on every type, odd sizes and blocks that are not powers of two",
          "[minmax]") {
    for (unsigned block : {1u, 7u, 96u, 100u, 1000u, 1024u})
        for (trace::DType type : trace::kAllDTypes)
            for (std::uint64_t n : {1ull, 2ull, 7ull, 99ull, 100ull, 1001ull, 4099ull}) {
                if (block == 1 && n > 1001) continue;
                const trace::Trace t = emulate(n, block, type);
                INFO("block=" << block << " " << trace::dtype_name(type) << " n=" << n << ": "
                              << t.error);
                REQUIRE(t.ok);
                REQUIRE(t.results.size() == 4);
                CHECK(t.results[0].name == "min");
                CHECK(t.results[3].name == "avg");
                CHECK(t.results[2].result.bits == t.result.bits);
                CHECK(std::isfinite(t.results[3].exact));
            }
}

TEST_CASE("a block of 100 shows the lesson: the average of averages is not the average",
          "[minmax]") {
    // Random doubles: the first level averages 36 pairs and leaves 28 values alone, and the
    // later levels weigh those halves equally although they count different numbers.
    const trace::Trace t = emulate(100, 100, trace::DType::Float64, true, "random");
    REQUIRE(t.ok);
    REQUIRE(t.results.size() == 4);
    const std::vector<double> x = run::make_input<double>("random", 100, 200);
    double sum = 0;
    for (double v : x) sum += v;
    CHECK(t.results[0].result.as_double() == *std::min_element(x.begin(), x.end()));
    CHECK(t.results[1].result.as_double() == *std::max_element(x.begin(), x.end()));
    CHECK(t.results[2].result.as_double() == Approx(sum).epsilon(1e-12));
    CHECK(t.results[3].exact == Approx(sum / 100).epsilon(1e-12));
    CHECK(std::abs(t.results[3].result.as_double() - t.results[3].exact) > 1e-4);
    CHECK(t.results[3].result.bits == t.results[3].expected.bits);
    CHECK(run::results_text(t, true).find("(true average ") != std::string::npos);
    // A ramp is evenly spread: there the average of averages happens to be right.
    const trace::Trace ramp = emulate(100, 100, trace::DType::Float64, true, "ramp");
    CHECK(run::results_text(ramp).rfind("min 0, max 99, sum 4950, avg 49.5", 0) == 0);
    CHECK(ramp.results[3].result.as_double() == ramp.results[3].exact);
    // Four arrays of 100 in shared memory, recorded.
    REQUIRE(t.blocks.size() == 1);
    CHECK(t.smem_bytes == 4 * 100 * 8);
    // A power-of-two count: right.
    const trace::Trace even = emulate(64, 64, trace::DType::Float64, false, "ramp");
    CHECK(even.results[3].result.as_double() == even.results[3].exact);
}

TEST_CASE("a trace file keeps the four results", "[minmax][trace-file]") {
    const trace::Trace t = emulate(100, 100, trace::DType::Float32, true);
    const trace::LoadResult back = trace::decode_trace(trace::encode_trace(t));
    REQUIRE(back.error.empty());
    REQUIRE(back.trace.results.size() == 4);
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(back.trace.results[i].name == t.results[i].name);
        CHECK(back.trace.results[i].result.bits == t.results[i].result.bits);
        CHECK(back.trace.results[i].expected.bits == t.results[i].expected.bits);
    }
    CHECK(back.trace.results[3].exact == t.results[3].exact);
    CHECK(std::isnan(back.trace.results[0].exact));
}
