// Drawing the banks picture.
#include "ui/widgets/banks_picture.hpp"

#include <imgui.h>

#include <algorithm>
#include <bitset>
#include <cmath>
#include <string>

#include "ui/fonts.hpp"
#include "ui/geometry/label_log.hpp"
#include "ui/model/pictures/bank_picture.hpp"
#include "ui/model/trace/step_text.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/painter.hpp"

namespace ws::ui {
namespace {

// A word's label centred in its box, at the size word_label chose (clipped to the box).
void draw_box_label(ImDrawList* dl, const Rect& box, ImU32 colour, const BoxLabel& label,
                    ImFont* font) {
    // A box narrower than even the "…" mark gets the mark as wide as the box.
    float px = label.px;
    ImVec2 ts = font->CalcTextSizeA(px, 1e9f, 0, label.text.c_str());
    if (ts.x > box.w && ts.x > 0) {
        px *= box.w / ts.x;
        ts = font->CalcTextSizeA(px, 1e9f, 0, label.text.c_str());
    }
    dl->PushClipRect(tl(box), br(box), true);
    // The height may exceed the box's by the font's line gap (the glyphs stay inside).
    draw_label(
        dl, {std::floor(box.x + (box.w - ts.x) * 0.5f), std::floor(box.y + (box.h - ts.y) * 0.5f)},
        colour, label.text, {box.x, box.y - 2, box.w, box.h + 4}, "word", font, px);
    dl->PopClipRect();
}

}  // namespace

namespace {

// The least height of one word's box: 9-pixel digits (what the back of a room still reads of a
// 1024x768 picture) and their margins.
float word_floor() {
    return 9.0f + 3;
}

}  // namespace

float banks_picture_height(const InstructionInfo& info) {
    std::size_t most_ways = 1;
    for (const BankGroup& g : info.picture.groups)
        for (const auto& words : g.banks) most_ways = std::max(most_ways, words.size());
    const float label_h = fonts().small->FontSize + 2;
    // The lanes' row, the "N-way" label, the bank numbers and the caption, and the gaps.
    return float(most_ways) * word_floor() + 4 * label_h + 10;
}

// With 8- or 16-byte accesses the warp is served in groups of 16 or 8 lanes; show the worst.
void draw_banks_picture(const char* id, const InstructionInfo& info, float height) {
    const Palette& p = palette();
    Canvas c = begin_canvas(id, {0, height});
    const BankPicture& pic = info.picture;
    if (pic.groups.empty()) {
        end_canvas(c);
        return;
    }
    std::size_t worst = 0;
    for (std::size_t i = 0; i < pic.groups.size(); ++i)
        if (pic.groups[i].ways() > pic.groups[worst].ways()) worst = i;
    const BankGroup& g = pic.groups[worst];
    const float col = c.rect.w / 32.0f;
    ImFont* small = fonts().small;
    const float label_h = small->FontSize + 2;
    if (c.rect.h < 4 * label_h) {
        text_centered(c.dl, c.rect, p.text_dim, "(too small to draw the banks)");
        label_log().add_not_drawn("banks", "(too small to draw the banks)");
        end_canvas(c);
        return;
    }
    // Top to bottom: the lanes, the lines fanning into banks, the bank slots with their words
    // stacked, the bank numbers, a caption.
    RasterPainter paint(c.dl, ImGui::GetID(id), c.rect, p.panel_bg);
    const float lane_h = label_h + 2;
    const Rect lanes{c.rect.x, c.rect.y, c.rect.w, lane_h};
    const float slots_top = lanes.bottom() + std::clamp(c.rect.h * 0.22f, 12.0f, 3 * label_h);
    std::size_t most_ways = 1;
    for (const auto& words : g.banks) most_ways = std::max(most_ways, words.size());
    // The caption goes where its row would leave the fullest bank's words too little height.
    const float stack_need = float(most_ways) * word_floor() + 2 * label_h + 6;
    const bool caption_row =
        c.rect.h >= 7 * label_h &&
        !(c.rect.h - lane_h - label_h < stack_need && c.rect.h - lane_h >= stack_need);
    const float slots_bottom = c.rect.bottom() - (caption_row ? 2 : 1) * label_h - 2;
    const float slot_h = slots_bottom - slots_top;
    // Each distinct word a box with its address, at least a readable height: a stack taller
    // than its slot grows up into the room of the fan lines (under its "N-way" label, which is
    // outside the stack), so that every word a bank serves is on the picture at every size.
    const float stack_room = slots_bottom - lanes.bottom() - label_h - 4;
    // Too little height for that (a small window's panel): a conflicting bank's words become one
    // box that says how many (their addresses in its tooltip), which the label check counts.
    const bool words_fit = float(most_ways) * word_floor() <= stack_room;
    if (!words_fit)
        label_log().add_not_drawn(
            "banks", std::to_string(most_ways) + " words of one bank in too little height");
    const float box_h =
        words_fit ? std::max(std::min(slot_h / float(most_ways), label_h * 1.5f), word_floor())
                  : std::max(std::min(slot_h, label_h * 1.5f), 4.0f);
    const float lane_w = c.rect.w / float(g.lane_count);

    // Word addresses shrink to the readable minimum at text size 1 (what a projected 1280x720
    // picture still reads; the columns are 32 across however large the type), then keep their
    // last digits (BoxLabel).
    const float digit_advance = small->CalcTextSizeA(1.0f, 1e9f, 0, "0").x;
    const bool every_label = small->CalcTextSizeA(small->FontSize, 1e9f, 0, "31").x < lane_w - 2;
    for (std::uint32_t k = 0; k < g.lane_count; ++k) {
        const std::uint32_t lane = g.first_lane + k;
        const Rect r{lanes.x + float(k) * lane_w + 1, lanes.y, lane_w - 2, lane_h};
        const bool on = info.inst.active_mask >> lane & 1u;
        paint.rect(r, on ? p.lane_on : p.lane_off);
    }
    // Labels after all boxes, so that a number wider than its lane is not covered.
    for (std::uint32_t k = 0; k < g.lane_count; ++k) {
        const std::uint32_t lane = g.first_lane + k;
        if (!every_label && lane % 8 != 0) continue;
        const bool on = info.inst.active_mask >> lane & 1u;
        // Every lane's number in its lane, or every eighth's across the eight lanes it heads.
        const Rect room{lanes.x + float(k) * lane_w, lanes.y - 1,
                        lane_w * (every_label ? 1.0f : 8.0f), lane_h + 2};
        draw_label(c.dl, {room.x + 2, lanes.y + (lane_h - small->FontSize) / 2},
                   on ? text_on(p.lane_on) : p.text_dim, std::to_string(lane), room, "lane", small,
                   small->FontSize);
    }
    const bool every_bank = small->CalcTextSizeA(small->FontSize, 1e9f, 0, "31").x < col;
    for (std::uint32_t b = 0; b < 32; ++b) {
        const auto& words = g.banks[b];
        const bool conflict = words.size() > 1;
        const float x = c.rect.x + float(b) * col;
        // The stack from the slot's top down, or up from its bottom where it is taller.
        const std::size_t boxes = words_fit ? words.size() : std::min<std::size_t>(words.size(), 1);
        const float stack_h = float(boxes) * box_h;
        const float stack_top = stack_h <= slot_h ? slots_top : slots_bottom - stack_h;
        // Where the bank's lines meet: over its stack, and over its "N-way" label.
        const float meet = conflict ? std::min(slots_top, stack_top - label_h - 2) : slots_top;
        paint.rect({x + 1, std::min(slots_top, stack_top), col - 2,
                    slots_bottom - std::min(slots_top, stack_top)},
                   p.frame);
        for (std::size_t w = 0; w < words.size(); ++w) {
            if (!words_fit && conflict) {  // one box for them all, its lines from every lane
                if (w == 0) paint.rect({x + 1, stack_top, col - 2, box_h - 1}, p.conflict);
                for (std::uint32_t lane = 0; lane < 32; ++lane)
                    if (words[w].lanes >> lane & 1u)
                        paint.line({lanes.x + (float(lane - g.first_lane) + 0.5f) * lane_w,
                                    lanes.bottom()},
                                   {x + col * 0.5f, meet}, p.conflict, 2.0f);
                continue;
            }
            const int sharing = static_cast<int>(std::bitset<32>(words[w].lanes).count());
            const ImU32 fill = conflict ? p.conflict : sharing > 1 ? p.broadcast : p.single_word;
            // A stack beside empty banks widens into their columns (up to 45% of each), so that
            // its words keep their digits at a small size.
            const float left = b > 0 && g.banks[b - 1].empty() ? 0.45f * col : 0.0f;
            const float right = b < 31 && g.banks[b + 1].empty() ? 0.45f * col : 0.0f;
            const float wide = conflict ? 1.0f : 0.0f;
            const Rect box{x + 1 - wide * left, stack_top + float(w) * box_h,
                           col - 2 + wide * (left + right), box_h - 1};
            paint.rect(box, fill);
            // The word's address (the tooltip has them all), and how many lanes share it (a
            // broadcast), at most as tall as its box.
            const BoxLabel label = word_label(words[w].word, std::uint32_t(sharing), box.w - 1,
                                              std::min(small->FontSize, box_h - 2),
                                              std::min(9.0f, box_h - 2), digit_advance);
            draw_box_label(c.dl, box, text_on(fill), label, small);
            for (std::uint32_t lane = 0; lane < 32; ++lane) {
                if (!(words[w].lanes >> lane & 1u)) continue;
                const float lx = lanes.x + (float(lane - g.first_lane) + 0.5f) * lane_w;
                paint.line({lx, lanes.bottom()}, {x + col * 0.5f, meet},
                           conflict ? p.conflict : p.text_dim, conflict ? 2.0f : 1.0f);
            }
        }
        if (conflict) {
            // "N-way" over the stack, outside it: across the banks beside it where they have
            // no label of their own, else "N" within its own column.
            const bool neighbours =
                (b > 0 && g.banks[b - 1].size() > 1) || (b < 31 && g.banks[b + 1].size() > 1);
            std::string ways = std::to_string(words.size()) + "-way";
            const float reach = neighbours ? col : 3 * col;
            if (small->CalcTextSizeA(small->FontSize, 1e9f, 0, ways.c_str()).x > reach)
                ways = std::to_string(words.size());
            const float tw = small->CalcTextSizeA(small->FontSize, 1e9f, 0, ways.c_str()).x;
            const float y = std::min(slots_top, stack_top) - label_h - 1;
            const Rect room{x + (col - reach) * 0.5f, y - 1, reach, label_h + 2};
            fill_rect(c.dl, {x + (col - tw) * 0.5f - 1, y, tw + 2, label_h}, p.panel_bg);
            draw_label(c.dl, {x + (col - tw) * 0.5f, y}, p.text, ways, room, "ways", small,
                       small->FontSize);
        }
        if (every_bank || b % 4 == 0)
            draw_label(c.dl, {x + 1, slots_bottom + 1}, p.text_dim, std::to_string(b),
                       {x, slots_bottom, col * (every_bank ? 1.0f : 4.0f), label_h + 1}, "bank",
                       small, small->FontSize);
        const ImVec2 m = ImGui::GetIO().MousePos;
        if (c.hovered && m.x >= x && m.x < x + col && !words.empty()) {
            std::string tip = "bank " + std::to_string(b) + ": " +
                              plural(words.size(), "distinct word", "distinct words") +
                              (conflict ? " (served one after another)" : "") + "\n";
            for (const BankWord& bw : words)
                tip += "  word " + std::to_string(bw.word) + " (byte " +
                       std::to_string(bw.word * 4) + "): " + lanes_text(bw.lanes) + "\n";
            ImGui::SetTooltip("%s", tip.c_str());
        }
    }
    if (!caption_row) {
        end_canvas(c);
        return;
    }
    std::string caption =
        "bank = word address mod 32; stacked: the distinct words (their addresses) each bank "
        "serves";
    if (pic.groups.size() > 1)
        caption += "; lanes " + std::to_string(g.first_lane) + "-" +
                   std::to_string(g.first_lane + g.lane_count - 1) + ", the worst of " +
                   std::to_string(pic.groups.size()) + " groups served one after another";
    draw_caption(c.dl, {c.rect.x, c.rect.bottom() - label_h, c.rect.w, label_h + 2}, caption);
    end_canvas(c);
}

}  // namespace ws::ui
