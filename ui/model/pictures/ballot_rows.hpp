// The warps panel's ballot rows as plain data: for a step with ballots (__ballot_sync), one row
// a warp of 32 small cells, lane 0 on the left, lit where the lane's predicate was true, with
// the word's popcount beside it. Rows that do not fit the height are counted, not squeezed.
#pragma once
#include <cstdint>
#include <vector>

#include "ui/layout.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

struct BallotRow {
    std::uint32_t warp = 0;
    std::uint32_t word = 0;
    unsigned count = 0;  // popcount of word
    Rect label;          // "w3"
    Rect cells;          // the 32 cells together
    Rect count_box;      // the popcount
};

struct BallotLayout {
    std::vector<BallotRow> rows;  // those that fit, in warp order
    std::size_t hidden = 0;       // ballots left out for lack of height
    float cell_w = 0, cell_h = 0, gap = 0;
    float height = 0;  // of the rows drawn
    // Lane `lane`'s cell in row `row`.
    Rect cell(std::size_t row, unsigned lane) const;
    bool lit(std::size_t row, unsigned lane) const { return (rows[row].word >> lane) & 1u; }
};

// `area`: where the rows may go (its height a limit); `font_px` sizes rows and text;
// `label_w` and `count_w`: the widths of the "w31" and "32" texts.
BallotLayout ballot_layout(const std::vector<WarpBallot>& ballots, const Rect& area, float font_px,
                           float label_w, float count_w);

}  // namespace ws::ui
