#include "kernels/run/request_text.hpp"

#include <cctype>
#include <cstdint>

namespace ws::run {
namespace {
std::optional<std::uint64_t> parse_digits(const std::string& s) {
    if (s.empty()) return std::nullopt;
    std::uint64_t v = 0;
    for (char c : s) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
        const std::uint64_t digit = std::uint64_t(c - '0');
        if (v > (UINT64_MAX - digit) / 10) return std::nullopt;  // past 2^64 - 1
        v = v * 10 + digit;
    }
    return v;
}
}  // namespace

std::optional<std::uint64_t> parse_count(const std::string& text) {
    if (text.rfind("2^", 0) != 0) return parse_digits(text);
    std::string rest = text.substr(2);
    std::size_t op = rest.find_first_of("+-");
    auto exponent = parse_digits(rest.substr(0, op));
    if (!exponent || *exponent > 62) return std::nullopt;
    std::uint64_t v = std::uint64_t(1) << *exponent;
    if (op == std::string::npos) return v;
    auto delta = parse_digits(rest.substr(op + 1));
    if (!delta) return std::nullopt;
    if (rest[op] == '+') return *delta > UINT64_MAX - v ? std::nullopt : std::optional(v + *delta);
    if (*delta > v) return std::nullopt;
    return v - *delta;
}

std::optional<BlockList> parse_block_list(const std::string& text) {
    BlockList out;
    if (text == "all") {
        out.all = true;
        return out;
    }
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        auto v = parse_digits(text.substr(start, comma - start));
        if (!v || *v > 0xffffffffull) return std::nullopt;
        out.blocks.push_back(std::uint32_t(*v));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (out.blocks.empty()) return std::nullopt;
    return out;
}

}  // namespace ws::run
