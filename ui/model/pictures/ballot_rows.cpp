#include "ui/model/pictures/ballot_rows.hpp"

#include <algorithm>
#include <bitset>

namespace ws::ui {

Rect BallotLayout::cell(std::size_t row, unsigned lane) const {
    const Rect& c = rows[row].cells;
    return {c.x + float(lane) * (cell_w + gap), c.y, cell_w, cell_h};
}

BallotLayout ballot_layout(const std::vector<WarpBallot>& ballots, const Rect& area, float font_px,
                           float label_w, float count_w) {
    BallotLayout l;
    if (ballots.empty() || area.empty()) return l;
    const float pad = std::max(2.0f, font_px * 0.25f);
    // A cell as wide as the row allows, up to a text line; a gap of 1 px between lanes.
    l.gap = 1;
    const float lanes_w = area.w - label_w - count_w - 2 * pad;
    l.cell_w = std::clamp((lanes_w - 31 * l.gap) / 32, 2.0f, font_px);
    l.cell_h = std::clamp(font_px * 0.8f, 4.0f, std::max(4.0f, l.cell_w * 1.5f));
    const float row_h = std::max(l.cell_h, font_px) + pad;
    const auto fit = static_cast<std::size_t>(std::max(0.0f, (area.h + pad) / row_h));
    const std::size_t shown = std::min(ballots.size(), fit);
    l.hidden = ballots.size() - shown;
    const float cells_w = 32 * l.cell_w + 31 * l.gap;
    for (std::size_t i = 0; i < shown; ++i) {
        BallotRow r;
        r.warp = ballots[i].warp;
        r.word = ballots[i].word;
        r.count = unsigned(std::bitset<32>(r.word).count());
        const float y = area.y + float(i) * row_h;
        const float text_y = y + (std::max(l.cell_h, font_px) - font_px) / 2;
        r.label = {area.x, text_y, label_w, font_px};
        r.cells = {area.x + label_w + pad, y + (std::max(l.cell_h, font_px) - l.cell_h) / 2,
                   cells_w, l.cell_h};
        r.count_box = {r.cells.right() + pad, text_y, count_w, font_px};
        l.rows.push_back(r);
    }
    l.height = shown ? float(shown) * row_h - pad : 0;
    return l;
}

}  // namespace ws::ui
