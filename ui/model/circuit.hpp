// The addition network of the traced block, derived from its events: what the circuit view
// draws (a column per element, a row per level, a dot and edges per addition). Plain data,
// built once per trace on the runner's worker (make_trace_view), never per frame.
//
// Which lines add: the lines the kernel marks with a trailing `// +` (the scans, and what
// trace::work_depth counts); a source with no mark (the reductions) adds on its lines whose code
// contains `+=`. Scans with no mark (the device-level ones) have no circuit.
//
// An addition is found three ways, in the order each thread ran:
//  1. a SharedWrite at an adding line: it writes the column of its cell; its operands are the
//     cells the thread read since its last addition, less the reads that a copy on another line
//     used up (`v = s[left]; s[left] = s[right]; s[right] += v;` adds left into right). This is
//     how a value carried in a register from an earlier step still counts (the in-place
//     Kogge-Stone's `v = s[m + t - offset]`, sync, `s[m + t] += v`).
//  2. a Shuffle at an adding line that writes no shared memory, from another lane: the
//     receiving thread's register column adds the sending thread's.
//  3. a SharedRead at an adding line that writes no shared memory (`v += s[warp - 1];  // +`):
//     the thread's register column adds the cell's column.
// A thread's register column starts at its own element (Registers: its thread index) and
// follows the last cell it read on a line that does not add (warp 0 reading the warps' totals
// works on their columns). A cell outside the tile (a total) takes the column of what was last
// stored in it. Depth is the number of distinct steps holding additions (as trace::work_depth);
// when a thread adds several times in one step (no sync between: the racy in-place scan), the
// step's level gets a row per addition.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/trace/trace.hpp"
#include "ui/model/circuit_columns.hpp"

namespace ws::ui {

struct CircuitAdd {
    std::uint32_t to = 0;                 // the column written
    std::array<std::uint32_t, 2> from{};  // operand columns, from[0] the other one when distinct
    std::uint8_t operands = 0;            // 1 or 2
    std::uint16_t thread = 0;
    std::uint16_t line = 0;
    std::uint32_t level = 0;  // index into Circuit::levels
    std::uint32_t row = 0;    // drawing row (0-based; a level spans one row or more)
};

struct CircuitLevel {
    std::size_t step = 0;  // index into the trace view's steps
    std::uint32_t first_row = 0, rows = 1;
    std::uint32_t additions = 0;
};

struct Circuit {
    ColumnMap map;
    std::vector<CircuitAdd> adds;  // by (row, to)
    std::vector<CircuitLevel> levels;
    std::uint32_t rows = 0;
    std::vector<std::uint16_t> adding_lines;
    bool marked = false;         // adding lines from `// +` marks (else `+=` lines)
    std::uint64_t unplaced = 0;  // additions whose column could not be told (not drawn)
    std::uint64_t wide = 0;      // additions with more than two operand columns (two kept)
    bool reduction = false;
    std::string why_none;  // when there is nothing to draw: why, in a sentence

    std::uint32_t columns() const { return map.columns; }
    std::uint64_t work() const { return adds.size(); }
    std::uint32_t depth() const { return static_cast<std::uint32_t>(levels.size()); }
    bool empty() const { return adds.empty(); }
    // The level of a step, or -1 when the step adds nothing.
    long level_of_step(std::size_t step) const;
    // Levels whose step is at or before `step` (how far the network has got).
    std::uint32_t levels_done(std::size_t step) const;
};

// `steps`: the trace view's step ids (the block's distinct steps, in order).
Circuit make_circuit(const trace::Trace& t, const trace::BlockTrace& b,
                     const std::vector<trace::StepId>& steps, std::uint32_t threads,
                     std::uint32_t cells);

// The adding lines of a source: its `// +` lines, else (`marks_only` false) its `+=` lines.
std::vector<std::uint16_t> adding_lines(const std::string& source, bool marks_only,
                                        bool* marked = nullptr);

}  // namespace ws::ui
