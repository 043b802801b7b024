// What the panels remember of their own between frames: zoom and pan of the pictures, the
// instruction picked in the banks and global-memory panels, the step the code and warps panels
// last scrolled to. Only the panels read and write it.
#pragma once
#include <cstddef>
#include <cstdint>

#include "ui/geometry/code_follow.hpp"

namespace ws::ui {

// Zoom and pan of one shared-memory picture.
struct GridViewState {
    float zoom = 1.0f;
    float pan_x = 0, pan_y = 0;
    std::size_t followed_step = static_cast<std::size_t>(-1);  // the step last scrolled to
};

// Zoom and pan of one circuit picture (columns only).
struct CircuitViewState {
    float zoom = 1.0f;
    float pan_x = 0;
};

struct PanelState {
    GridViewState shared_grid, compare_grid[2];
    CircuitViewState circuit_view, circuit_side_view[3];
    long bank_pick = -1;  // instruction (index into the step's) the banks panel shows
    std::size_t bank_pick_step = static_cast<std::size_t>(-1);  // step the pick belongs to
    long global_pick = -1;  // the same for the global memory panel's instruction
    std::size_t global_pick_step = static_cast<std::size_t>(-1);
    CodeFollow code_followed;  // the step (and sizes) the code panel followed its line at
    std::size_t warps_scrolled_to = static_cast<std::size_t>(-1);  // and the warps panel
    float editor_lines_in_view = 0;  // lines of code Your kernel showed without scrolling
    // What Your kernel last scrolled to: the step whose lines it showed, the error line.
    std::size_t editor_followed_step = static_cast<std::size_t>(-1);
    long editor_followed_error = -1;
    unsigned lessons_shown = 0;  // the UiState::lessons_asked the controls last scrolled to
    // The quiz box: the QuizState::questions_made and answers_taken it last scrolled for.
    std::uint64_t quiz_question_shown = 0, quiz_verdict_shown = 0;
};

}  // namespace ws::ui
