// The 16-byte reduction (reduce-vector-atomic) on starts that are not 16-byte aligned: the
// driver always hands it an array from the allocator, so the head before the first aligned
// vector is tested here by calling the kernel on the emulator with the array shifted.
#include <catch2/catch.hpp>

#include <random>

#include "kernels/algorithms/reduce/10_vector_atomic.cuh"
#include "kernels/catalog.hpp"
#include "kernels/sim/sim_probe.hpp"

using namespace ws;

namespace {

template <class T>
void check_every_shift() {
    // Small random integers: every partial sum is exact in float and double too.
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> value(-100, 100);
    std::vector<T> data(6000);
    for (T& x : data) x = T(value(rng));
    const VariantInfo& v = *find_variant("reduce-vector-atomic");
    constexpr unsigned kShifts = 16 / sizeof(T);
    for (unsigned shift = 0; shift < kShifts; ++shift) {
        REQUIRE(reinterpret_cast<std::uintptr_t>(data.data()) % 16 == 0);
        const T* in = data.data() + shift;
        for (unsigned n : {0u, 1u, 2u, 3u, 5u, 17u, 64u, 1000u, 4097u, 5990u}) {
            for (unsigned block : {32u, 128u}) {
                T expected = T(0);
                for (unsigned i = 0; i < n; ++i) expected += in[i];
                T out = T(0);
                sim::LaunchConfig config;
                config.grid = {grid_for(v, n, block, trace::dtype_of<T>()), 1, 1};
                config.block = {block, 1, 1};
                config.dynamic_smem_bytes = smem_bytes_for(v, block, trace::dtype_of<T>());
                const auto error = sim::launch(config, [&] {
                    reduce::reduce_vector_atomic<T, sim::SimProbe>(in, &out, n,
                                                                   sim::SimProbe(nullptr));
                });
                INFO(trace::dtype_name(trace::dtype_of<T>())
                     << " shift " << shift << " n " << n << " block " << block);
                REQUIRE_FALSE(error.has_value());
                CHECK(out == expected);
            }
        }
    }
}

}  // namespace

TEST_CASE("the 16-byte reduction sums arrays that start anywhere", "[algorithms]") {
    check_every_shift<int>();
    check_every_shift<float>();
    check_every_shift<double>();
}
