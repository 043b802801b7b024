// split_persistent_tiles (crosscheck.hpp): a persistent kernel's trace re-cut into one block per
// tile, so that a GPU's and the emulator's traces compare whichever block drew each tile.
#include <algorithm>
#include <map>
#include <vector>

#include "kernels/run/crosscheck.hpp"
#include "kernels/trace/analysis.hpp"

namespace ws::run {
namespace {

using trace::Event;
using trace::EventKind;
using trace::MarkKind;

// Events whose address is a place in shared memory.
bool addresses_shared(EventKind k) {
    return k == EventKind::SharedRead || k == EventKind::SharedWrite || k == EventKind::TxInit ||
           k == EventKind::TxArrive || k == EventKind::TxWait;
}

bool is_mark(const Event& e, MarkKind k) {
    return e.kind == EventKind::Mark && e.src_lane == std::uint8_t(k);
}

// A ring of per-stage regions of shared memory (a Slots mark).
struct Ring {
    std::uint64_t first = 0, stride = 0, stages = 0;
    bool holds(std::uint64_t a) const { return a >= first && a < first + stride * stages; }
};

// The same place of the ring's stage (k - stage) mod stages: stage `stage` becomes stage 0.
std::uint64_t rebased(const std::vector<Ring>& rings, std::uint64_t a, std::uint64_t stage) {
    for (const Ring& r : rings) {
        if (!r.holds(a) || r.stride == 0) continue;
        const std::uint64_t k = (a - r.first) / r.stride, within = (a - r.first) % r.stride;
        return r.first + (k + r.stages - stage % r.stages) % r.stages * r.stride + within;
    }
    return a;
}

// One thread's turn of its loop: its events, the stage and sub-step it began at, its tile.
struct Turn {
    std::vector<Event> events;
    std::uint64_t stage = 0;
    std::uint16_t substep = 0;
    std::uint64_t tile = trace::kNoTile;
    std::uint64_t draw = trace::kNoTile;  // an Atomic in the turn (the producer's draw)
};

}  // namespace

void split_persistent_tiles(trace::Trace& t) {
    std::map<std::uint32_t, trace::BlockTrace> out;  // by new block id
    auto block_named = [&](std::uint32_t id, bool truncated) -> trace::BlockTrace& {
        trace::BlockTrace& b = out[id];
        b.block = id;
        b.truncated |= truncated;
        return b;
    };
    for (trace::BlockTrace& b : t.blocks) {
        std::vector<Ring> rings;
        for (const Event& e : b.events)
            if (is_mark(e, MarkKind::Slots)) {
                const Ring r{e.address, e.value & 0xffffffffu, e.value >> 32};
                if (std::none_of(rings.begin(), rings.end(),
                                 [&](const Ring& x) { return x.first == r.first; }))
                    rings.push_back(r);
            }
        std::vector<Event> prologue;
        std::vector<Turn> turns;
        std::uint64_t end_draw = trace::kNoTile;
        for (std::size_t i = 0; i < b.events.size();) {  // one thread at a time
            std::size_t j = i;
            while (j < b.events.size() && b.events[j].thread == b.events[i].thread) ++j;
            Turn* turn = nullptr;
            for (std::size_t k = i; k < j; ++k) {
                Event e = b.events[k];
                if (is_mark(e, MarkKind::Round)) {
                    turns.emplace_back();
                    turn = &turns.back();
                    turn->stage = e.address;
                    turn->substep = e.substep;
                    e.address = 0;
                }
                if (!turn) {
                    prologue.push_back(e);
                    continue;
                }
                if (e.kind == EventKind::TxWait) continue;
                if (is_mark(e, MarkKind::Tile)) turn->tile = e.value;
                if (e.kind == EventKind::Atomic) turn->draw = e.value;
                e.substep = std::uint16_t(e.substep - turn->substep);
                if (addresses_shared(e.kind)) e.address = rebased(rings, e.address, turn->stage);
                if (e.kind == EventKind::BulkCopy) {
                    trace::BulkCopyFields f = trace::bulk_copy_fields(e);
                    f.dst = std::uint32_t(rebased(rings, f.dst, turn->stage));
                    f.barrier = std::uint32_t(rebased(rings, f.barrier, turn->stage));
                    e.value = trace::pack_bulk_copy(f);
                }
                turn->events.push_back(e);
            }
            i = j;
        }
        for (const Turn& turn : turns)
            if (turn.tile == trace::kNoTile && turn.draw != trace::kNoTile) end_draw = turn.draw;
        trace::BlockTrace& first = block_named(b.block, b.truncated);
        first.events = std::move(prologue);
        first.snapshots = std::move(b.snapshots);
        for (Turn& turn : turns) {
            const std::uint64_t name = turn.tile != trace::kNoTile ? turn.tile : end_draw;
            trace::BlockTrace& to = block_named(std::uint32_t(t.grid + name), b.truncated);
            to.events.insert(to.events.end(), turn.events.begin(), turn.events.end());
        }
    }
    t.blocks.clear();
    for (auto& [id, b] : out) {
        std::stable_sort(b.events.begin(), b.events.end(), [](const Event& x, const Event& y) {
            return x.thread != y.thread ? x.thread < y.thread : x.seq < y.seq;
        });
        for (std::size_t i = 0; i < b.events.size(); ++i)  // numbered from 0 in each thread
            b.events[i].seq =
                i > 0 && b.events[i - 1].thread == b.events[i].thread ? b.events[i - 1].seq + 1 : 0;
        t.blocks.push_back(std::move(b));
    }
    // Counted again over the turns; races stay as counted in the blocks that ran them (a turn
    // alone has lost the waits that order it).
    const std::uint64_t hazards = t.totals.hazards;
    t.totals = {};
    for (const trace::BlockTrace& b : t.blocks)
        t.totals += trace::block_counters(b, t.threads_per_block);
    t.totals.hazards = hazards;
}

}  // namespace ws::run
