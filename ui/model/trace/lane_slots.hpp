// How busy a step's lanes were, counted in issue slots (issue 35): every warp instruction the
// step recorded offers one slot to each launched lane of its warp; a lane that ran it used its
// slot, a lane that had left a loop, or sat on the other side of a branch, left it idle. The
// warps panel's strips, its one-line totals and the explanation all read this one count, so a
// loop that some lanes leave early shows idle lanes even though every lane did something.
// Also the loop (trip-count) divergence of a warp: lanes that ran the same line a different
// number of times, which is told as a loop, not as the two sides of an if.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

struct WarpSlots {
    std::uint32_t instructions = 0;        // warp instructions recorded in the step
    std::array<std::uint32_t, 32> used{};  // per lane: instructions it was active in
    std::uint32_t live = 0;                // launched lanes
    // Loop divergence: the line whose lanes' run counts differ most (0: none) and the fewest
    // and most times a lane that ran the step ran it.
    std::uint16_t loop_line = 0;
    std::uint32_t fewest_trips = 0, most_trips = 0;
    std::uint64_t slots() const;  // instructions x live lanes
    std::uint64_t used_slots() const;
};

// Per warp of the block, for view step `step` (an access-step counts its real step's).
std::vector<WarpSlots> warp_slots(const TraceView& v, std::size_t step);

// The step's lane slots over its busy warps: used and offered.
struct LaneShare {
    std::uint64_t used = 0, slots = 0;
    std::uint32_t instructions = 0;
    int percent() const;  // rounded; 0 with no slot
};
LaneShare lane_share(const std::vector<WarpSlots>& warps);

}  // namespace ws::ui
