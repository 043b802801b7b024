// Drawing one warp's 32 lanes.
#include "ui/widgets/lane_strip.hpp"

#include <algorithm>
#include <cmath>

#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {

bool is_divergent(std::uint32_t active, std::uint32_t live) {
    active &= live;
    return active != 0 && active != live;
}

void draw_lane_strip(Painter& paint, const Rect& r, std::uint32_t active, std::uint32_t live) {
    const Palette& p = palette();
    const bool divergent = is_divergent(active, live);
    const float lane_w = r.w / 32.0f;
    auto state = [&](int lane) {
        return (live >> lane & 1u) ? ((active >> lane & 1u) ? 2 : 1) : 0;
    };
    // Runs of lanes in the same state become one rectangle, and the lanes are told apart by a
    // tick every 8: a 1024-thread block has 12k lanes per panel.
    for (int lane = 0; lane < 32;) {
        const int st = state(lane);
        int end = lane + 1;
        while (end < 32 && state(end) == st) ++end;
        const Rect run{r.x + float(lane) * lane_w, r.y, float(end - lane) * lane_w, r.h};
        paint.rect(run, st == 2 ? p.lane_on : st == 1 ? p.lane_off : p.lane_dead);
        if (divergent && st == 1 && r.h >= 4) paint.hatch(run, p.divergent, 5.0f);
        lane = end;
    }
    if (lane_w >= 2.0f)
        for (int lane = 8; lane < 32; lane += 8) {
            const float x = std::round(r.x + float(lane) * lane_w);
            paint.rect({x, r.y, 1, r.h}, p.panel_bg);
        }
    if (divergent) paint.outline({r.x - 2, r.y - 2, r.w + 4, r.h + 4}, p.divergent, 2.0f);
}

}  // namespace ws::ui
