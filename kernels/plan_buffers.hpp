// The buffers a plan's launches name (kernels/reduce_plan.hpp, kernels/scan_plan.hpp): the
// input, the output, and scratch k >= 2 (the plan's scratch[k - 2] elements of the type).
#pragma once
#include <cstdint>
#include <string>

namespace ws {
inline constexpr int kNoBuffer = -1, kInputBuffer = 0, kOutputBuffer = 1;

// The end of a launch's description, the same in both plans: ", buffer 0 -> 2 (with 3), 1024 B
// shared, 32964 bytes moved, traced".
inline std::string describe_buffers(int in, int out, int aux, std::uint32_t smem_bytes,
                                    std::uint64_t bytes, bool traced) {
    std::string text = ", buffer " + std::to_string(in) + " -> " + std::to_string(out);
    if (aux != kNoBuffer) text += " (with " + std::to_string(aux) + ")";
    text +=
        ", " + std::to_string(smem_bytes) + " B shared, " + std::to_string(bytes) + " bytes moved";
    if (traced) text += ", traced";
    return text;
}
}  // namespace ws
