// The addition network of a traced block, derived from its events: a column per element, a
// level per step that adds, and per addition the columns it adds (what the circuit view draws).
// Plain data; the same rule for what counts as an addition as work_depth (is_addition).
//
// Which lines add: the lines the kernel marks with a trailing `// +` (the scans, and what
// work_depth counts); a source with no mark (the reductions) adds on its lines whose code
// contains `+=` (adding_lines). The catalog says how shared cells map to columns (ColumnMap).
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
// stored in it. A level is a step that holds additions; when a thread adds several times in one
// step (no sync between: the warp-synchronous in-place scan), the step's level gets a row per
// addition. Depth is the network's: the longest chain of additions each of which needs the one
// before (issue 35), not the number of steps: the rows of a step count one after another, the
// lanes of a row at once (lockstep, as such kernels trust).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/trace/tile_layout.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::trace {

struct CircuitAdd {
    std::uint32_t to = 0;                 // the column written
    std::array<std::uint32_t, 2> from{};  // operand columns, from[0] the other one when distinct
    std::uint8_t operands = 0;            // 1 or 2
    std::uint16_t thread = 0;
    std::uint16_t line = 0;
    std::uint32_t level = 0;  // index into Circuit::levels
    std::uint32_t row = 0;    // drawing row (0-based; a level spans one row or more)
    std::uint32_t depth = 0;  // its place in the longest chain of additions that ends at it (1-)
};

struct CircuitLevel {
    std::size_t step = 0;  // index into the block's steps
    std::uint32_t first_row = 0, rows = 1;
    std::uint32_t additions = 0;
    std::vector<std::uint32_t> row_additions;  // per row, one after another in the step
    // The chain depths its additions reach (one each for a step of one row).
    std::uint32_t first_depth = 0, last_depth = 0;
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

    std::uint32_t critical_depth = 0;  // the longest chain of dependent additions

    std::uint32_t columns() const { return map.columns; }
    std::uint64_t work() const { return adds.size(); }
    std::uint32_t depth() const { return critical_depth; }
    // The steps that hold additions (a level each).
    std::uint32_t adding_steps() const { return static_cast<std::uint32_t>(levels.size()); }
    bool empty() const { return adds.empty(); }
    // The level of a step, or -1 when the step adds nothing.
    long level_of_step(std::size_t step) const;
    // Levels whose step is at or before `step` (how far the network has got).
    std::uint32_t levels_done(std::size_t step) const;
};

// Fills c.adds, c.levels and c.rows from the block's events, given c.map and c.adding_lines.
// `steps`: the block's distinct steps, in order; `threads`: the block size; `cells`: the shared
// array's length in elements of `elem_size` bytes.
void add_network(Circuit& c, const BlockTrace& b, const std::vector<StepId>& steps,
                 std::uint32_t threads, std::uint32_t cells, std::uint32_t elem_size);

// The adding lines of a source: its `// +` lines, else (`marks_only` false) its `+=` lines.
std::vector<std::uint16_t> adding_lines(const std::string& source, bool marks_only,
                                        bool* marked = nullptr);

}  // namespace ws::trace
