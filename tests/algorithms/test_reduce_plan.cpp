// The reductions' plans: launches as data, for the three drivers, the buffers chained right and
// the bytes they declare.
#include <catch2/catch.hpp>

#include "kernels/catalog.hpp"
#include "kernels/launch_plan.hpp"
#include "kernels/reduce_plan.hpp"

using namespace ws;

namespace {

// Follows the plan's buffers: every launch reads what the one before wrote, partials fit their
// scratch buffer, and the last launch writes the output.
void check_chain(const ReducePlan& p) {
    REQUIRE_FALSE(p.launches.empty());
    int previous = kInputBuffer;
    std::uint64_t previous_grid = 0;
    for (std::size_t i = 0; i < p.launches.size(); ++i) {
        const ReduceLaunch& l = p.launches[i];
        INFO(describe(l));
        CHECK(l.in == previous);
        if (i > 0) CHECK(l.count == previous_grid);
        if (l.out >= 2) {
            REQUIRE(std::size_t(l.out - 2) < p.scratch.size());
            CHECK(p.scratch[l.out - 2] >= l.grid);
        }
        previous = l.out;
        previous_grid = l.grid;
    }
    CHECK(p.launches.back().out == kOutputBuffer);
    CHECK(p.launches.back().grid ==
          (p.driver == ReduceDriver::MultiPass ? 1u : p.launches[0].grid));
    CHECK(p.launches[p.traced].traced);
    std::uint64_t bytes = 0;
    for (const ReduceLaunch& l : p.launches) bytes += l.bytes;
    CHECK(p.bytes == bytes);
}

}  // namespace

TEST_CASE("multi-pass plans chain passes until one value remains", "[plan]") {
    for (const VariantInfo& v : catalog()) {
        if (v.family != Family::Reduce || v.reduce_driver != ReduceDriver::MultiPass) continue;
        for (std::uint64_t n :
             {1ull, 31ull, 256ull, 1000ull, 70000ull, 1ull << 24, (1ull << 26) + 5})
            for (unsigned block : {32u, 256u, 1024u}) {
                INFO(v.id << " n=" << n << " block=" << block);
                const ReducePlan p = reduce_plan(v, n, block, trace::DType::Float64);
                check_chain(p);
                CHECK_FALSE(p.zero_output);
                CHECK_FALSE(p.done_counter);
                CHECK(p.launches[0].grid == grid_for(v, n, block, trace::DType::Float64));
                CHECK(p.launches[0].smem_bytes == smem_bytes_for(v, block, trace::DType::Float64));
                // Every element read once, one partial a block written, in every pass (r
                // values a partial where a block writes r results).
                const std::uint64_t r = result_names(v.reduce_op).size();
                std::uint64_t bytes = 0;
                for (const ReduceLaunch& l : p.launches)
                    bytes += ((l.pass == 0 ? 1 : r) * l.count + r * l.grid) * 8;
                CHECK(p.bytes == bytes);
                CHECK(passes_for(v, n, block) == p.launches.size());
                CHECK(bytes_moved(v, n, block, trace::DType::Float64) == p.bytes);
                CHECK(p.scratch.size() == std::min<std::size_t>(2, p.launches.size() - 1));
            }
    }
    // A capped grid: 2^24 ints, 256 threads, 1024 blocks: then 2 blocks, then 1.
    const ReducePlan p =
        reduce_plan(*find_variant("reduce-warp-shuffle"), 1u << 24, 256, trace::DType::Int32);
    REQUIRE(p.launches.size() == 3);
    CHECK(p.launches[0].grid == 1024);
    CHECK(p.launches[1].grid == 2);
    CHECK(p.launches[2].grid == 1);
    CHECK(describe(p.launches[0]) ==
          "pass 0: 1024 blocks of 256 over 16777216 elements, buffer 0 -> 2, 32 B shared, "
          "67112960 bytes moved, traced");
    CHECK(describe(p.launches[2]) ==
          "pass 2: 1 block of 256 over 2 elements, buffer 3 -> 1, 32 B shared, 12 bytes moved");
}

TEST_CASE("single-pass plans: one launch, the output zeroed or a counter", "[plan]") {
    VariantInfo v = *find_variant("reduce-warp-shuffle");
    v.reduce_driver = ReduceDriver::AtomicSinglePass;
    const ReducePlan atomic = reduce_plan(v, 5000, 256, trace::DType::Int32);
    check_chain(atomic);
    REQUIRE(atomic.launches.size() == 1);
    CHECK(atomic.launches[0].step == ReduceStep::AtomicAdd);
    CHECK(atomic.zero_output);
    CHECK_FALSE(atomic.done_counter);
    CHECK(atomic.scratch.empty());
    CHECK(atomic.bytes == (5000 + 10) * 4);  // 10 blocks of 512 elements: one atomic each

    v.reduce_driver = ReduceDriver::LastBlock;
    const ReducePlan last = reduce_plan(v, 5000, 256, trace::DType::Int32);
    check_chain(last);
    REQUIRE(last.launches.size() == 1);
    CHECK(last.launches[0].step == ReduceStep::LastBlock);
    CHECK(last.launches[0].aux == 2);
    CHECK(last.scratch == std::vector<std::uint64_t>{10});
    CHECK(last.done_counter);
    CHECK_FALSE(last.zero_output);
    CHECK(last.bytes == (5000 + 2 * 10 + 1) * 4);
    CHECK(describe(last.launches[0]) ==
          "last-block 0: 10 blocks of 256 over 5000 elements, buffer 0 -> 1 (with 2), 32 B "
          "shared, 20084 bytes moved, traced");
}
