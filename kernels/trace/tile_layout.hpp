// Which element of a block's tile a shared cell holds: the address alone does not say, so the
// catalog gives each variant a layout (VariantInfo::layout) and the circuit inference reads it.
//
//   Elements      the cells are the tile, cell i = element i (Blelloch, Brent-Kung, Sklansky,
//                 the reductions' s[t]); cells past the tile (the in-place Kogge-Stone's warp
//                 totals) hold no element of their own
//   DoubleBuffer  two copies of a tile of blockDim.x (Kogge-Stone): element = cell mod tile
//   Padded        a padding word after every 32 (the conflict-free Blelloch): cell c = i + i/32
//                 holds element i = c - c/33
//   ZeroPadded    a row of 49 cells a warp (the zero-padded warp scan): 16 zeros, 32 elements,
//                 a spare word; element = 32 * (cell / 49) + cell % 49 - 16 for the 32 middle
//                 cells of a row, none for the zeros, the spare word and the totals' row
//   Arrays        several arrays of one tile each, side by side (min, max, sum and avg):
//                 element = cell mod tile
//   Registers     shared memory holds only per-warp totals (the warp-shuffle kernels): the
//                 elements live in the threads' registers, one column per thread
#pragma once
#include <cstdint>
#include <optional>

namespace ws::trace {

enum class TileLayout { Elements, DoubleBuffer, Padded, ZeroPadded, Arrays, Registers };

// Shared cell -> column of the addition network (an element of the tile, or a thread's register
// for Registers).
struct ColumnMap {
    TileLayout layout = TileLayout::Elements;
    std::uint32_t columns = 0;  // elements of the tile (threads, for Registers)
    // The element a shared cell holds, or nullopt for a cell outside the tile (a total).
    std::optional<std::uint32_t> element(std::uint64_t cell) const {
        std::uint64_t e = cell;
        switch (layout) {
            case TileLayout::Registers:
                return std::nullopt;
            case TileLayout::DoubleBuffer:
            case TileLayout::Arrays:
                e = columns ? cell % columns : cell;
                break;
            case TileLayout::Padded:
                e = cell - cell / 33;
                break;
            case TileLayout::ZeroPadded:
                if (cell % 49 < 16 || cell % 49 >= 48) return std::nullopt;
                e = 32 * (cell / 49) + cell % 49 - 16;
                break;
            case TileLayout::Elements:
                break;
        }
        if (e >= columns) return std::nullopt;
        return static_cast<std::uint32_t>(e);
    }
};

// How cells map to columns, for the circuit panel: "column = cell mod tile (two buffers)".
inline const char* column_rule_text(TileLayout l) {
    switch (l) {
        case TileLayout::Elements:
            return "column = shared cell";
        case TileLayout::DoubleBuffer:
            return "column = cell mod tile (two buffers)";
        case TileLayout::Padded:
            return "column = cell \xe2\x88\x92 cell/33 (padding words left out)";
        case TileLayout::ZeroPadded:
            return "column = 32*(cell/49) + cell%49 \xe2\x88\x92 16 (zeros and spare words left "
                   "out)";
        case TileLayout::Arrays:
            return "column = cell mod tile (one array a result)";
        case TileLayout::Registers:
            return "column = thread (the additions are in registers)";
    }
    return "";
}

}  // namespace ws::trace
