// Runs an all-reduce plan (ring_plan.hpp) on the CPU with real data, k virtual GPUs each with an
// array of its own, and records after every step which GPUs' inputs each GPU's chunks hold: what
// the ring panel colours as the partial sums fill in. At the end every GPU's array must be the
// element-wise sum of all the inputs.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/multi/ring_plan.hpp"
#include "kernels/trace/dtype.hpp"

namespace ws::multi {

// Bit g set: the chunk's values include GPU g's input.
struct RingState {
    std::vector<std::vector<std::uint32_t>> contributions;  // [gpu][chunk]
};

// Every GPU's bit, 0..gpus-1: a chunk holding the full sum.
inline std::uint32_t all_contributions(unsigned gpus) {
    return gpus >= 32 ? ~0u : (1u << gpus) - 1;
}

struct RingRun {
    RingPlan plan;
    std::vector<RingState> after_step;  // the start (each GPU its own bit), then one a step
    bool ok = false;
    std::string error;  // one line: the plan's error, a bad transfer, or the first wrong element
};

// The emulator holds every GPU's input and its working copy, about twice n * k * element_bytes:
// a plan above this many bytes (n * k * element_bytes) is refused.
inline constexpr std::uint64_t kRingEmulatorMaxBytes = std::uint64_t(1) << 30;

// GPU g's input is run::make_input<T>(pattern, n, seed + g), T the type (its size must be the
// plan's element_bytes). Integers add with wrap-around, as on the GPU, and must come out exact;
// floating point within run::sum_tolerance of k terms (every chunk is summed in a chain of k - 1
// additions, in an order that differs from chunk to chunk). The contributions must be complete
// too: a missing transfer of an empty chunk changes no value but leaves a chunk short of bits.
RingRun emulate_ring(const RingPlan& plan, trace::DType type, std::string_view pattern,
                     std::uint64_t seed);

}  // namespace ws::multi
