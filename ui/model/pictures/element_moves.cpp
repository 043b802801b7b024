// Each launch's reads and writes of its level's elements.
#include "ui/model/pictures/element_moves.hpp"

namespace ws::ui {
namespace {

LaunchMoves moves_of(const ScanLaunch& l) {
    LaunchMoves m;
    m.level = l.level;
    m.count = l.count;
    m.traced = l.traced;
    switch (l.step) {
        case ScanStep::TileScan:
            m = {"scan each tile", l.level, l.count, true, true, l.traced};
            break;
        case ScanStep::AddPrefix:  // reads the scanned element back, adds, writes it again
            m = {"add each tile's prefix", l.level, l.count, true, true, l.traced};
            break;
        case ScanStep::TileReduce:
            m = {"sum each tile", l.level, l.count, true, false, l.traced};
            break;
        case ScanStep::SeededScan:
            m = {"scan each tile from its prefix", l.level, l.count, true, true, l.traced};
            break;
        case ScanStep::SinglePass:
            m = {"scan each tile, looking back for its prefix",
                 l.level,
                 l.count,
                 true,
                 true,
                 l.traced};
            break;
        case ScanStep::Map:
            m = {"copy", l.level, l.count, true, true, l.traced};
            break;
    }
    return m;
}

}  // namespace

ElementMoves element_moves(const ScanPlan& plan) {
    ElementMoves out;
    for (const ScanLaunch& l : plan.launches) {
        LaunchMoves m = moves_of(l);
        if (m.level == 0) out.moves += unsigned(m.reads) + unsigned(m.writes);
        out.launches.push_back(std::move(m));
    }
    return out;
}

}  // namespace ws::ui
