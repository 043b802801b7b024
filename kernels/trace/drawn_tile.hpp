// Which tile a dynamically scheduled block worked on (issue 41). The look-back scans and the
// compactions (VariantInfo::dynamic_tiles) do not take their tile from blockIdx: thread 0 draws it
// from an atomic counter before any other atomic of the block, so the tile is the value that
// first atomic returned. On the emulator, whose blocks start in order, block j draws tile j; on a
// GPU it is whichever block started j-th. Both backends keep the blocks that drew the tiles asked
// for (`--blocks` names tiles for these kernels), and a report names the tile and the block.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/trace/trace.hpp"

namespace ws::trace {

// The value of the block's first Atomic event (events are in thread order: thread 0's draw comes
// first); nullopt when the block recorded no atomic.
std::optional<std::uint32_t> drawn_tile(const BlockTrace& b);

// Orders blocks by the tile they drew (a block that drew none last, by its index).
void sort_by_drawn_tile(std::vector<BlockTrace>& blocks);

// "tile 3 (drawn by block 5)" for a kernel whose blocks draw their tiles (dynamic_tiles);
// "block 5" for the others, or when the block drew no tile.
std::string tile_and_block(const BlockTrace& b, bool dynamic_tiles);

}  // namespace ws::trace
