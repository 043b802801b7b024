// Which prefix sum a scan computes: inclusive (y[i] = x[0] + ... + x[i]) or exclusive
// (y[i] = x[0] + ... + x[i-1], y[0] = 0). A plain enum that kernels, requests and files share.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace ws::trace {

enum class ScanKind : std::uint8_t { Inclusive = 0, Exclusive = 1 };

inline constexpr const char* scan_kind_name(ScanKind k) {
    return k == ScanKind::Exclusive ? "exclusive" : "inclusive";
}
inline std::optional<ScanKind> parse_scan_kind(std::string_view name) {
    if (name == "inclusive") return ScanKind::Inclusive;
    if (name == "exclusive") return ScanKind::Exclusive;
    return std::nullopt;
}

}  // namespace ws::trace
