// Lane slots from the step's warp instructions.
#include "ui/model/trace/lane_slots.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace ws::ui {

std::uint64_t WarpSlots::slots() const {
    return std::uint64_t(instructions) * std::uint64_t(__builtin_popcount(live));
}

std::uint64_t WarpSlots::used_slots() const {
    std::uint64_t u = 0;
    for (unsigned lane = 0; lane < 32; ++lane)
        if (live >> lane & 1u) u += used[lane];
    return u;
}

std::vector<WarpSlots> warp_slots(const TraceView& v, std::size_t step) {
    std::vector<WarpSlots> out(v.warps);
    for (std::uint32_t w = 0; w < v.warps; ++w) out[w].live = v.live_mask(w);
    if (step >= v.steps.size()) return out;
    // (warp, line, kind) -> per lane: instructions of that line and kind the lane ran (its
    // trips through the line, for a line of a loop).
    std::map<std::tuple<std::uint16_t, std::uint16_t, std::uint8_t>, std::array<std::uint32_t, 32>>
        trips;
    for (std::uint32_t i : v.steps[step].instructions) {
        const trace::WarpInstruction& inst = v.instructions[i].inst;
        if (inst.warp >= out.size()) continue;
        WarpSlots& w = out[inst.warp];
        w.instructions += 1;
        auto& t = trips[{inst.warp, inst.line, static_cast<std::uint8_t>(inst.kind)}];
        for (unsigned lane = 0; lane < 32; ++lane)
            if ((inst.active_mask & w.live) >> lane & 1u) {
                w.used[lane] += 1;
                t[lane] += 1;
            }
    }
    for (const auto& [key, lanes] : trips) {
        WarpSlots& w = out[std::get<0>(key)];
        std::uint32_t fewest = ~0u, most = 0;
        for (unsigned lane = 0; lane < 32; ++lane) {
            if (!(w.live >> lane & 1u) || w.used[lane] == 0) continue;  // idle all step
            fewest = std::min(fewest, lanes[lane]);
            most = std::max(most, lanes[lane]);
        }
        // A loop: some lane ran the line more than once, and another fewer times.
        if (most >= 2 && fewest < most &&
            (w.loop_line == 0 || most - fewest > w.most_trips - w.fewest_trips)) {
            w.loop_line = std::get<1>(key);
            w.fewest_trips = fewest;
            w.most_trips = most;
        }
    }
    return out;
}

LaneShare lane_share(const std::vector<WarpSlots>& warps) {
    LaneShare s;
    for (const WarpSlots& w : warps) {
        if (w.instructions == 0) continue;
        s.used += w.used_slots();
        s.slots += w.slots();
        s.instructions += w.instructions;
    }
    return s;
}

int LaneShare::percent() const {
    return slots ? static_cast<int>(std::lround(100.0 * double(used) / double(slots))) : 0;
}

}  // namespace ws::ui
