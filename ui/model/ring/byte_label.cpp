// A byte count as the window labels it (byte_label.hpp).
#include "ui/model/ring/byte_label.hpp"

#include <cstdio>

namespace ws::ui {

std::string bytes_label(std::uint64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = double(bytes);
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        ++u;
    }
    char b[32];
    std::snprintf(b, sizeof b, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
    return b;
}

}  // namespace ws::ui
