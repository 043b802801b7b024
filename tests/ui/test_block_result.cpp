// The shared-memory panel's header shows the traced block's result as kernels/run words it
// (tests/run/test_result_text.cpp checks the words): the view keeps its variant and asks there.
#include <catch2/catch.hpp>

#include <string>

#include "kernels/catalog.hpp"
#include "kernels/run/result_text.hpp"
#include "tests/ui/emulated_view.hpp"
#include "ui/model/trace/trace_view.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("the view carries its variant and the block's result from kernels/run",
          "[block_result]") {
    for (const VariantInfo& info : catalog()) {
        INFO(info.id);
        RequestForm f;
        f.algo = info.id;
        f.block = 64;
        f.n = "300";
        f.pattern = "random";
        const auto v = testing::emulated_view(f);
        CHECK(v->variant == &info);
        REQUIRE(v->block);
        CHECK(v->block_result == run::block_result(*v->trace, *v->block, v->threads, &info));
        if (!writes_array(info.family)) CHECK(!v->block_result.empty());
    }
    // A kernel of the student's has no row: its blocks are worded as a sum.
    auto t = std::make_shared<trace::Trace>(
        *testing::emulated_view("reduce-sequential", "64", 32)->trace);
    t->request.algo = "user:mine.cu";
    const auto mine = make_trace_view(t);
    CHECK(mine->variant == nullptr);
    CHECK(mine->block_result == "sum 496");  // block 0 of the ramp: 0 + 1 + ... + 31
}
