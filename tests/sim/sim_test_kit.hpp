// Shared helpers for the emulator-semantics tests: launch configurations, a launch that must
// succeed, the linear thread index, and a check that the emulator still works after an error.
#pragma once
#include <catch2/catch.hpp>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "kernels/sim/cuda_shim.hpp"

namespace simtest {

using ws::sim::Dim;
using ws::sim::KernelError;
using ws::sim::LaunchConfig;

inline LaunchConfig config(Dim grid, Dim block, std::size_t smem_bytes = 0,
                           const char* schedule = "lockstep") {
    LaunchConfig c;
    c.grid = grid;
    c.block = block;
    c.dynamic_smem_bytes = smem_bytes;
    const auto s = ws::sim::Schedule::parse(schedule);
    REQUIRE(s.has_value());
    c.schedule = *s;
    return c;
}

inline LaunchConfig config(unsigned blocks, unsigned threads, std::size_t smem_bytes = 0,
                           const char* schedule = "lockstep") {
    return config(Dim{blocks, 1, 1}, Dim{threads, 1, 1}, smem_bytes, schedule);
}

// Launches and requires that no kernel error comes back.
inline void run(const LaunchConfig& c, const std::function<void()>& body) {
    const std::optional<KernelError> e = ws::sim::launch(c, body);
    INFO((e ? e->message : std::string("no error")));
    REQUIRE_FALSE(e.has_value());
}

// Launches and requires a kernel error; returns it.
inline KernelError run_expecting_error(const LaunchConfig& c, const std::function<void()>& body) {
    const std::optional<KernelError> e = ws::sim::launch(c, body);
    REQUIRE(e.has_value());
    INFO(e->message);
    return *e;
}

// The CUDA linear thread index inside a block.
inline unsigned linear_tid() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

// A short kernel using a barrier, a shuffle and an atomic: after an error, the next launch on
// the same OS thread must still give exact results.
inline void require_emulator_still_works() {
    std::vector<int> got(2 * 64, -1);
    int total = 0;
    run(config(2, 64), [&] {
        __shared__ int tile[64];
        const unsigned t = threadIdx.x;
        tile[t] = int(t);
        __syncthreads();
        const int v = __shfl_xor_sync(0xffffffffu, tile[63 - t], 1);
        got[blockIdx.x * 64 + t] = v;
        atomicAdd(&total, 1);
    });
    for (unsigned b = 0; b < 2; ++b)
        for (unsigned t = 0; t < 64; ++t) REQUIRE(got[b * 64 + t] == int(63 - (t ^ 1u)));
    REQUIRE(total == 128);
}

}  // namespace simtest
