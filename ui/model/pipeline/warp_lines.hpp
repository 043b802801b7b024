// The Pipeline panel's warp lines, as words: one line a warp, and warps next to each other that
// do the same thing (same job, tile and wait) on one line ("warps 3-6, consumers: tile 0"), so
// that a moment reads at a projector's size. Plain data, tested.
#pragma once
#include <string>
#include <vector>

#include "ui/model/trace/pipeline_view.hpp"

namespace ws::ui {

struct WarpLine {
    unsigned first = 0, last = 0;  // the warps it tells of
    std::string text;              // "warp 4, consumer: tile 2, waits on full[2], round 0 (...)"
    bool waiting = false;          // they wait on a barrier
    bool for_copy = false;         // ... on a stage whose copy is in flight
};

std::vector<WarpLine> warp_lines(const PipelineMoment& m);

}  // namespace ws::ui
