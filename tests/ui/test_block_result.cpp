// The block's result in the shared-memory panel's header (TraceView::block_result): what the
// traced block wrote to the kernel's output array, not the run's result.
#include <catch2/catch.hpp>

#include <string>

#include "kernels/catalog.hpp"
#include "tests/ui/emulated_view.hpp"
#include "ui/model/step_text.hpp"
#include "ui/model/trace_view.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("a lone block's result is the run's, in every kernel", "[block_result]") {
    // One block, one pass: the block's sum is the run's sum, its last element the scan's last.
    for (const VariantInfo& info : catalog()) {
        for (trace::DType type : {trace::DType::Int32, trace::DType::Float32}) {
            INFO(info.id << " " << trace::dtype_name(type));
            RequestForm f;
            f.algo = info.id;
            f.block = 64;
            f.n = std::to_string(accepted_count(info, info.elems_per_thread * 64 - 5));
            f.pattern = "random";
            f.type = type;
            const auto v = testing::emulated_view(f);
            REQUIRE(v->trace->grid == 1);
            const std::string value = format_value(v->trace->result.as_double(), type);
            if (info.reduce_op == ReduceOp::MinMaxSumAvg)  // "min .., max .., sum .., avg .."
                CHECK(v->block_result.find(", sum " + value + ",") != std::string::npos);
            else if (info.scan_op == ScanOp::CompactPositive)  // its writes: one a kept element
                CHECK(v->block_result == "kept " + value + " (those > 0)");
            else if (info.scan_op == ScanOp::FieldSums)  // its first word: the AoS sum
                CHECK(v->block_result == "sum of x (AoS) " + value);
            else
                CHECK(v->block_result == (writes_array(info.family)
                                              ? std::string("last element ")
                                              : result_word(info.reduce_op) + std::string(" ")) +
                                             value);
        }
    }
}

TEST_CASE("a block of several says its own part", "[block_result]") {
    // n = 512, block 256, ramp i mod 256: each block sums 0..255; the run sums both.
    auto v = testing::emulated_view("reduce-interleaved-strided", "512", 256);
    CHECK(v->block_result == "sum 32640");
    CHECK(v->trace->result.as_double() == 65280);
    RequestForm f;
    f.algo = "scan-sklansky";
    f.n = "300";
    f.block = 64;  // tiles of 128
    f.traced_block = 1;
    v = testing::emulated_view(f);
    // The tile scan of elements 128..255 ends with their sum.
    CHECK(v->block_result == "last element 24512");
}

TEST_CASE("a last-block reduction's block says its partial and when it finished",
          "[block_result]") {
    RequestForm f;
    f.algo = "reduce-single-pass";
    f.n = "640";  // ramp (i mod 256): ten blocks of 64; blocks 0, 4, 8 sum 0..63 = 2016
    f.block = 64;
    for (unsigned b : {0u, 2u, 9u}) {
        f.traced_block = b;
        const auto v = testing::emulated_view(f);
        REQUIRE(v->trace->grid == 10);
        // On the emulator blocks run in order: block b finishes (b + 1)th, block 9 last.
        if (b == 0) CHECK(v->block_result == "partial 2016, finished 1st of 10");
        if (b == 2) CHECK(v->block_result == "partial 10208, finished 3rd of 10");  // 128..191
        if (b == 9)  // 64..127; the whole ramp: 2 * 32640 + 2016 + 6112
            CHECK(v->block_result == "partial 6112, finished last of 10: sum 73408");
    }
    CHECK(ordinal(11) == "11th");
    CHECK(ordinal(22) == "22nd");
    CHECK(ordinal(101) == "101st");
}
