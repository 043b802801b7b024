// [gpu] tests: run only where a CUDA device is usable (tests/test_main.cpp reports them as
// skipped elsewhere). They are the promise that the emulator shows what the GPU does.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/run/crosscheck.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/verify_cases.hpp"
#include "kernels/trace/analysis.hpp"
#include "tests/gpu/gpu_refusal.hpp"

using namespace ws;

// The look-back's blocks are compared after renaming them after the tiles they drew
// (kernels/run/crosscheck.hpp); every other algorithm as recorded.
TEST_CASE("the GPU trace equals the emulator trace for every race-free algorithm", "[gpu]") {
    for (const auto& v : catalog()) {
        if (v.schedule_sensitive || test::refused_here(v)) continue;
        for (const auto& r : run::crosscheck_cases(v)) {
            const trace::Trace gpu = cuda::run_on_gpu(r);
            const trace::Trace cpu = run::run_on_emulator(r);
            INFO(v.id << " " << trace::dtype_name(r.type) << " " << trace::scan_kind_name(r.kind)
                      << " n=" << r.n << " block=" << r.block);
            REQUIRE(gpu.error == "");
            REQUIRE(cpu.error == "");
            REQUIRE(gpu.blocks.size() == gpu.grid);
            CHECK(run::crosscheck_difference(v, gpu, cpu) == "");
        }
    }
}

TEST_CASE("every algorithm is right on the GPU for every verify case", "[gpu]") {
    run::RunOptions fast;
    fast.record = false;
    fast.count_totals = false;
    for (const auto& v : catalog()) {
        if (test::refused_here(v)) {  // and run_on_gpu refuses it in that line
            const trace::Trace t = cuda::run_on_gpu(run::verify_cases(v).front(), fast);
            CHECK(t.error == run::usable_gpu()->variant_refusal(v));
            continue;
        }
        for (const auto& r : run::verify_cases(v)) {
            const trace::Trace t = cuda::run_on_gpu(r, fast);
            INFO(v.id << " " << trace::dtype_name(r.type) << " " << trace::scan_kind_name(r.kind)
                      << " n=" << r.n << " block=" << r.block << ": " << t.error);
            CHECK(t.ok);
        }
    }
}

TEST_CASE("__builtin_LINE() in the index records the caller's line in device code", "[gpu]") {
    const VariantInfo* v = find_variant("reduce-sequential");
    std::istringstream src(variant_source(*v));
    std::string line;
    unsigned number = 0, add_line = 0, out_line = 0;
    while (std::getline(src, line)) {
        ++number;
        if (line.find("s[t] += s[t + stride]") != std::string::npos) add_line = number;
        if (line.find("out[blockIdx.x] = s[0]") != std::string::npos) out_line = number;
    }
    REQUIRE(add_line > 0);
    REQUIRE(out_line > add_line);
    trace::Request r;
    r.algo = v->id;
    r.n = 256;
    r.block = 256;
    const trace::Trace t = cuda::run_on_gpu(r);
    REQUIRE(t.error == "");
    unsigned reads_at_add = 0, reads_at_out = 0;
    for (const auto& e : t.blocks.at(0).events) {
        if (e.kind != trace::EventKind::SharedRead) continue;
        CHECK((e.line == add_line || e.line == out_line));
        reads_at_add += e.line == add_line;
        reads_at_out += e.line == out_line;
    }
    CHECK(reads_at_add == 2 * 255);  // each of the 255 additions reads two words
    CHECK(reads_at_out == 1);        // thread 0 reads the sum
}

TEST_CASE("a request the GPU cannot run is an error, and the next request still works", "[gpu]") {
    trace::Request bad;
    bad.algo = "reduce-sequential";
    bad.n = 1000;
    bad.block = 48;
    const trace::Trace t = cuda::run_on_gpu(bad);
    CHECK_FALSE(t.ok);
    CHECK(t.error.find("--block 48") != std::string::npos);
    trace::Request good = bad;
    good.block = 64;
    CHECK(cuda::run_on_gpu(good).ok);
}
TEST_CASE("a failed launch is reported with the call and the kernel, and work goes on", "[gpu]") {
    const std::string err = cuda::provoke_error_for_test(false);
    INFO(err);
    CHECK(err.find("kernel launch") != std::string::npos);
    CHECK(err.find("write_through_null") != std::string::npos);
    CHECK(err.find('\n') == std::string::npos);
    trace::Request good;
    good.algo = "reduce-warp-shuffle";
    good.n = 100000;
    good.block = 256;
    good.pattern = "random";
    const trace::Trace t = cuda::run_on_gpu(good);
    CHECK(t.ok);
    CHECK(t.error == "");
    CHECK(cuda::unavailable_reason() == "");
}

// Hidden from "[gpu]": a kernel fault loses the GPU for the rest of the process, so this runs in
// a process of its own (ctest's gpu_fault test: warpscope_tests "[gpu-fault]").
TEST_CASE("a kernel fault is reported, the GPU is marked lost, the emulator goes on",
          "[gpu-fault][.]") {
    const std::string err = cuda::provoke_error_for_test(true);
    INFO(err);
    CHECK(err.find("kernel execution") != std::string::npos);
    CHECK(err.find("write_through_null") != std::string::npos);
    CHECK(err.find("illegal") != std::string::npos);
    const std::string lost = cuda::unavailable_reason();
    CHECK(lost.find("restart warpscope") != std::string::npos);
    trace::Request r;
    r.algo = "reduce-sequential";
    r.n = 5000;
    r.block = 128;
    r.pattern = "random";
    const trace::Trace gpu = cuda::run_on_gpu(r);
    CHECK_FALSE(gpu.ok);
    CHECK(gpu.error.find("restart warpscope") != std::string::npos);
    CHECK(run::run_on_emulator(r).ok);
}
#endif
