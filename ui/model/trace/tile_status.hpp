// The decoupled look-back's tile protocol, drawn as it changes: each block takes a tile from a
// counter (an atomic), publishes the tile's aggregate (flag 1), looks back over the tiles before
// it and publishes its inclusive prefix (flag 2). From the shown block's recorded events: which
// tile it drew, and at which step, on which line, its flag changed. Of the other tiles the trace
// knows only what the schedule implies: when the emulator runs one block at a time, the tiles
// drawn before had published their prefixes and the tiles after had not started; with several
// blocks at once (resident > 1), and on a GPU, which records no timing between blocks, they are
// unknown. Plain data.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ws::ui {

struct TraceView;

enum class TileState : std::uint8_t { Unknown, None, Aggregate, Prefix };
const char* tile_state_name(TileState s);  // "aggregate published", ...

struct TileStrip {
    bool shown = false;                // a look-back trace whose block drew a tile
    std::uint32_t tile = 0;            // the tile the shown block drew
    std::uint32_t tiles = 0;           // tiles of the launch (its grid)
    bool emulated = false;             // blocks ran in order: the other tiles' states are known
    std::vector<TileState> after;      // per view step: the shown tile's state after it
    std::vector<std::string> changes;  // per view step: what it published in it, in words
    // The state of any tile after view step `step`.
    TileState state(std::uint32_t t, std::size_t step) const;
};

TileStrip tile_strip(const TraceView& v);

}  // namespace ws::ui
