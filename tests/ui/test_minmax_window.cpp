// reduce-minmax-avg in the window: the block control takes any size for it (and still refuses
// the others' odd sizes in one line), the shared-memory picture shows its four arrays as four
// labelled bands, and the result says all four values and what the true average is.
#include <catch2/catch.hpp>

#include "kernels/run/result_text.hpp"
#include "tests/ui/emulated_view.hpp"
#include "ui/geometry/shared_grid_layout.hpp"
#include "ui/model/trace/provenance.hpp"
#include "ui/model/trace/trace_view.hpp"
#include "ui/model/window/request_form.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("the window's block control follows the catalog's block rule", "[form][minmax]") {
    for (unsigned block : {1u, 7u, 96u, 100u, 1000u, 1024u}) {
        RequestForm f;
        f.algo = "reduce-minmax-avg";
        f.n = "1000";
        f.block = block;
        INFO(block);
        CHECK(check_form(f).ok());
        f.algo = "reduce-sequential";
        if (block != 1024)
            CHECK(check_form(f).error == "--block " + std::to_string(block) +
                                             ": reduce-sequential needs a power of two from 32 "
                                             "to 1024");
    }
    RequestForm f;
    f.algo = "reduce-minmax-avg";
    f.block = 2000;
    CHECK(check_form(f).error == "--block 2000: reduce-minmax-avg needs any size from 1 to 1024");
}

TEST_CASE("four arrays are four bands, each starting a row, each with its name",
          "[layout][cells][minmax]") {
    CHECK(array_columns(100, 1000, 40, 2) == 20);  // 5 rows of 20
    CHECK(array_columns(100, 5000, 40, 2) == 100);
    CHECK(array_columns(97, 1000, 40, 2) == 1);  // a prime wider than the area: a column
    CHECK(array_columns(7, 1000, 40, 2) == 7);
    SharedGridInput in;
    in.area = {10, 50, 900, 400};
    in.cells = 400;
    in.threads = 100;
    in.value_chars = 4;
    in.min_px = 19;
    in.mono_px = 24;
    in.arrays = 4;
    in.array_label_w = 60;
    const SharedGridLayout l = shared_grid_layout(in);
    REQUIRE(l.arrays == 4);
    CHECK(l.array_cells == 100);
    CHECK(100 % l.cells.columns == 0);
    for (std::uint32_t a = 0; a < 4; ++a) {
        const Rect label = array_label(l, a);
        const Rect first = l.cells.cell(a * 100);
        CHECK(first.x == Approx(l.cells.cell(0).x));  // every band starts a row
        CHECK(label.y == Approx(first.y));
        CHECK(label.right() <= first.x);
        CHECK(label.x >= in.area.x);
    }
}

TEST_CASE("the result says all four values and the true average", "[minmax][block_result]") {
    RequestForm f;
    f.algo = "reduce-minmax-avg";
    f.n = "100";
    f.block = 100;
    f.type = trace::DType::Float64;
    const auto v = testing::emulated_view(f);
    REQUIRE(v->trace->ok);
    CHECK(v->block_result.rfind("min 0, max 99, sum 4950, avg ", 0) == 0);
    CHECK(v->block_result.find("avg 49.5 (sum / 100 = 49.5)") != std::string::npos);
    const std::string line = ws::run::result_line(*v->trace);
    CHECK(line.rfind("min 0, max 99, sum 4950, avg ", 0) == 0);
    CHECK(line.find(": ok") != std::string::npos);
    // A ramp is evenly spread: the average of averages happens to be right, and the line says
    // why that is luck.
    CHECK(ws::run::average_line(*v->trace).find("only because these values are evenly spread") !=
          std::string::npos);
    f.pattern = "random";
    const auto random = testing::emulated_view(f);
    const std::string avg = ws::run::average_line(*random->trace);
    CHECK(avg.find("average of averages") != std::string::npos);
    CHECK(avg.find("sum / n = ") != std::string::npos);
    CHECK(avg.find(" / 100, is ") != std::string::npos);
    f.n = "64";
    f.block = 64;
    const auto even = testing::emulated_view(f);
    CHECK(ws::run::average_line(*even->trace).find("is the true average") != std::string::npos);
}
