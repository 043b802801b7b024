// [gpu] bench --contention: the native atomicAdd and the compare-and-swap loop, into one word, a
// word per warp and a word per block, give the input's sum for every type at odd sizes (how fast
// each is belongs in the README's bench figures, not in a test); the compare-and-swap into one
// word is skipped above 2^16 elements.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>

#include <atomic>
#include <string>

#include "kernels/bench/bench.hpp"
#include "kernels/run/backend.hpp"

using namespace ws;

TEST_CASE("atomics under contention sum right, natively and by compare-and-swap", "[gpu]") {
    const run::Backend* gpu = run::usable_gpu();
    REQUIRE(gpu);
    for (trace::DType type : {trace::DType::Int32, trace::DType::Float32, trace::DType::Float64}) {
        bench::BenchConfig c;
        c.contention = true;
        c.type = type;
        c.sizes = {1, 1000, 3 * 4096 + 7, 1u << 20};
        const std::atomic<bool> never{false};
        const run::Measurements m = gpu->sweep(c, {}, never);
        INFO(trace::dtype_name(type));
        CHECK(m.error == "");
        // Every point at every size, but the compare-and-swap into one word above 2^16 elements.
        REQUIRE(m.points.size() == c.sizes.size() * bench::points_per_size(c) - 1);
        for (const run::MeasuredPoint& p : m.points) {
            INFO(p.algo << " n=" << p.n);
            CHECK(p.ok);
            CHECK(p.ms > 0);
            CHECK_FALSE((p.algo == "cas-one-word" && p.n > (1u << 16)));
        }
    }
}

#endif
