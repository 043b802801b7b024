// Drawing the coalescing picture.
#include "ui/widgets/sectors_picture.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "ui/fonts.hpp"
#include "ui/geometry/label_log.hpp"
#include "ui/model/trace/step_text.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/painter.hpp"

namespace ws::ui {

void draw_sectors_picture(const char* id, const InstructionInfo& info, float height) {
    const Palette& p = palette();
    Canvas c = begin_canvas(id, {0, height});
    const SectorPicture& pic = info.coalescing;
    ImFont* small = fonts().small;
    const float label_h = small->FontSize + 2;
    if (pic.boxes.empty() || c.rect.h < 5 * label_h) {
        text_centered(c.dl, c.rect, p.text_dim,
                      pic.boxes.empty() ? "" : "(too small to draw the sectors)");
        if (!pic.boxes.empty())
            label_log().add_not_drawn("global memory", "(too small to draw the sectors)");
        end_canvas(c);
        return;
    }
    // Top to bottom: the lanes, the lines to their sectors, the sectors, the 128-byte lines
    // under them, a caption.
    RasterPainter paint(c.dl, ImGui::GetID(id), c.rect, p.panel_bg);
    const float lane_h = label_h + 2;
    const Rect lanes{c.rect.x, c.rect.y, c.rect.w, lane_h};
    const float lane_w = c.rect.w / 32.0f;
    const bool caption_row = c.rect.h >= 8 * label_h;
    const float bottom = c.rect.bottom() - (caption_row ? 2 : 1) * label_h - 2;
    const float boxes_h = std::min(3 * label_h, (bottom - lanes.bottom()) * 0.4f);
    const float boxes_top = bottom - label_h - boxes_h;
    const std::vector<SectorColumn> cols = sector_columns(pic, c.rect.w, lane_w);

    const bool every_label = small->CalcTextSizeA(small->FontSize, 1e9f, 0, "31").x < lane_w - 2;
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
        const SectorPicture::Lane& l = pic.lanes[lane];
        const Rect r{lanes.x + float(lane) * lane_w + 1, lanes.y, lane_w - 2, lane_h};
        paint.rect(r, l.active ? p.lane_on : p.lane_off);
        if (!l.active) continue;
        const SectorColumn& to = cols[l.first_box];
        const SectorColumn& last = cols[l.last_box];
        paint.line({r.x + r.w * 0.5f, lanes.bottom()},
                   {c.rect.x + (to.x + last.x + last.w) * 0.5f, boxes_top}, p.text_dim, 1.0f);
    }
    for (std::uint32_t lane = 0; lane < 32; ++lane)
        if (every_label || lane % 8 == 0)
            draw_label(
                c.dl,
                {lanes.x + float(lane) * lane_w + 2, lanes.y + (lane_h - small->FontSize) / 2},
                pic.lanes[lane].active ? text_on(p.lane_on) : p.text_dim, std::to_string(lane),
                {lanes.x + float(lane) * lane_w, lanes.y - 1, lane_w * (every_label ? 1.0f : 8.0f),
                 lane_h + 2},
                "lane", small, small->FontSize);
    // Each sector filled from the bottom as far as its bytes are used.
    const ImVec2 m = ImGui::GetIO().MousePos;
    for (std::size_t k = 0; k < pic.boxes.size(); ++k) {
        const SectorPicture::Box& b = pic.boxes[k];
        const Rect box{c.rect.x + cols[k].x + 1, boxes_top, std::max(1.0f, cols[k].w - 2), boxes_h};
        paint.rect(box, p.frame);
        const float used = boxes_h * float(b.bytes) / float(kSectorBytes);
        paint.rect({box.x, box.bottom() - used, box.w, used}, p.from_global);
        text_centered(c.dl, box, text_on(b.bytes * 2 >= kSectorBytes ? p.from_global : p.frame),
                      std::to_string(b.bytes) + " B", small, small->FontSize);
        if (c.hovered && m.x >= box.x && m.x < box.right() && m.y >= box.y && m.y < box.bottom())
            ImGui::SetTooltip(
                "sector of bytes %llu-%llu (array %u): %u of its 32 bytes used, "
                "by %s",
                static_cast<unsigned long long>(b.sector * kSectorBytes),
                static_cast<unsigned long long>(b.sector * kSectorBytes + 31), unsigned(b.buffer),
                unsigned(b.bytes), plural(b.lanes, "lane", "lanes").c_str());
    }
    // Under each 128-byte line's sectors, a bar and its first byte.
    for (std::size_t k = 0; k < pic.boxes.size();) {
        std::size_t end = k;
        while (end < pic.boxes.size() && pic.boxes[end].line == pic.boxes[k].line) ++end;
        const float x0 = c.rect.x + cols[k].x + 1;
        const float x1 = c.rect.x + cols[end - 1].x + cols[end - 1].w - 1;
        const float y = boxes_top + boxes_h + 2;
        paint.rect({x0, y, std::max(1.0f, x1 - x0), 2}, p.text_dim);
        const std::string at =
            "line @" + std::to_string(pic.boxes[k].sector * kSectorBytes / kLineBytes * kLineBytes);
        if (small->CalcTextSizeA(small->FontSize, 1e9f, 0, at.c_str()).x < x1 - x0)
            draw_label(c.dl, {x0, y + 3}, p.text_dim, at, {x0, y, x1 - x0, small->FontSize + 4},
                       "line", small, small->FontSize);
        k = end;
    }
    if (caption_row) {
        const std::string caption =
            "boxes: 32-byte sectors, filled as far as the lanes use them; bars: 128-byte lines "
            "(@ first byte)";
        draw_caption(c.dl, {c.rect.x, c.rect.bottom() - label_h, c.rect.w, label_h + 2}, caption);
    }
    end_canvas(c);
}

}  // namespace ws::ui
