// Which of a kernel's global arrays is which. Global events name their array by the order the
// kernel declares it (trace::Event::buffer), and every kernel (kernels/algorithms) declares its
// input first and its output second; the others (a scan's tile totals or prefixes, a look-back's
// counter and flags) follow.
#pragma once
#include <cstdint>

namespace ws::ui {

inline constexpr std::uint8_t kInputBuffer = 0;
inline constexpr std::uint8_t kOutputBuffer = 1;

}  // namespace ws::ui
