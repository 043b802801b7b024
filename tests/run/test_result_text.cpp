// A block's result in words (kernels/run/result_text.hpp; the shared-memory panel's header shows
// it): what the traced block wrote to the kernel's output array, not the run's result. Worded in
// kernels/run, beside the result checks, so that a new kind of algorithm needs no edit of ui/.
#include <catch2/catch.hpp>

#include <string>

#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/run/result_text.hpp"

using namespace ws;
using run::ordinal;

namespace {

// A request as the controls would make it (n as written, one traced block).
struct Form {
    std::string algo, n = "64";
    std::uint32_t block = 32, traced_block = 0;
    std::string pattern = "ramp";
    trace::DType type = trace::DType::Int32;
};

// What the traced block of `f`'s run on the emulator computed, in words.
struct Ran {
    trace::Trace trace;
    std::string block_result;
};
Ran ran(const Form& f) {
    run::RequestText text;
    text.algo = f.algo;
    text.n = f.n;
    text.block = std::to_string(f.block);
    text.type = trace::dtype_name(f.type);
    text.pattern = f.pattern;
    text.blocks = std::to_string(f.traced_block);
    run::RequestRules rules;
    rules.one_block = true;
    const run::ParsedRequest p = run::parse_request(text, rules);
    INFO(p.error);
    REQUIRE(p.ok());
    Ran out;
    out.trace = run::run_on_emulator(p.request);
    REQUIRE(!out.trace.blocks.empty());
    const std::uint32_t threads =
        out.trace.threads_per_block ? out.trace.threads_per_block : out.trace.request.block;
    out.block_result = run::block_result(out.trace, out.trace.blocks.front(), threads,
                                         find_variant(out.trace.request.algo));
    return out;
}

}  // namespace

TEST_CASE("a lone block's result is the run's, in every kernel", "[block_result]") {
    // One block, one pass: the block's sum is the run's sum, its last element the scan's last.
    for (const VariantInfo& info : catalog()) {
        for (trace::DType type : {trace::DType::Int32, trace::DType::Float32}) {
            INFO(info.id << " " << trace::dtype_name(type));
            Form f;
            f.algo = info.id;
            f.block = usable_block(info.block_rule, 64);
            f.n = std::to_string(accepted_count(info, tile_elements(info, f.block, type) - 5));
            f.pattern = "random";
            f.type = type;
            const Ran v = ran(f);
            REQUIRE(v.trace.grid == 1);
            const std::string value = trace::format_value(v.trace.result.as_double(), type);
            if (info.reduce_op == ReduceOp::MinMaxSumAvg)  // "min .., max .., sum .., avg .."
                CHECK(v.block_result.find(", sum " + value + ",") != std::string::npos);
            else if (info.scan_op == ScanOp::CompactPositive)  // its writes: one a kept element
                CHECK(v.block_result == "kept " + value + " (those > 0)");
            else if (info.scan_op == ScanOp::FieldSums)  // its first word: the AoS sum
                CHECK(v.block_result == "sum of x (AoS) " + value);
            else
                CHECK(v.block_result == (writes_array(info.family)
                                             ? std::string("last element ")
                                             : result_word(info.reduce_op) + std::string(" ")) +
                                            value);
        }
    }
}

TEST_CASE("a block of several says its own part", "[block_result]") {
    // n = 512, block 256, ramp i mod 256: each block sums 0..255; the run sums both.
    Form strided{"reduce-interleaved-strided", "512", 256};
    Ran v = ran(strided);
    CHECK(v.block_result == "sum 32640");
    CHECK(v.trace.result.as_double() == 65280);
    Form f;
    f.algo = "scan-sklansky";
    f.n = "300";
    f.block = 64;  // tiles of 128
    f.traced_block = 1;
    v = ran(f);
    // The tile scan of elements 128..255 ends with their sum.
    CHECK(v.block_result == "last element 24512");
}

TEST_CASE("a last-block reduction's block says its partial and when it finished",
          "[block_result]") {
    Form f;
    f.algo = "reduce-single-pass";
    f.n = "640";  // ramp (i mod 256): ten blocks of 64; blocks 0, 4, 8 sum 0..63 = 2016
    f.block = 64;
    for (unsigned b : {0u, 2u, 9u}) {
        f.traced_block = b;
        const Ran v = ran(f);
        REQUIRE(v.trace.grid == 10);
        // On the emulator blocks run in order: block b finishes (b + 1)th, block 9 last.
        if (b == 0) CHECK(v.block_result == "partial 2016, finished 1st of 10");
        if (b == 2) CHECK(v.block_result == "partial 10208, finished 3rd of 10");  // 128..191
        if (b == 9)  // 64..127; the whole ramp: 2 * 32640 + 2016 + 6112
            CHECK(v.block_result == "partial 6112, finished last of 10: sum 73408");
    }
    CHECK(ordinal(11) == "11th");
    CHECK(ordinal(22) == "22nd");
    CHECK(ordinal(101) == "101st");
}
