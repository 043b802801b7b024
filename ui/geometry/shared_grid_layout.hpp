// Where the shared-memory picture puts everything, as plain data (no ImGui): the cells (and,
// when threads outnumber cells, the threads' register boxes above them), whether the block
// scrolls and where the strip that shows the view goes, whether bank numbers head the columns.
// The widget (cell_grid.cpp) draws what this computes; tests check every cell of every
// algorithm stays readable at projector sizes (tests/ui/test_readable_cells.cpp).
#pragma once
#include <cstddef>
#include <cstdint>

#include "ui/geometry/grid_geometry.hpp"
#include "ui/layout.hpp"

namespace ws::ui {

struct SharedGridInput {
    Rect area;  // the picture's rectangle
    std::uint32_t cells = 0, threads = 0;
    std::uint32_t elem_words = 1;    // 4-byte words per cell (2 for double)
    std::size_t value_chars = 1;     // the longest value text the block ever holds
    std::size_t min_chars = 5;       // the most characters any of its values needs at its shortest
    std::size_t register_chars = 0;  // the longest count a register box shows (lost CAS tries)
    float min_px = 12;               // the smallest readable value size (value_text.hpp)
    float mono_px = 16;              // the value font's size
    float advance = 0.602f;          // its glyph width per pixel of size
    float small_px = 13.6f;          // the caption font's size
    float cells_caption_w = 160;     // split: the width of "shared memory, N cells:" at small_px
    float registers_caption_w = 80;  // split: the width of the short "registers:" at small_px
    float zoom = 1.0f, pan_x = 0, pan_y = 0;
    bool race_line = false;     // the trace races: a line of words about the step's race pairs
    std::uint32_t columns = 0;  // 0: choose; else exactly this many (wider scrolls sideways)
    // Several arrays side by side in the cells (min, max, sum, avg): each starts a row of its
    // own, a band with its name at the left, `array_label_w` wide.
    std::uint32_t arrays = 1;
    float array_label_w = 0;
};

struct SharedGridLayout {
    bool split = false;      // threads (registers) above, cells below
    bool scrolling = false;  // the cells (split: the registers) do not fit readably: scroll
    bool banks = false;      // bank numbers head the columns (a row is whole bank rows)
    GridLayout cells;        // the cells (unified: with the thread markers)
    GridLayout threads;      // split: the register boxes
    // Split: where the captions go, each on a line of its own above its picture, or at its left
    // where the picture has no room for that line (the cells' first, then the registers', which
    // then reads only "registers:"); never over a picture.
    Rect registers_caption, cells_caption;
    bool registers_caption_short = false;
    Rect strip;          // scrolling: the overview strip at the right
    float labels_y = 0;  // banks: where the numbers go
    Rect race_line;      // race_line: where the words about the step's races go
    std::uint32_t arrays = 1, array_cells = 0;  // bands: how many, and the cells of each
    float array_label_x = 0, array_label_w = 0;
};

// Bands: the columns of the cells, the largest divisor of `per_array` whose cells keep
// `min_cell_w` in `width` (so that every array fills whole rows); 1 at least.
std::uint32_t array_columns(std::uint32_t per_array, float width, float min_cell_w, float gap);
// Bands: where array a's name goes, at the left of its first row (it follows the pan).
Rect array_label(const SharedGridLayout& l, std::uint32_t a);

// Columns that keep the banks in line where a picture sets two blocks' cells side by side
// (compare): 32 words a row where 32 readable cells (`min_cell_w`, `gap` apart) fit `width`,
// else 16 (a bank's words two rows apart) where those fit, else 0 (the grid chooses, every
// column in view, rather than a row cut at the side's edge).
std::uint32_t bank_aligned_columns(float width, float min_cell_w, float gap);

// The smallest cell whose values read: `chars` characters at min_px.
void set_min_cell(GridSpec& spec, float min_px, float advance, std::size_t chars);

SharedGridLayout shared_grid_layout(const SharedGridInput& in);

}  // namespace ws::ui
