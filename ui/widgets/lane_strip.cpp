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

void draw_lane_strip(Painter& paint, const Rect& r, const LaneStrip& lanes) {
    const Palette& p = palette();
    const float lane_w = r.w / 32.0f;
    // 0: not launched, 1: idle, 2 + k: path k.
    auto state = [&](int lane) {
        if (!(lanes.live >> lane & 1u)) return 0;
        for (std::size_t k = 0; k < lanes.paths.size(); ++k)
            if (lanes.paths[k] >> lane & 1u)
                return 2 + static_cast<int>(std::min<std::size_t>(k, kPathColours - 1));
        return 1;
    };
    // Runs of lanes in the same state become one rectangle, and the lanes are told apart by a
    // tick every 8: a 1024-thread block has 12k lanes per panel.
    for (int lane = 0; lane < 32;) {
        const int st = state(lane);
        int end = lane + 1;
        while (end < 32 && state(end) == st) ++end;
        const Rect run{r.x + float(lane) * lane_w, r.y, float(end - lane) * lane_w, r.h};
        paint.rect(run, st >= 2 ? p.path[st - 2] : st == 1 ? p.lane_off : p.lane_dead);
        if (lanes.divergent && st == 1 && r.h >= 4) paint.hatch(run, p.divergent, 5.0f);
        lane = end;
    }
    // Lanes idle in part of the warp's slots: the idle share at the bottom, hatched.
    for (int lane = 0; lane < 32 && lanes.busy.size() == 32; ++lane) {
        if (state(lane) < 2 || lanes.busy[std::size_t(lane)] >= 0.999f) continue;
        const float idle_h = r.h * (1.0f - lanes.busy[std::size_t(lane)]);
        const Rect idle{r.x + float(lane) * lane_w, r.bottom() - idle_h, lane_w, idle_h};
        paint.rect(idle, p.lane_off);
        if (r.h >= 4) paint.hatch(idle, p.divergent, 5.0f);
    }
    if (lane_w >= 2.0f)
        for (int lane = 8; lane < 32; lane += 8) {
            const float x = std::round(r.x + float(lane) * lane_w);
            paint.rect({x, r.y, 1, r.h}, p.panel_bg);
        }
    if (lanes.highlight) {
        const float bar = std::max(2.0f, r.h * 0.22f);
        for (int lane = 0; lane < 32; ++lane)
            if (lanes.highlight >> lane & 1u)
                paint.rect({r.x + float(lane) * lane_w, r.bottom() - bar, lane_w, bar}, p.current);
    }
    if (lanes.divergent) paint.outline({r.x - 2, r.y - 2, r.w + 4, r.h + 4}, p.divergent, 2.0f);
}

void draw_lane_strip(Painter& paint, const Rect& r, std::uint32_t active, std::uint32_t live) {
    LaneStrip lanes;
    lanes.live = live;
    lanes.paths = {active & live};
    lanes.divergent = is_divergent(active, live);
    draw_lane_strip(paint, r, lanes);
}

}  // namespace ws::ui
