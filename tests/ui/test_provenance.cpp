// Every place that says where the numbers came from says it the same way; a float result says
// the bound it was checked against.
#include <catch2/catch.hpp>

#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/result_text.hpp"
#include "kernels/trace/trace_file.hpp"
#include "tests/test_paths.hpp"
#include "tests/ui/emulated_view.hpp"
#include "ui/model/trace/provenance.hpp"
#include "ui/session.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("where the numbers came from, in one wording", "[provenance]") {
    const auto v = testing::emulated_view("reduce-sequential", "64", 32);
    CHECK(provenance(*v->trace, "") == "emulated on the CPU as Hopper (sm_90), lockstep schedule");
    trace::Trace gpu = *v->trace;
    gpu.backend = "cuda";
    gpu.device = "NVIDIA H100 80GB HBM3";
    gpu.recorded_at = "2026-11-22T21:30:28Z";
    CHECK(provenance(gpu, "") == "measured now on NVIDIA H100 80GB HBM3");
    CHECK(provenance(gpu, "/x/y/strided.wstrace") ==
          "recorded on NVIDIA H100 80GB HBM3, 2026-11-22 (replayed from strided.wstrace)");
    // The badge the header keeps when the line does not fit.
    CHECK(provenance_badge(*v->trace, "") == "emulated");
    CHECK(provenance_badge(gpu, "") == "H100 now");
    CHECK(provenance_badge(gpu, "/x/y/strided.wstrace") == "H100 2026-11-22");
    CHECK(short_device("NVIDIA H200") == "H200");
    CHECK(short_device("Tesla T4") == "Tesla");
}

TEST_CASE("a replayed GPU trace is said to be recorded on its GPU", "[provenance]") {
    Session s(false);
    const std::string file =
        std::string(WS_SOURCE_DIR) + "/assets/traces/reduce-interleaved-strided.wstrace";
    REQUIRE(s.open_trace(file) == "");
    CHECK(s.ui.replayed_from == file);
    const std::string said = provenance(*s.view().trace, s.ui.replayed_from);
    CHECK(said.rfind("recorded on NVIDIA H100", 0) == 0);
    CHECK(said.find("CPU emulator") == std::string::npos);
    // A run of this session is not a replay.
    s.post(act::RunForm{});
    s.update();
    CHECK(s.ui.replayed_from.empty());
}

TEST_CASE("a float result names the bound it was checked against", "[provenance]") {
    trace::Request r;
    r.algo = "reduce-sequential";
    r.n = 1000;
    r.block = 128;
    r.type = trace::DType::Float32;
    r.pattern = "random";
    const trace::Trace f = run::run_on_emulator(r);
    REQUIRE(f.ok);
    CHECK(f.tolerance > 0);
    CHECK(ws::run::result_line(f).find("(within ") != std::string::npos);
    CHECK(ws::run::result_line(f).find(": ok") != std::string::npos);
    // The bound survives a file.
    const trace::LoadResult back = trace::decode_trace(trace::encode_trace(f));
    REQUIRE(back.ok);
    CHECK(back.trace.tolerance == f.tolerance);
    r.type = trace::DType::Int32;
    const trace::Trace i = run::run_on_emulator(r);
    CHECK(i.tolerance == 0);
    CHECK(ws::run::result_line(i).find("within") == std::string::npos);
}
