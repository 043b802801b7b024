// Each launch's reads and writes of its level's elements.
#include "ui/model/pictures/element_moves.hpp"

namespace ws::ui {
namespace {

// What a launch of each kind does to its level's elements.
struct StepMoves {
    const char* what;
    bool reads, writes;
};
StepMoves step_moves(ScanStep step) {
    switch (step) {
        case ScanStep::TileScan:
            return {"scan each tile", true, true};
        case ScanStep::AddPrefix:  // reads the scanned element back, adds, writes it again
            return {"add each tile's prefix", true, true};
        case ScanStep::TileReduce:
            return {"sum each tile", true, false};
        case ScanStep::SeededScan:
            return {"scan each tile from its prefix", true, true};
        case ScanStep::SinglePass:
            return {"scan each tile, looking back for its prefix", true, true};
        case ScanStep::Map:
            return {"copy", true, true};
    }
    return {"", false, false};
}

}  // namespace

ElementMoves element_moves(const ScanPlan& plan) {
    ElementMoves out;
    for (const ScanLaunch& l : plan.launches) {
        const StepMoves k = step_moves(l.step);
        LaunchMoves m{k.what, l.level, l.count, k.reads, k.writes, l.traced};
        if (m.level == 0) out.moves += unsigned(m.reads) + unsigned(m.writes);
        out.launches.push_back(std::move(m));
    }
    return out;
}

}  // namespace ws::ui
