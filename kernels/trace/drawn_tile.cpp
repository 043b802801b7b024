#include "kernels/trace/drawn_tile.hpp"

#include <algorithm>
#include <utility>

namespace ws::trace {

std::optional<std::uint32_t> drawn_tile(const BlockTrace& b) {
    for (const Event& e : b.events)
        if (e.kind == EventKind::Atomic) return std::uint32_t(e.value);
    return std::nullopt;
}

void sort_by_drawn_tile(std::vector<BlockTrace>& blocks) {
    auto key = [](const BlockTrace& b) {
        const auto tile = drawn_tile(b);
        return std::pair<std::uint64_t, std::uint32_t>(tile ? *tile : ~0ull, b.block);
    };
    std::stable_sort(blocks.begin(), blocks.end(),
                     [&](const BlockTrace& a, const BlockTrace& b) { return key(a) < key(b); });
}

std::string tile_and_block(const BlockTrace& b, bool dynamic_tiles) {
    const std::string block = "block " + std::to_string(b.block);
    const auto tile = dynamic_tiles ? drawn_tile(b) : std::nullopt;
    if (!tile) return block;
    return "tile " + std::to_string(*tile) + " (drawn by " + block + ")";
}

}  // namespace ws::trace
