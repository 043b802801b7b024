// Labels that leave their box or cover one another.
#include "ui/geometry/label_log.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace ws::ui {

LabelLog& label_log() {
    static LabelLog log;
    return log;
}

namespace {

std::string quoted(const std::string& s) {
    return "\"" + s + "\"";
}

// How far `r` reaches out of `box` on its worst side, and which side.
std::pair<float, const char*> overhang(const Rect& r, const Rect& box) {
    const std::pair<float, const char*> sides[] = {{box.x - r.x, "left"},
                                                   {r.right() - box.right(), "right"},
                                                   {box.y - r.y, "top"},
                                                   {r.bottom() - box.bottom(), "bottom"}};
    return *std::max_element(sides, sides + 4,
                             [](const auto& a, const auto& b) { return a.first < b.first; });
}

float overlap_1d(float a0, float a1, float b0, float b1) {
    return std::min(a1, b1) - std::max(a0, b0);
}

}  // namespace

std::vector<std::string> label_problems(const std::vector<PlacedLabel>& labels, float slack) {
    std::vector<std::string> out;
    std::map<std::string, std::vector<const PlacedLabel*>> by_owner;
    for (const PlacedLabel& l : labels) {
        by_owner[l.owner].push_back(&l);
        const auto [by, side] = overhang(l.rect, l.box);
        if (by > slack)
            out.push_back(l.owner + ": " + quoted(l.text) + " leaves its box by " +
                          std::to_string(int(std::ceil(by))) + " px (" + side + ")");
    }
    for (auto& [owner, list] : by_owner) {
        // Sweep in x: only labels whose x ranges meet are compared.
        std::sort(list.begin(), list.end(),
                  [](const PlacedLabel* a, const PlacedLabel* b) { return a->rect.x < b->rect.x; });
        for (std::size_t i = 0; i < list.size(); ++i)
            for (std::size_t j = i + 1; j < list.size(); ++j) {
                const Rect& a = list[i]->rect;
                const Rect& b = list[j]->rect;
                if (b.x >= a.right() - slack) break;
                if (overlap_1d(a.x, a.right(), b.x, b.right()) > slack &&
                    overlap_1d(a.y, a.bottom(), b.y, b.bottom()) > slack)
                    out.push_back(owner + ": " + quoted(list[i]->text) + " covers " +
                                  quoted(list[j]->text));
            }
    }
    return out;
}

}  // namespace ws::ui
