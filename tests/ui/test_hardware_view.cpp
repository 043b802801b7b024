// The GPU's own counts beside ours without a GPU: the counts recorded on an H100 for every
// catalog kernel at one block (assets/measurements/hardware-counts-*.json) equal what the
// emulator counts for the same requests, but the known differences; and the panels' model says
// where each number came from.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/hardware_compare.hpp"
#include "tests/test_paths.hpp"
#include "ui/model/trace/hardware_view.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("the counts a GPU recorded equal the emulator's for every kernel, but the known ones") {
    const HardwareLibrary lib = load_hardware_library(WS_SOURCE_DIR);
    CHECK(lib.problems.empty());
    REQUIRE(lib.runs.size() >= 4 * 2 * 40);  // H100 and H200, int and double, 256 and 64 threads
    std::set<std::string> covered;
    std::set<std::pair<std::string, std::string>> devices_types;
    unsigned agreed = 0, known = 0, shuffle_lanes = 0;
    for (const RecordedHardware& r : lib.runs) {
        INFO(r.request.algo << " n=" << r.request.n << " block=" << r.request.block);
        CHECK(r.device.rfind("NVIDIA", 0) == 0);
        const trace::Trace t = run::run_on_emulator(r.request);
        REQUIRE(t.error == "");
        REQUIRE(run::hardware_refusal(t) == "");  // one block: comparable
        for (const run::HardwareRow& row : run::hardware_rows(t, r.counts)) {
            INFO(row.metric->what << ": ours " << row.ours << ", recorded "
                                  << row.counted.value_or(-1));
            // Files recorded before the shuffle lanes were read (scan-pipeline's partial tiles,
            // 2026-11-27) lack that row alone.
            if (!row.counted && std::string(row.metric->metric) == run::metric::kShuffleLanes)
                continue;
            REQUIRE(row.counted);
            shuffle_lanes += std::string(row.metric->metric) == run::metric::kShuffleLanes;
            if (row.known) {
                known += !row.agree();
            } else {
                CHECK(row.agree());
                ++agreed;
            }
        }
        covered.insert(r.request.algo);
        devices_types.insert({r.device, trace::dtype_name(r.request.type)});
    }
    for (const VariantInfo& v : catalog()) CHECK(covered.count(v.id) == 1);
    for (const char* device : {"NVIDIA H100 80GB HBM3", "NVIDIA H200"})
        for (const char* type : {"int", "double"}) CHECK(devices_types.count({device, type}) == 1);
    CHECK(shuffle_lanes >= 4 * 2 * 40);
    CHECK(agreed >= 4 * 800);
    CHECK(known > 0);
}

TEST_CASE("the panels' hardware line says where its numbers came from, or why there are none") {
    const HardwareLibrary lib = load_hardware_library(WS_SOURCE_DIR);
    REQUIRE_FALSE(lib.runs.empty());
    trace::Request r;
    for (const RecordedHardware& h : lib.runs)
        if (h.request.algo == "reduce-interleaved-strided" && h.request.block == 256) r = h.request;
    REQUIRE(r.algo == "reduce-interleaved-strided");
    trace::Trace t = run::run_on_emulator(r);
    HardwareView v = hardware_view(t, lib);
    CHECK_FALSE(v.live);
    CHECK(v.source == "H100 counted (2026-11-28)");
    const HardwareLine* conflicts =
        v.find("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum");
    REQUIRE(conflicts);
    CHECK(conflicts->ours > 0);  // the strided tree's 2- to 16-way conflicts
    CHECK(conflicts->agree());

    // Counted in this run (a GPU session): live, and the GPU's numbers are the ones shown.
    t.hardware = {{"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", 1.0}};
    t.device = "NVIDIA H200";
    v = hardware_view(t, lib);
    CHECK(v.live);
    CHECK(v.source == "H200 counted now");
    REQUIRE(v.lines.size() == 1);
    CHECK_FALSE(v.lines[0].agree());

    // A counter that could not be read says why; another request has nothing recorded.
    t.hardware.clear();
    t.hardware_error = "cuptiRangeProfilerEnable: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES";
    v = hardware_view(t, lib);
    CHECK(v.lines.empty());
    CHECK(v.why_none.find("INSUFFICIENT_PRIVILEGES") != std::string::npos);
    r.seed = 999;
    v = hardware_view(run::run_on_emulator(r), lib);
    CHECK(v.lines.empty());
    CHECK(v.why_none.empty());
    // Several blocks: the GPU counts whole launches, so it says why it shows none.
    t = run::run_on_emulator(r);
    t.grid = 4;
    t.hardware = {{"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", 1.0}};
    v = hardware_view(t, lib);
    CHECK(v.lines.empty());
    CHECK(v.why_none.find("the traced pass has 4 blocks") != std::string::npos);
}

TEST_CASE("a damaged hardware-counts file is refused with its reason") {
    std::vector<RecordedHardware> out;
    CHECK(parse_hardware_file("{}", out) == "not a hardware-counts file (no \"runs\")");
    CHECK(parse_hardware_file("not json", out) == "not a hardware-counts file (no \"runs\")");
    CHECK(parse_hardware_file(R"({"runs": [{"request": 3, "counts": {}}]})", out) ==
          "a run without a request or counts");
    CHECK(parse_hardware_file(R"({"runs": [{"request": "--algo nope --n 3 --block 32",
                                             "counts": {}}]})",
                              out)
              .rfind("a run's request: ", 0) == 0);
    CHECK(out.empty());
}
