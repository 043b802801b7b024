// TraceView: one Trace and everything the panels read from it, computed once when the trace
// arrives (on the runner's worker thread), never per frame. Plain data: no ImGui here.
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

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/trace.hpp"
#include "ui/model/bank_picture.hpp"
#include "ui/model/circuit.hpp"

namespace ws::ui {

// What a shared cell saw in one step (bit flags).
enum CellFlag : std::uint8_t {
    kCellRead = 1,
    kCellWritten = 2,
    kCellFromGlobal = 4,  // written with a value loaded from global memory
    kCellRaced = 8,       // part of a hazard in this step
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
    std::uint8_t kinds = 0;       // bit (1 << EventKind) for each kind seen
};

struct InstructionInfo {
    trace::WarpInstruction inst;
    trace::BankReport banks;      // shared instructions only
    trace::SectorReport sectors;  // global instructions only
    BankPicture picture;          // shared instructions only
    std::uint32_t live_mask = 0;  // launched lanes of its warp
};

struct StepView {
    trace::StepId id;
    trace::Counters counters;
    std::vector<std::uint32_t> instructions;  // into TraceView::instructions
    std::vector<std::uint32_t> active_mask;   // per warp: lanes with an event
    std::vector<std::uint8_t> cells;          // CellFlag per shared cell
    std::vector<CellArrow> arrows;
    std::vector<ShuffleArrow> shuffles;
    std::vector<CellAccess> accesses;   // in (thread, seq) order
    std::vector<LineActivity> lines;    // sorted by line
    std::vector<double> values;         // shared memory after the step, per cell
    std::vector<std::uint8_t> defined;  // 1 where some write defined the cell
    std::uint64_t smem_ld_conflicts = 0, smem_st_conflicts = 0;
    std::uint32_t global_reads = 0, global_writes = 0, shuffle_events = 0, atomics = 0;
    std::vector<trace::Hazard> hazards;
};

struct TraceView {
    std::shared_ptr<const trace::Trace> trace;
    const trace::BlockTrace* block = nullptr;  // the shown block, or nullptr (no events)
    std::uint32_t threads = 0, warps = 0, cells = 0, elem_size = 4;
    std::vector<StepView> steps;
    std::vector<InstructionInfo> instructions;
    std::vector<std::string> source_lines;  // line 1 is source_lines[0]
    std::vector<trace::Hazard> hazards;
    trace::Counters block_totals;
    std::uint64_t ld_conflicts = 0, st_conflicts = 0;  // over the shown block
    std::size_t value_chars = 1;  // the longest value text of any cell at any step
    Circuit circuit;              // the block's addition network (the circuit view)

    std::size_t step_count() const { return steps.size(); }
    bool empty() const { return steps.empty(); }
    // The step index clamped to the steps there are (0 when there are none).
    std::size_t clamp(long step) const;
    const std::string& line_text(std::uint16_t line) const;
    std::uint32_t live_mask(std::uint32_t warp) const;
};

// Builds the view of a trace (the first traced block). Cost: a few passes over its events.
std::shared_ptr<const TraceView> make_trace_view(std::shared_ptr<const trace::Trace> trace);

// "(3,0)"
std::string step_label(trace::StepId s);
// How a cell value reads: integers exactly, floating point to 4 significant digits.
std::string format_value(double v, trace::DType type);

}  // namespace ws::ui
