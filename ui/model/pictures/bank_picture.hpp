// The picture behind the banks panel: for one shared-memory warp instruction, which lanes
// touched which 4-byte word in each of the 32 banks, per group of lanes served together.
//
// Same rule as ws::trace::bank_report (analysis.hpp): word w lives in bank w % 32; lanes are
// served in groups that move 128 bytes (32 lanes for 4-byte accesses, 16 for 8, 8 for 16; a load
// whose warp touches no bank twice, all 32 at once). A bank holding k distinct words in a group
// costs k wavefronts ("k-way"); lanes that share a word are a broadcast and cost nothing extra.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/trace/analysis.hpp"

namespace ws::ui {

struct BankWord {
    std::uint64_t word = 0;   // shared byte offset / 4
    std::uint32_t lanes = 0;  // mask of the lanes that touched it
};

struct BankGroup {
    std::uint32_t first_lane = 0, lane_count = 32;
    std::array<std::vector<BankWord>, 32> banks;  // distinct words per bank, by word
    std::uint32_t ways() const;                   // the most distinct words in one bank
};

struct BankPicture {
    std::vector<BankGroup> groups;       // groups with at least one active lane
    std::uint32_t max_ways = 0;          // BankReport::max_ways (a load's: over its ideal)
    std::uint32_t broadcast_words = 0;   // words touched by more than one lane
    std::uint32_t conflicted_banks = 0;  // banks holding more than one word (any group)
};

BankPicture bank_picture(const trace::BlockTrace& b, const trace::WarpInstruction& inst);

}  // namespace ws::ui

namespace ws::ui {

// How a word's address reads in its box of the stack (and how many lanes share it, " x3"): the
// whole text at the caption's size, or smaller down to the readable minimum; where even that is
// too wide, the address's last digits after "…" (a visible mark; the tooltip has the whole
// address). Never blank. `advance`: a digit's width per pixel of font size.
struct BoxLabel {
    std::string text;
    float px = 0;
    bool shortened = false;
};
BoxLabel word_label(std::uint64_t word, std::uint32_t sharing, float box_w, float px, float min_px,
                    float advance);

}  // namespace ws::ui
