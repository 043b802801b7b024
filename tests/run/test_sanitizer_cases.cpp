// The requests `crosscheck --gpu-recorder sanitizer` records twice on the GPU
// (run::sanitizer_crosscheck_cases): three block sizes of crosscheck's, every type, each a request
// the GPU accepts.
#include <catch2/catch.hpp>

#include <set>

#include "kernels/catalog.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/run/verify_cases.hpp"

using namespace ws;

TEST_CASE(
    "the Sanitizer crosscheck takes the smallest, a middle and the largest block, in int, "
    "float and double",
    "[run]") {
    for (const VariantInfo& v : catalog()) {
        INFO(v.id);
        const std::vector<trace::Request> all = run::crosscheck_cases(v);
        const std::vector<trace::Request> cases = run::sanitizer_crosscheck_cases(v);
        REQUIRE(!cases.empty());
        std::set<unsigned> blocks, all_blocks;
        std::set<trace::DType> types;
        for (const trace::Request& r : all) all_blocks.insert(r.block);
        for (const trace::Request& r : cases) {
            INFO(r.block << " " << trace::dtype_name(r.type) << " n=" << r.n);
            CHECK(run::check_request(r, run::kMaxElementsGpu) == "");
            CHECK(r.all_blocks);
            // Exact sums in any order but in int: integer-valued data.
            if (r.type != trace::DType::Int32) CHECK(r.pattern == "ramp");
            blocks.insert(r.block);
            types.insert(r.type);
        }
        CHECK(blocks.size() == std::min<std::size_t>(3, all_blocks.size()));
        CHECK(blocks.count(*all_blocks.begin()) == 1);
        CHECK(blocks.count(*all_blocks.rbegin()) == 1);
        CHECK(types == std::set<trace::DType>{trace::DType::Int32, trace::DType::Float32,
                                              trace::DType::Float64});
    }
}
