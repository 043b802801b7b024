// Parsing and checking the arguments requests are made of. Every failure is one line that names
// the argument and says what is allowed.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ws::cli {

// "1000", "2^20", "2^20+3", "2^20-1".
std::optional<std::uint64_t> parse_count(const std::string& text);
// "0", "0,3,7" or "all".
struct BlockList {
    std::vector<std::uint32_t> blocks;
    bool all = false;
};
std::optional<BlockList> parse_block_list(const std::string& text);

// The error type the command handlers throw for bad input (exit code 2).
struct UsageError {
    std::string message;
};

}  // namespace ws::cli
