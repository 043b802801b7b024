// Counts and block lists as people write them ("2^20+3", "0,3,7", "all"), for every front end
// (the command line and the window read requests the same way).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ws::run {

// "1000", "2^20", "2^20+3", "2^20-1".
std::optional<std::uint64_t> parse_count(const std::string& text);

// "0", "0,3,7" or "all".
struct BlockList {
    std::vector<std::uint32_t> blocks;
    bool all = false;
};
std::optional<BlockList> parse_block_list(const std::string& text);

}  // namespace ws::run
