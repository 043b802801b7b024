// The buffers a plan's launches name (kernels/reduce_plan.hpp, kernels/scan_plan.hpp): the
// input, the output, and scratch k >= 2 (the plan's scratch[k - 2] elements of the type).
#pragma once

namespace ws {
inline constexpr int kNoBuffer = -1, kInputBuffer = 0, kOutputBuffer = 1;
}  // namespace ws
