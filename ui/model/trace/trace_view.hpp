// TraceView: one Trace and everything the panels read from it, computed once when the trace
// arrives (in the runs feature's Job, off the window's thread), never per frame. Plain data: no
// ImGui here.
//
// Steps are those of the shown block (the first traced block). For each step the view holds
// the counters, the warp instructions with their bank pictures, which threads and shared cells
// took part, the data-flow arrows (cells read -> cell written), the shared memory after it and
// the lines that ran; for the whole block, its network of additions (circuit.hpp).
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/event_value.hpp"
#include "kernels/trace/trace.hpp"
#include "ui/model/circuit/block_circuit.hpp"
#include "ui/model/pictures/bank_picture.hpp"
#include "ui/model/pictures/sector_picture.hpp"
#include "ui/model/trace/pipeline_view.hpp"
#include "ui/model/trace/tile_status.hpp"

namespace ws::ui {

// What a shared cell saw in one step (bit flags).
enum CellFlag : std::uint8_t {
    kCellRead = 1,
    kCellWritten = 2,
    kCellFromGlobal = 4,  // written with a value loaded from global memory
    kCellRaced = 8,       // part of a hazard in this step
    // Holds the identity (0) only because no input element reached it: the threads past n
    // (padding.hpp says how that is told from the events). Set on the cell while it holds it.
    kCellPadding = 16,
};

// Data moved into the cell `to`: `from` was read by the same thread since its previous shared
// write (through a register), so the value of `to` depends on it.
struct CellArrow {
    std::uint32_t from = 0, to = 0;
    std::uint16_t thread = 0;
};
// A shuffle: `to_thread` received `value`, a register of `from_thread` (itself when the
// source lane was out of range).
struct ShuffleArrow {
    std::uint16_t from_thread = 0, to_thread = 0;
    double value = 0;
};
// A warp's ballot in a step (__ballot_sync): the word every lane received, bit k lane k's
// predicate.
struct WarpBallot {
    std::uint32_t warp = 0;
    std::uint32_t word = 0;
    std::uint16_t line = 0;
};
// A thread's shared access in a step (for the picture where threads and cells are apart).
struct CellAccess {
    std::uint16_t thread = 0;
    std::uint32_t cell = 0;
    bool write = false;
};

// One source line in one step.
struct LineActivity {
    std::uint16_t line = 0;
    std::uint32_t lanes = 0;      // lane-level events on the line (sum of active lanes)
    std::uint32_t threads = 0;    // distinct threads that ran it
    std::uint32_t warps = 0;      // warp instructions issued for the line
    std::uint32_t conflicts = 0;  // bank conflicts of its shared instructions
    std::uint32_t max_ways = 0;   // worst N-way among them
    std::uint32_t divergent = 0;  // its warp instructions with a partial active mask
    trace::AtomicCount atomics;   // its lane-level atomics, and the compare-and-swaps retried
    std::uint16_t kinds = 0;      // bit (1 << EventKind) for each kind seen
};

struct InstructionInfo {
    trace::WarpInstruction inst;
    trace::BankReport banks;      // shared instructions only
    trace::SectorReport sectors;  // global instructions only
    SectorPicture coalescing;     // global instructions only: lanes, sectors, lines
    BankPicture picture;          // shared instructions only
    std::uint32_t live_mask = 0;  // launched lanes of its warp
};

// The paths one warp's lanes took in a step (trace::warp_paths): lanes that ran the same lines
// took the same path; idle lanes ran nothing. Paths in source order.
struct WarpPathView {
    std::vector<std::uint32_t> masks;
    std::vector<std::vector<std::uint16_t>> lines;
    std::uint32_t idle_mask = 0;
    bool divergent = false;
    // The path lane `lane` took (0, 1, ...), or -1 when it was idle or not launched.
    int path_of(unsigned lane) const;
};

// A race told as a pair of accesses: two threads touched one shared word in one phase, at least
// one of them writing, with no sync between (trace::Hazard), in the order they happened (the
// emulator's schedule; for a trace without an order, lockstep order). Steps are indices into
// TraceView::steps (the access-steps of the racy step).
struct RacePair {
    trace::Hazard hazard;
    std::uint32_t cell = 0;  // the shared cell (word * 4 / element size)
    std::uint16_t first_thread = 0, second_thread = 0;
    std::uint16_t first_line = 0, second_line = 0;
    bool first_writes = false, second_writes = false;
    std::size_t first_step = 0, second_step = 0;
    // The schedule ran the two in the other order than lockstep would: the swap that a run-ahead
    // makes (a lockstep run, and a GPU's trace, has none).
    bool against_lockstep = false;
    // One warp's pair in the order lockstep runs it (the write before the read where the code
    // meant it so): a hazard, but not a race the schedule lost; not drawn as one.
    bool intended = false;
};

struct StepView {
    trace::StepId id;
    // A step that races (a hazard, no sync inside it) is shown access by access: its
    // access-steps share the step's id and counters, with micro = 1..micro_count; 0 otherwise.
    std::uint32_t micro = 0, micro_count = 0;
    std::size_t origin = 0;  // index of the block's real step (trace::block_steps)
    std::vector<std::uint16_t> micro_threads;  // threads that ran in this access-step
    std::vector<std::uint32_t> races;          // RacePairs whose second access is in this step
    std::vector<WarpPathView> paths;           // per warp (the real step's)
    trace::Counters counters;
    std::vector<std::uint32_t> instructions;  // into TraceView::instructions
    std::vector<std::uint32_t> active_mask;   // per warp: lanes with an event
    std::vector<std::uint8_t> cells;          // CellFlag per shared cell
    std::vector<CellArrow> arrows;
    std::vector<ShuffleArrow> shuffles;
    std::vector<WarpBallot> ballots;    // by warp (events come in thread order)
    std::vector<CellAccess> accesses;   // in (thread, seq) order
    std::vector<LineActivity> lines;    // sorted by line
    std::vector<double> values;         // shared memory after the step, per cell
    std::vector<std::uint8_t> defined;  // 1 where some write defined the cell
    std::uint64_t smem_ld_conflicts = 0, smem_st_conflicts = 0;
    std::uint32_t global_reads = 0;  // values loaded (a 16-byte load of ints: 4)
    std::uint32_t global_writes = 0, shuffle_events = 0, atomics = 0;
    std::uint32_t ballot_events = 0;  // lanes that received a ballot word (not in shuffle_events)
    std::vector<trace::Hazard> hazards;
    // Per thread: its atomics in this step and how many lost their race (the contention
    // picture); empty when the step has no atomic.
    std::vector<trace::AtomicCount> thread_atomics;
    std::uint32_t most_retries = 0;  // the largest retries of one thread in this step
};

struct TraceView {
    std::shared_ptr<const trace::Trace> trace;
    // The catalog's row for the trace's algorithm, found once here (nullptr: a kernel of the
    // student's, user:FILE): panels read it, never look it up again by name.
    const VariantInfo* variant = nullptr;
    const trace::BlockTrace* block = nullptr;  // the shown block, or nullptr (no events)
    std::uint32_t threads = 0, warps = 0, cells = 0, elem_size = 4;
    std::vector<StepView> steps;
    std::vector<InstructionInfo> instructions;
    std::vector<std::string> source_lines;  // line 1 is source_lines[0]
    std::vector<trace::Hazard> hazards;
    std::vector<RacePair> races;
    std::vector<trace::StepId> origin_ids;  // the block's real steps (circuit levels index these)
    // Where the order of a racy step's accesses came from: the emulator's schedule, or (a GPU
    // records none) lockstep order. Empty when nothing races.
    std::string race_order;
    trace::Counters block_totals;
    std::uint64_t ld_conflicts = 0, st_conflicts = 0;  // over the shown block
    std::size_t value_chars = 1;  // the longest value text of any cell at any step
    std::size_t min_chars = 1;    // the most characters any value needs at its shortest
    // What the block computed, in words for the shared-memory panel's header: "sum 32640"
    // (a reduction: the value it wrote out), "last element 8128" (a scan's tile); "" if none.
    // Worded by kernels/run/result_text.hpp, beside the result checks.
    std::string block_result;
    Circuit circuit;        // the block's addition network (the circuit view)
    TileStrip tiles;        // the look-back's tile states (look-back traces only)
    PipelineView pipeline;  // a pipelined block's stages and warps (pipeline_view.hpp)
    // What the legends need to name: padding cells, the most paths a warp took in one step.
    bool any_padding = false;
    std::size_t max_paths = 1;

    std::size_t step_count() const { return steps.size(); }
    bool empty() const { return steps.empty(); }
    // The step index clamped to the steps there are (0 when there are none).
    std::size_t clamp(long step) const;
    const std::string& line_text(std::uint16_t line) const;
    std::uint32_t live_mask(std::uint32_t warp) const;
};

// Builds the view of a trace (the first traced block). Cost: a few passes over its events.
std::shared_ptr<const TraceView> make_trace_view(std::shared_ptr<const trace::Trace> trace);

// "(3,0)"; an access-step of a racy step: "(3,0).5"
std::string step_label(trace::StepId s);
std::string step_label(const StepView& s);
// The first view step of the block's real step `origin`.
std::size_t view_step_of_origin(const TraceView& v, std::size_t origin);
// How a cell value reads: integers exactly, floating point to 4 significant digits; an event's
// value by the traced array's type (kernels/trace).
using trace::event_value;
using trace::format_value;

}  // namespace ws::ui
