// Every label a picture draws, as layout data: its words, the rectangle they cover and the box
// they belong in (a cell, a bar, a lane, the picture itself), with the panel that drew them.
// The drawing helper draw_label (ui/widgets/draw.hpp) records into the log while it is on
// (`warpscope --screenshot ... --check-labels`, and tests); label_problems says which labels
// leave their box or cover another, so that no number any view draws vanishes or collides.
#pragma once
#include <string>
#include <vector>

#include "ui/layout.hpp"

namespace ws::ui {

struct PlacedLabel {
    std::string text;
    Rect rect;          // what the words cover
    Rect box;           // where they must stay
    std::string owner;  // the picture that drew them ("banks", "ring", ...)
};

struct LabelLog {
    bool on = false;  // record (off: draw_label only draws)
    std::vector<PlacedLabel> labels;
    // Pictures that drew a placeholder instead of themselves ("banks: (too small to draw the
    // banks)"): a problem as much as a label that leaves its box.
    std::vector<std::string> not_drawn;
    // Pictures that scroll (a grid larger than its panel, with its overview beside): words cut
    // at their edges are the scroll's, not lost.
    std::vector<Rect> scroll_areas;
    void begin_frame() {
        labels.clear();
        not_drawn.clear();
        scroll_areas.clear();
    }
    void add_scroll_area(const Rect& r) {
        if (on) scroll_areas.push_back(r);
    }
    void add(PlacedLabel l) {
        if (on) labels.push_back(std::move(l));
    }
    void add_not_drawn(const std::string& owner, const std::string& placeholder) {
        if (on) not_drawn.push_back(owner + ": " + placeholder);
    }
};
// The window's one log (the frame is drawn on one thread).
LabelLog& label_log();

// One line per label that leaves its box by more than `slack` pixels, and per two labels of one
// owner whose rectangles overlap by more than `slack` in both directions: "banks: \"12345\"
// leaves its box by 3 px (right)", "ring: \"GPU 0\" covers \"4.1 GB/s\"".
std::vector<std::string> label_problems(const std::vector<PlacedLabel>& labels, float slack = 1.0f);

}  // namespace ws::ui
