// The coalescing picture of one global-memory warp instruction, as plain data: each lane's byte
// address and width, the distinct 32-byte sectors the lanes touch (what DRAM and L2 move), the
// 128-byte lines those sectors lie in, and the fewest sectors the same bytes could fit in. The
// global memory panel draws it; its sector count is trace::sector_report's (tested).
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::ui {

inline constexpr std::uint64_t kSectorBytes = 32;
inline constexpr std::uint64_t kLineBytes = 128;

struct SectorPicture {
    struct Lane {
        bool active = false;
        std::uint64_t address = 0;                  // byte offset into its global array
        std::uint32_t width = 0;                    // bytes: 4, 8 or 16
        std::uint32_t first_box = 0, last_box = 0;  // the sectors it touches (indices of boxes)
    };
    struct Box {
        std::uint8_t buffer = 0;   // which global array
        std::uint64_t sector = 0;  // byte address / 32
        std::uint32_t line = 0;    // index of its 128-byte line among the instruction's
        std::uint32_t lanes = 0;   // how many lanes touch it
        std::uint32_t bytes = 0;   // how many of its 32 bytes the lanes use (distinct)
    };
    std::vector<Lane> lanes = std::vector<Lane>(32);
    std::vector<Box> boxes;  // sorted by (buffer, sector)
    std::uint32_t lines = 0;
    std::uint32_t sectors = 0, ideal_sectors = 0;
    std::uint64_t bytes = 0;  // bytes the active lanes asked for
    // Sectors moved per sector needed: 1 when coalesced, up to 8 for scattered 4-byte lanes.
    double waste() const { return ideal_sectors ? double(sectors) / ideal_sectors : 0.0; }
};

SectorPicture sector_picture(const trace::BlockTrace& b, const trace::WarpInstruction& inst);

}  // namespace ws::ui

namespace ws::ui {

// Where the sector boxes go across `width` pixels: equal boxes, a gap of `line_gap` between two
// 128-byte lines (so a class sees how many lines an instruction touches). {x, w} per box.
struct SectorColumn {
    float x = 0, w = 0;
};
std::vector<SectorColumn> sector_columns(const SectorPicture& p, float width, float line_gap);

}  // namespace ws::ui
