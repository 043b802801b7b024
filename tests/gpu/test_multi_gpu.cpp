// [gpu2] tests: the all-reduce across GPUs (issue 20) where two or more are usable
// (tests/test_main.cpp reports them skipped elsewhere): at odd sizes (uneven chunks, fewer
// elements than GPUs) and in every type, NCCL's collectives and the hand-written ring and naive
// all-reduces leave every GPU the CPU's result, and the ring's steps are timed one by one.
#if defined(WS_HAVE_NCCL)
#include <catch2/catch.hpp>

#include "kernels/multi/multi_gpu_bench.hpp"

using namespace ws;
using namespace ws::multi;

TEST_CASE("every collective and hand ring is right on every GPU at odd sizes", "[gpu2]") {
    const MultiGpuBench bench = multi_gpu_bench();
    REQUIRE(bench);
    for (trace::DType type : {trace::DType::Int32, trace::DType::Float32, trace::DType::Float64}) {
        MultiGpuBenchRequest r;
        r.type = type;
        r.sizes = {1, 7, 4099, 1000003, std::uint64_t(1) << 20};
        const MultiGpuMeasurements m = bench(r);
        INFO(trace::dtype_name(type) << ": " << m.error);
        REQUIRE(m.error.empty());
        REQUIRE(m.devices.size() >= 2);
        for (std::uint64_t n : r.sizes) {
            unsigned found = 0;
            for (const MultiGpuPoint& p : m.points) {
                if (p.n != n) continue;
                INFO(p.algo << " n=" << n << ": " << p.why);
                CHECK(p.ok);
                CHECK(p.ms > 0);
                if (p.algo == kHandRing) CHECK(p.step_ms.size() == 2 * (p.gpus - 1));
                ++found;
            }
            // Reduce-scatter and all-gather need at least an element a GPU.
            CHECK(found == (n >= m.devices.size() ? 5u : 3u));
        }
    }
}
#endif
