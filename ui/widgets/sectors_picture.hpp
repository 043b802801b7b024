// The coalescing picture of one global-memory warp instruction: its 32 lanes on top, a line
// from each lane to the 32-byte sector it touched, the sectors grouped by 128-byte line, each
// filled as far as the lanes use its bytes (the rest is moved for nothing), and a caption. Used
// by the global memory panel.
#pragma once
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

void draw_sectors_picture(const char* id, const InstructionInfo& info, float height);

}  // namespace ws::ui
