// How often a device-wide run reads and writes each element, launch by launch, from the run's
// plan (kernels/scan_plan.hpp): the Global memory panel's "moves" rows, so that a slide that says
// "four moves" shows the four (scan-then-fan: the tile scan reads and writes, the fan reads and
// writes; the tile totals' own launches move a tile's worth of the elements' bytes, not theirs).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/scan_plan.hpp"

namespace ws::ui {

struct LaunchMoves {
    std::string what;                    // "scan each tile", "add each tile's prefix", ...
    unsigned level = 0;                  // 0: the elements; 1, 2...: tile totals, and theirs
    std::uint64_t count = 0;             // the level's elements
    bool reads = false, writes = false;  // of the level's elements
    bool traced = false;                 // the launch the step view shows
};

struct ElementMoves {
    std::vector<LaunchMoves> launches;
    unsigned moves = 0;  // reads and writes of each element (level 0) over the whole run
};

ElementMoves element_moves(const ScanPlan& plan);

}  // namespace ws::ui
