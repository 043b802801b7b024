#include "ui/widgets/deadlock_row.hpp"

#include <imgui.h>

#include <string>

#include "ui/fonts.hpp"
#include "ui/model/pictures/deadlock_picture.hpp"
#include "ui/model/trace/trace_view.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {
namespace {

using State = trace::BlockWaitState::State;

ImU32 fill(State s) {
    const Palette& p = palette();
    switch (s) {
        case State::Waiting:
            return p.waiting;
        case State::Finished:
            return p.tile_prefix;
        case State::NotStarted:
            return p.cell_undefined;
    }
    return p.cell_undefined;
}

}  // namespace

bool draw_deadlock_row(const TraceView& v) {
    if (!v.trace || v.trace->deadlock.empty()) return false;
    const Palette& p = palette();
    ImFont* font = ImGui::GetFont();
    const float width = ImGui::GetContentRegionAvail().x;
    const DeadlockPicture pic = deadlock_picture(v.trace->deadlock, width, font->FontSize);
    text_wrapped_colored(p.text, "No block can go on: " + pic.summary + ".");
    ImGui::PushFont(fonts().small);
    legend_row({{p.waiting, "waits (spins on a flag)"},
                {p.cell_undefined, "not started", true},
                {p.tile_prefix, "done"},
                {p.arrow, "waits for"}},
               1);
    ImGui::PopFont();
    Canvas c = begin_canvas("##deadlock", {width, pic.height});
    auto at = [&](Rect r) { return Rect{c.rect.x + r.x, c.rect.y + r.y, r.w, r.h}; };
    for (const DeadlockBox& b : pic.boxes) {
        const Rect r = at(b.rect);
        fill_rect(c.dl, r, fill(b.state), 3.0f);
        if (b.state == State::NotStarted) hatch(c.dl, r, p.text_dim, 6.0f, 1.0f);
        text_centered(c.dl, r, text_on(fill(b.state)), std::to_string(b.block), font,
                      font->FontSize);
        if (c.hovered && r.contains(ImGui::GetIO().MousePos.x, ImGui::GetIO().MousePos.y))
            ImGui::SetTooltip("block %u: %s", b.block, b.caption.c_str());
    }
    for (const DeadlockArrow& a : pic.arrows) {
        ArrowCurve curve = a.curve;
        for (Point* q : {&curve.p0, &curve.control, &curve.p1}) {
            q->x += c.rect.x;
            q->y += c.rect.y;
        }
        draw_arrow(c.dl, curve, 1.0f, p.arrow, p.line_width * 1.5f, font->FontSize * 0.5f);
    }
    end_canvas(c);
    return true;
}

}  // namespace ws::ui
