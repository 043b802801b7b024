// A byte count as the window labels it, in powers of 1024: "512 B", "1.5 KiB", "4.0 MiB". One
// wording for the ring view's transfers and the lab's sizes.
#pragma once
#include <cstdint>
#include <string>

namespace ws::ui {
std::string bytes_label(std::uint64_t bytes);
}  // namespace ws::ui
