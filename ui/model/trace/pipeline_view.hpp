// Hopper's pipeline as the window shows it (the Pipeline panel): for a block whose trace marks
// its stage rings and warp roles (kernels/probe/pipeline.cuh), its stages moment by moment
// (free, being filled, full, being scanned) with the tile each holds, what each warp does or
// waits on, the bytes the copy engine has in flight, and for each tile its stage and when its
// aggregate and inclusive prefix were published. Plain data, computed once with the TraceView.
//
// Moments come from the emulator's order of events and its copy landings (a GPU records
// neither: a GPU trace gives the tiles' rows and the layout, and says it has no moments). A
// barrier's round ends, as in PTX, when its TxInit's arrivals have come and the copies have
// landed the bytes they announced: the view counts them as the trace runs.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/trace/trace.hpp"

namespace ws::ui {

inline constexpr std::uint32_t kNoStageTile = 0xffffffffu;

enum class StageState : std::uint8_t { Free, Filling, Full, Scanning };
const char* stage_state_name(StageState s);  // "free", "filling", "full", "scanning"

struct StageNow {
    StageState state = StageState::Free;
    std::uint32_t tile = kNoStageTile;
    bool by_copy = false;  // filled by the copy engine (else by the producer's lanes)
};

struct WarpNow {
    trace::WarpRole role = trace::WarpRole::Consumer;
    bool has_role = false;
    std::uint32_t tile = kNoStageTile;  // the tile of its current turn
    bool waiting = false;               // began a wait on a barrier that is not over
    bool done = false;                  // every lane exited
    std::string waits_on;               // "full[2], round 1"
    bool waits_for_copy = false;        // ... whose copy is in flight
};

struct PipelineMoment {
    std::uint32_t after_order = 0;  // entries of BlockTrace::order run before it
    std::string what;               // "the copy of tile 3 lands in stage 3"
    std::vector<StageNow> stages;
    std::vector<WarpNow> warps;
    std::uint64_t in_flight = 0;  // bytes the copy engine has issued and not landed
};

struct TileRow {
    std::uint32_t tile = 0, stage = 0;
    bool by_copy = false;
    // Moments at which its status changed (kNoMoment: not in this trace).
    static constexpr std::size_t kNoMoment = ~std::size_t(0);
    std::size_t aggregate_at = kNoMoment, prefix_at = kNoMoment;
};

struct PipelineView {
    bool shown = false;  // the block marks a ring of data stages
    bool timed = false;  // moments known (the emulator's order)
    std::string why_untimed;
    unsigned stages = 0, stage_bytes = 0;
    std::vector<std::string> rings;  // the barrier rings' names, as the source declares them
    std::vector<PipelineMoment> moments;
    std::vector<TileRow> tiles;  // in the order the block drew them
    std::uint64_t max_in_flight = 0;
    std::size_t copy_waits = 0;  // waits on a stage begun while its copy was in flight
    std::size_t first_copy_wait = TileRow::kNoMoment;  // the moment of the first
};

// `source_lines`: the kernel's text by line (line 1 first), to name the barrier rings.
PipelineView pipeline_view(const trace::BlockTrace& b,
                           const std::vector<std::string>& source_lines);

}  // namespace ws::ui
