#include "ui/model/pictures/deadlock_picture.hpp"

#include <algorithm>

#include "kernels/trace/id_ranges.hpp"

namespace ws::ui {
namespace {

using State = trace::BlockWaitState::State;

const char* caption(State s) {
    switch (s) {
        case State::Waiting:
            return "waits";
        case State::Finished:
            return "done";
        case State::NotStarted:
            return "not started";
    }
    return "";
}

}  // namespace

DeadlockPicture deadlock_picture(const std::vector<trace::BlockWaitState>& blocks, float width,
                                 float text_px) {
    DeadlockPicture pic;
    if (blocks.empty()) return pic;
    std::vector<std::uint32_t> waiting, unstarted, finished;
    std::uint32_t last_waiting = 0, first_needed = std::uint32_t(blocks.size());
    for (const auto& b : blocks) {
        if (b.state == State::Waiting) {
            waiting.push_back(b.block);
            last_waiting = std::max(last_waiting, b.block);
            first_needed = std::min(first_needed, b.block);
            if (b.waits_for < blocks.size()) first_needed = std::min(first_needed, b.waits_for);
        }
        if (b.state == State::NotStarted) unstarted.push_back(b.block);
        if (b.state == State::Finished) finished.push_back(b.block);
    }
    pic.summary = trace::counted_ranges(waiting, "block", "blocks") +
                  (waiting.size() == 1 ? " waits" : " wait") +
                  "; not started: " + trace::counted_ranges(unstarted, "block", "blocks") +
                  "; finished: " + trace::counted_ranges(finished, "block", "blocks");
    pic.lesson = unstarted.empty()
                     ? "Every block has started: what the waiting blocks wait for is never set."
                     : "Each waiting block spins on a flag only an earlier block sets, and holds "
                       "its room on the GPU while it spins; the blocks that would set the flags "
                       "cannot start until a waiting block leaves. A tile counter hands tiles "
                       "out in the order blocks start, so this cannot happen.";

    const float box = std::max(text_px * 2.2f, 24.0f), gap = std::max(text_px * 0.5f, 6.0f);
    const float lift = box * 1.1f;  // room above the row for the arrows
    const auto fits = std::uint32_t(std::max(1.0f, (width + gap) / (box + gap)));
    const auto count = std::uint32_t(blocks.size());
    std::uint32_t first = 0, last = count;  // [first, last) shown
    if (count > fits) {
        last = std::min(count, last_waiting + 2);
        first = last > fits ? last - fits : 0;
        if (first > first_needed && first_needed + fits <= count) {
            first = first_needed;
            last = first + fits;
        }
    }
    for (std::uint32_t i = first; i < last; ++i) {
        DeadlockBox b;
        b.block = blocks[i].block;
        b.state = blocks[i].state;
        b.rect = {float(i - first) * (box + gap), lift, box, box};
        b.caption = caption(b.state);
        pic.boxes.push_back(b);
    }
    auto box_of = [&](std::uint32_t block) -> const DeadlockBox* {
        if (block < first || block >= last) return nullptr;
        return &pic.boxes[block - first];
    };
    for (const auto& b : blocks) {
        if (b.state != State::Waiting || b.waits_for >= count) continue;
        const DeadlockBox* from = box_of(b.block);
        const DeadlockBox* to = box_of(b.waits_for);
        if (!from || !to) continue;
        DeadlockArrow a;
        a.from = b.block;
        a.to = b.waits_for;
        const Point p0{from->rect.x + box * 0.5f, from->rect.y};
        const Point p1{to->rect.x + box * 0.5f, to->rect.y};
        a.curve.p0 = p0;
        a.curve.p1 = p1;
        a.curve.control = {(p0.x + p1.x) * 0.5f, 0.0f};  // the arc peaks halfway up the room
        pic.arrows.push_back(a);
    }
    pic.height = lift + box + 4;
    return pic;
}

}  // namespace ws::ui
