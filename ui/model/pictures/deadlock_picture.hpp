// The blocks of a launch that deadlocked (trace::Trace::deadlock), laid out as plain data: a row
// of boxes, one a block in block order (finished, waiting, not started), an arrow from each
// waiting block over the row to the block it waits for, and the sentence that says why none can
// go on. When the row does not fit, the boxes around the waiting blocks are kept.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/trace/trace.hpp"
#include "ui/geometry/grid_geometry.hpp"

namespace ws::ui {

struct DeadlockBox {
    std::uint32_t block = 0;
    trace::BlockWaitState::State state = trace::BlockWaitState::State::NotStarted;
    Rect rect;
    std::string caption;  // its state in words (the tooltip): "waits", "done", "not started"
};

struct DeadlockArrow {
    std::uint32_t from = 0, to = 0;
    ArrowCurve curve;  // from the top of `from`'s box, over the row, to the top of `to`'s
};

struct DeadlockPicture {
    std::vector<DeadlockBox> boxes;
    std::vector<DeadlockArrow> arrows;
    float height = 0;     // of the whole picture, captions included
    std::string summary;  // "blocks 7-8 wait; blocks 0-6 never started; none finished"
    std::string lesson;   // why: what the waiting blocks need and what keeps it from running
};

// `width`: the room there is; `text_px`: the caption's text size (boxes are sized from it).
DeadlockPicture deadlock_picture(const std::vector<trace::BlockWaitState>& blocks, float width,
                                 float text_px);

}  // namespace ws::ui
