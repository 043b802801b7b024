// Which prefix sum a scan computes: inclusive (y[i] = x[0] + ... + x[i]) or exclusive
// (y[i] = x[0] + ... + x[i-1], y[0] = 0). A plain enum that kernels, requests and files share.
#pragma once
#include <cstdint>
#if !defined(__CUDACC_RTC__)  // NVRTC (a student's kernel on the GPU) has no standard library
#include <optional>
#include <string_view>
#endif

namespace ws::trace {

enum class ScanKind : std::uint8_t { Inclusive = 0, Exclusive = 1 };

inline constexpr const char* scan_kind_name(ScanKind k) {
    return k == ScanKind::Exclusive ? "exclusive" : "inclusive";
}
#if !defined(__CUDACC_RTC__)
inline std::optional<ScanKind> parse_scan_kind(std::string_view name) {
    if (name == "inclusive") return ScanKind::Inclusive;
    if (name == "exclusive") return ScanKind::Exclusive;
    return std::nullopt;
}
#endif

}  // namespace ws::trace
