// Which column of the circuit view a shared cell belongs to: the element of the block's tile it
// holds. Read from the catalog's shared-memory rule, because the address alone does not say:
//
//   Elements      the cells are the tile, cell i = element i (Blelloch, Brent-Kung, Sklansky,
//                 the reductions' s[t]); cells past the tile (the in-place Kogge-Stone's warp
//                 totals) have no element of their own
//   DoubleBuffer  two copies of a tile of blockDim.x (Kogge-Stone, SmemRule::TwoPerThread with one
//                 element per thread): element = cell mod tile
//   Padded        a padding word after every 32 (SmemRule::TwoPerThreadPadded, the conflict-free
//                 Blelloch): cell c = i + i/32 holds element i = c - c/33
//   Registers     shared memory holds only per-warp totals (SmemRule::PerWarp and the like, the
//                 warp-shuffle kernels): the columns are the threads' registers, one per thread
//
// Cells with no element (totals) take the column of the value last stored in them; see
// circuit.hpp. Pure; no ImGui.
#pragma once
#include <cstdint>
#include <optional>

#include "kernels/catalog.hpp"

namespace ws::ui {

enum class ColumnRule { Elements, DoubleBuffer, Padded, Registers };

struct ColumnMap {
    ColumnRule rule = ColumnRule::Elements;
    std::uint32_t columns = 0;  // elements of the tile (or threads, for Registers)
    // The element a shared cell holds, or nullopt for a cell outside the tile (a total).
    std::optional<std::uint32_t> element(std::uint64_t cell) const;
};

// `cells`: the shared array's length in elements; `threads`: the block size.
ColumnMap column_map(const VariantInfo& v, std::uint32_t threads, std::uint32_t cells);

const char* column_rule_text(ColumnRule r);  // for the panel: how cells map to columns

}  // namespace ws::ui
