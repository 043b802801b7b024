// Every reduction, on the emulator, against the CPU reference: sizes that are not powers of
// two, every block size, every type, random data (never only zeros or ones).
#include <catch2/catch.hpp>

#include "kernels/catalog.hpp"
#include "kernels/launch_plan.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/request_parse.hpp"
#include "tests/algorithms/result_run.hpp"

using namespace ws;

namespace {
trace::Trace emulate(const std::string& algo, std::uint64_t n, unsigned block, trace::DType type,
                     const std::string& pattern = "random", std::uint64_t seed = 3) {
    return testing::run_for_result({algo, n, block, type, pattern, seed});
}
}  // namespace

TEST_CASE("every reduction sums random data of awkward sizes on every block size and type") {
    const std::uint64_t sizes[] = {1, 2, 31, 33, 257, 1000, 4099, 30011};
    for (const auto& v : catalog()) {
        if (v.family != Family::Reduce) continue;  // scans: tests/algorithms/test_scan_*.cpp
        for (unsigned block : {32u, 64u, 128u, 256u, 512u, 1024u}) {
            for (trace::DType type : trace::kAllDTypes) {
                for (std::uint64_t n : sizes) {
                    if (n > 1000 && block != 256 && block != 32) continue;  // keep it quick
                    const trace::Trace t = emulate(v.id, n, block, type, "random", n + block);
                    INFO(v.id << " block=" << block << " " << trace::dtype_name(type) << " n=" << n
                              << ": " << t.error);
                    CHECK(t.ok);
                    CHECK(t.passes == passes_for(v, n, block));
                }
            }
        }
    }
}

TEST_CASE("a reduction over a million elements takes several passes and is exact for ints") {
    const trace::Trace t = emulate("reduce-sequential", (1u << 20) + 7, 128, trace::DType::Int32);
    CHECK(t.ok);
    CHECK(t.passes == 3);  // 2^20+7 -> 8193 -> 65 -> 1
    const auto data = run::make_input<int>("random", (1u << 20) + 7, 3);
    long long sum = 0;
    for (int x : data) sum += x;
    CHECK(t.result.as_double() == double(sum));
}

TEST_CASE("the reference check rejects a wrong float sum and accepts rounding") {
    const std::vector<float> x = run::make_input<float>("random", 100000, 9);
    const run::Reference ref = run::reference_sum(x);
    std::string why;
    CHECK(run::matches_reference(float(ref.sum), ref, x.size(), &why));
    CHECK_FALSE(run::matches_reference(float(ref.sum + 1.0L), ref, x.size(), &why));
    CHECK(why.find("bound") != std::string::npos);
}

TEST_CASE("the data patterns are what the documentation says") {
    const auto ramp = run::make_input<int>("ramp", 300, 0);
    CHECK(ramp[0] == 0);
    CHECK(ramp[255] == 255);
    CHECK(ramp[256] == 0);
    const auto r1 = run::make_input<double>("random", 1000, 1);
    const auto r2 = run::make_input<double>("random", 1000, 2);
    CHECK(r1 != r2);
    double lo = 1, hi = -1;
    for (double v : r1) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    CHECK(lo >= -1.0);
    CHECK(hi < 1.0);
    CHECK(hi - lo > 1.5);  // spread over the interval, not constant
    const auto ri = run::make_input<int>("random", 5000, 4);
    int mn = 0, mx = 0;
    for (int v : ri) {
        mn = std::min(mn, v);
        mx = std::max(mx, v);
    }
    CHECK(mn == -100);
    CHECK(mx == 100);
}

TEST_CASE("bad requests are refused with a one-line reason, not run") {
    CHECK(emulate("reduce-sequential", 0, 256, trace::DType::Int32).error.find("--n 0") == 0);
    CHECK(emulate("reduce-sequential", 100, 48, trace::DType::Int32).error.find("--block 48") == 0);
    CHECK(emulate("reduce-sequential", 100, 2048, trace::DType::Int32).error.find("--block 2048") ==
          0);
    CHECK(emulate("reduce-nope", 100, 256, trace::DType::Int32).error.find("--algo") == 0);
    CHECK(emulate("reduce-sequential", ws::run::kMaxElementsEmulator + 1, 256, trace::DType::Int32)
              .error.find("too large") != std::string::npos);
    const trace::Trace t = emulate("reduce-sequential", 100, 256, trace::DType::Int32, "zigzag");
    CHECK(t.error.find("--pattern zigzag") == 0);
    CHECK_FALSE(t.ok);
}
