// The banks picture of one shared-memory warp instruction: its lanes on top, a line from each
// lane to the bank of the word it touched, each bank's distinct words stacked with their
// addresses (N-way conflicts in the conflict colour, broadcasts marked xN), bank numbers and a
// caption. For 8- and 16-byte accesses the worst group of lanes served together. Used by the
// banks panel and by compare.
#pragma once
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

void draw_banks_picture(const char* id, const InstructionInfo& info, float height);
// The height at which the picture draws every distinct word of its fullest bank at a readable
// size (with its lanes, labels and caption); less and those words become one box with their
// count.
float banks_picture_height(const InstructionInfo& info);

}  // namespace ws::ui
