#include "kernels/io/memory.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

namespace ws::io {

std::uint64_t available_memory() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key, unit;
    std::uint64_t value = 0;
    while (meminfo >> key >> value) {
        std::getline(meminfo, unit);
        if (key == "MemAvailable:") return value * 1024;  // the file says kB and means KiB
    }
    const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? std::uint64_t(pages) * std::uint64_t(page) : 0;
}

std::string bytes_text(std::uint64_t bytes) {
    if (bytes < 1000) return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
    const char* units[] = {"kB", "MB", "GB", "TB", "PB", "EB"};
    double v = double(bytes);
    int u = -1;
    while (v >= 1000 && u < 5) {
        v /= 1000;
        ++u;
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %s", v, units[u]);
    return text;
}

std::optional<std::uint64_t> parse_bytes(const std::string& text) {
    std::size_t end = 0;
    double v = 0;
    try {
        v = std::stod(text, &end);
    } catch (...) {
        return std::nullopt;
    }
    if (!(v >= 0) || text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])))
        return std::nullopt;
    const std::string unit = text.substr(end);
    double scale = 0;
    const std::pair<const char*, double> units[] = {{"", 1},
                                                    {"B", 1},
                                                    {"K", 1e3},
                                                    {"KB", 1e3},
                                                    {"M", 1e6},
                                                    {"MB", 1e6},
                                                    {"G", 1e9},
                                                    {"GB", 1e9},
                                                    {"T", 1e12},
                                                    {"TB", 1e12},
                                                    {"KiB", 1024.0},
                                                    {"MiB", 1048576.0},
                                                    {"GiB", 1073741824.0},
                                                    {"TiB", 1099511627776.0}};
    for (const auto& [name, s] : units)
        if (unit == name) scale = s;
    if (scale == 0) return std::nullopt;
    const double bytes = std::floor(v * scale);
    if (bytes >= 1.8e19) return std::nullopt;
    return std::uint64_t(bytes);
}

}  // namespace ws::io
