// The look-back tiles' states from a trace.
#include "ui/model/trace/tile_status.hpp"

#include "kernels/sim/emulator.hpp"

#include <sstream>

#include "kernels/catalog.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {
namespace {

// The index of the global array the kernel declares as `name` (the recorder numbers a kernel's
// global arrays in the order it declares them), from its source; -1 when there is none.
int buffer_named(const std::vector<std::string>& source, const std::string& name) {
    int index = 0;
    for (const std::string& line : source) {
        if (line.find("global_array(") == std::string::npos) continue;
        if (line.find("auto " + name + " =") != std::string::npos) return index;
        ++index;
    }
    return -1;
}

}  // namespace

const char* tile_state_name(TileState s) {
    switch (s) {
        case TileState::Unknown:
            return "unknown (no timing between blocks on a GPU)";
        case TileState::None:
            return "nothing published yet";
        case TileState::Aggregate:
            return "aggregate published";
        case TileState::Prefix:
            return "inclusive prefix published";
    }
    return "";
}

TileState TileStrip::state(std::uint32_t t, std::size_t step) const {
    if (t == tile) return step < after.size() ? after[step] : TileState::None;
    if (!emulated) return TileState::Unknown;
    return t < tile ? TileState::Prefix : TileState::None;
}

TileStrip tile_strip(const TraceView& v) {
    TileStrip out;
    if (!v.trace || !v.block) return out;
    const VariantInfo* info = v.variant;
    if (!info || !info->dynamic_tiles) return out;
    const int counter = buffer_named(v.source_lines, "counter");
    const int flag = buffer_named(v.source_lines, "flag");
    if (counter < 0 || flag < 0) return out;
    bool drew = false;
    for (const trace::Event& e : v.block->events)
        if (e.kind == trace::EventKind::Atomic && e.buffer == counter) {
            out.tile = static_cast<std::uint32_t>(e.value);  // the counter's old value
            drew = true;
        }
    if (!drew) return out;
    out.shown = true;
    out.tiles = v.trace->grid;
    // One block at a time (any order): a tile is drawn when its block starts, so the tiles drawn
    // before had finished. With several blocks at once their states are not known.
    const auto schedule = sim::Schedule::parse(v.trace->request.schedule);
    out.emulated = v.trace->backend == "emulator" && schedule && schedule->resident == 1;
    out.after.assign(v.steps.size(), TileState::None);
    out.changes.assign(v.steps.size(), "");
    // The flag writes of each real step, in program order (one thread publishes).
    TileState state = TileState::None;
    for (std::size_t i = 0; i < v.steps.size(); ++i) {
        const StepView& s = v.steps[i];
        if (s.micro <= 1) {  // an access-step shares its step's flag writes: take them once
            std::ostringstream words;
            for (const trace::Event& e : v.block->events) {
                if (e.kind != trace::EventKind::GlobalWrite || e.buffer != flag) continue;
                if (trace::step_of(e) != s.id) continue;
                // The flag is the word's low half (a 4-byte value rides in the high half).
                const bool aggregate = (e.value & 0xffffffffu) == 1;
                state = aggregate ? TileState::Aggregate : TileState::Prefix;
                // "published its aggregate (line 155), then its inclusive prefix (line 160)"
                words << (words.tellp() > 0 ? ", then its " : "published its ")
                      << (aggregate ? "aggregate" : "inclusive prefix") << " (line " << e.line
                      << ")";
            }
            out.changes[i] = words.str();
        }
        out.after[i] = state;
    }
    return out;
}

}  // namespace ws::ui
