// Drawing the cell grid's pieces: thread markers, cells with their values, arrows, bank numbers,
// the tooltip.
#include <algorithm>
#include <cmath>
#include <string>

#include "ui/fonts.hpp"
#include "ui/model/trace/value_text.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/cell_grid_frame.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui::grid {
namespace {

// A clip rectangle pushed only where something drawn would cross it: each push and pop starts a
// draw call, and a 1024-cell grid's thousands of them cost a software renderer (the web page's
// SwiftShader, llvmpipe) more than its triangles.
class ClipTo {
  public:
    ClipTo(ImDrawList* dl, const Rect& r, bool needed) : dl_(needed ? dl : nullptr) {
        if (dl_) dl_->PushClipRect(tl(r), br(r), true);
    }
    ~ClipTo() {
        if (dl_) dl_->PopClipRect();
    }
    ClipTo(const ClipTo&) = delete;
    ClipTo& operator=(const ClipTo&) = delete;

  private:
    ImDrawList* dl_;
};

bool same_rect(const Rect& a, const Rect& b) {
    return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h;
}

// Text centred in r at `px`, clipped to r where it is wider (or taller by more than the font's
// line gap, within which the glyphs stay inside): never skipped for want of room.
void text_in(ImDrawList* dl, const Rect& r, ImU32 color, const std::string& text, ImFont* font,
             float px) {
    const ImVec2 ts = font->CalcTextSizeA(px, 1e9f, 0.0f, text.c_str());
    const ClipTo clip(dl, r, ts.x > r.w + 0.5f || ts.y > r.h + 2.0f);
    draw_label(dl, {std::floor(r.x + (r.w - ts.x) * 0.5f), std::floor(r.y + (r.h - ts.y) * 0.5f)},
               color, text, {r.x, r.y - 2, r.w, r.h + 4}, "cell", font, px);
}

// The part of r inside the grid's area (rows scrolled half out are cut at the edge, not drawn
// over the caption or the other grid).
Rect inside(const Rect& r, const Rect& area) {
    const float x0 = std::max(r.x, area.x), y0 = std::max(r.y, area.y);
    const float x1 = std::min(r.right(), area.right()), y1 = std::min(r.bottom(), area.bottom());
    return {x0, y0, std::max(0.0f, x1 - x0), std::max(0.0f, y1 - y0)};
}

// A value in a box: the whole text where it reads, else marked "~" and shorter (value_text).
void value_in(const Frame& f, const Rect& r, ImU32 color, double value) {
    const trace::DType type = f.v.trace->smem_type;
    ImFont* mono = fonts().mono;
    const ValueText vt = fit_value(value, type, format_value(value, type), r.w, r.h, mono->FontSize,
                                   f.min_px, f.advance);
    text_in(f.dl, r, color, vt.text, mono, vt.px);
}

}  // namespace

bool thread_active(const StepView& s, std::uint32_t thread) {
    const std::uint32_t warp = thread / trace::kWarpSize;
    return warp < s.active_mask.size() && (s.active_mask[warp] >> (thread % trace::kWarpSize) & 1u);
}

ImU32 cell_fill(const Frame& f, std::uint32_t c) {
    const Palette& p = palette();
    const std::uint8_t flags = f.step.cells[c];
    ImU32 base = f.step.defined[c] || (flags & kCellWritten) ? p.cell : p.cell_undefined;
    if (flags & kCellPadding) base = mix(base, p.cell_undefined, 0.6f);
    if (flags & kCellWritten) return mix(base, p.written, 0.25f + 0.75f * f.t);
    if (flags & kCellRead) return mix(base, p.read, 0.55f);
    return base;
}

// Unified arrangement: a thin marker above the thread's cell, its number inside when it fits.
void draw_marker(const Frame& f, std::uint32_t slot) {
    const Rect m = f.g.marker(slot);
    if (!f.g.visible(m) || m.h < 1) return;
    const bool on = thread_active(f.step, slot);
    const ImU32 col = warp_color(slot / trace::kWarpSize);
    f.paint->rect(m, on ? col : with_alpha(col, 0.22f));
    ImFont* small = fonts().small;
    if (m.h >= small->FontSize * 0.8f)
        text_centered(f.dl, m, on ? text_on(col) : palette().text_dim, std::to_string(slot), small,
                      std::min(small->FontSize, m.h));
}

// Unified arrangement with small cells: the markers of a row as runs of threads of one warp
// in one state, a rectangle each (1024 separate markers cost a software renderer dearly).
void draw_marker_runs(const Frame& f) {
    const std::uint32_t n = std::min(f.v.threads, f.g.slots);
    for (std::uint32_t i = 0; i < n;) {
        const std::uint32_t warp = i / trace::kWarpSize;
        const bool on = thread_active(f.step, i);
        std::uint32_t end = i + 1;
        while (end < n && end % f.g.columns != 0 && end / trace::kWarpSize == warp &&
               thread_active(f.step, end) == on)
            ++end;
        const Rect a = f.g.marker(i), b = f.g.marker(end - 1);
        const Rect run{a.x, a.y, b.right() - a.x, a.h};
        if (f.g.visible(run)) {
            const ImU32 col = warp_color(warp);
            f.paint->rect(run, on ? col : with_alpha(col, 0.22f));
        }
        i = end;
    }
}

ImU32 thread_fill(const Frame& f, std::uint32_t t) {
    const ImU32 col = warp_color(t / trace::kWarpSize);
    return thread_active(f.step, t) ? col : with_alpha(col, 0.22f);
}

// Split arrangement: a box per thread: its register received by shuffle in this step, or (none
// received) the thread's number.
namespace {
// A thread's box in a step of compare-and-swap races: how many times it lost, shaded from the
// active colour (won at the first try) to the conflict colour (lost the most).
bool draw_lost_races(const Frame& f, const Rect& full, const Rect& r, std::uint32_t t) {
    const StepView& s = f.step;
    if (s.most_retries == 0 || t >= s.thread_atomics.size() || s.thread_atomics[t].tries == 0)
        return false;
    const unsigned lost = s.thread_atomics[t].retries;
    const ImU32 fill =
        mix(palette().lane_on, palette().conflict, float(lost) / float(s.most_retries));
    f.paint->rect(r, fill);
    // As a cell's value: shrunk to fit, else shortened with "~" (the tooltip has it whole).
    const ValueText vt = fit_value(double(lost), trace::DType::Int32, std::to_string(lost), full.w,
                                   full.h, fonts().mono->FontSize, f.min_px, f.advance);
    const ClipTo clip(f.dl, r, !same_rect(r, full));  // cut at the grid's edge
    text_in(f.dl, full, text_on(fill), vt.text, fonts().mono, vt.px);
    return true;
}
}  // namespace

void draw_thread_box(const Frame& f, std::uint32_t t) {
    const Rect full = f.threads.cell(t);
    const Rect r = inside(full, f.threads.area);
    if (r.empty()) return;
    if (draw_lost_races(f, full, r, t)) return;
    const bool on = thread_active(f.step, t);
    const ImU32 col = warp_color(t / trace::kWarpSize);
    f.paint->rect(r, thread_fill(f, t));
    const ImU32 ink = on ? text_on(col) : palette().text_dim;
    const ClipTo clip(f.dl, r, !same_rect(r, full));  // cut at the grid's edge
    bool received = false;
    for (const ShuffleArrow& s : f.step.shuffles)
        if (s.to_thread == t && !received) {
            value_in(f, full, ink, s.value);
            received = true;
        }
    if (!received) {
        ImFont* small = fonts().small;
        const float px = std::min(small->FontSize, std::max(f.min_px, full.h * 0.8f));
        // Boxes too narrow for the block's widest thread number: a row is a warp, so each box
        // says its lane (a clipped "10" would read as "1").
        const std::string widest = std::to_string(f.v.threads ? f.v.threads - 1 : 0);
        const bool lanes = f.threads.columns == trace::kWarpSize &&
                           small->CalcTextSizeA(px, 1e9f, 0.0f, widest.c_str()).x > full.w - 2;
        const std::string number = std::to_string(lanes ? t % trace::kWarpSize : t);
        // Narrower still: the number shrinks to the box, or (below a readable size) the box
        // goes without it, its tooltip naming the thread.
        const float w = small->CalcTextSizeA(px, 1e9f, 0.0f, number.c_str()).x;
        const float fit_px = w > full.w - 2 ? px * (full.w - 2) / w : px;
        if (fit_px >= 0.6f * f.min_px) text_in(f.dl, full, ink, number, small, fit_px);
    }
}

// The value of a cell; across a step change the old text fades out as the new one fades in (no
// number in between is ever shown: a value that never existed would mislead).
void draw_value(const Frame& f, const Rect& r, ImU32 fill, std::uint32_t c) {
    const double now = f.step.values[c];
    const bool changed = f.t < 1.0f && f.from.defined[c] && (f.step.cells[c] & kCellWritten) &&
                         f.from.values[c] != now;
    if (!changed) {
        value_in(f, r, text_on(fill), now);
        return;
    }
    value_in(f, r, with_alpha(text_on(fill), 1.0f - f.t), f.from.values[c]);
    value_in(f, r, with_alpha(text_on(fill), f.t), now);
}

void draw_cell(const Frame& f, std::uint32_t c) {
    const Rect full = f.g.cell(c);
    const Rect r = f.split ? inside(full, f.g.area) : full;
    if (r.empty() || !f.g.visible(r)) return;
    const Palette& p = palette();
    const std::uint8_t flags = f.step.cells[c];
    const ImU32 fill = cell_fill(f, c);
    // Outlines only where cells are big enough to show them; rounded corners only for a few
    // hundred cells (a rounded, anti-aliased box is ~80 triangles: thousands of them cost a
    // software renderer more than the rest of the frame).
    const bool outlined = r.w >= 16;
    float border = outlined ? 1.0f : 0.0f;
    ImU32 border_col = p.cell_border;
    if ((flags & kCellWritten) && outlined) border = p.line_width, border_col = p.written;
    if (flags & kCellRaced) border = p.line_width + 1, border_col = p.raced;
    if (f.v.cells <= 256 && outlined) {
        f.paint->rect(r, fill, p.cell_rounding);
        if (border > 0) f.paint->outline(r, border_col, border, p.cell_rounding);
    } else {
        if (border > 0)
            f.paint->rect({r.x - border * 0.5f, r.y - border * 0.5f, r.w + border, r.h + border},
                          border_col);
        f.paint->rect(r, fill);
    }
    // Padding (no data: the threads past n) is hatched, so that its 0 is not read as data.
    if (flags & kCellPadding) f.paint->hatch(r, p.cell_border, std::max(4.0f, r.h * 0.35f));
    if ((flags & kCellFromGlobal) && r.w >= 6) {
        const float s = std::min(r.w, r.h) * 0.3f;
        f.paint->triangle({r.x + 1, r.bottom() - 1}, {r.x + 1 + s, r.bottom() - 1},
                          {r.x + 1, r.bottom() - 1 - s}, p.from_global);
    }
    if (!(f.step.defined[c] || (flags & kCellWritten))) return;
    const ClipTo clip(f.dl, r, !same_rect(r, full));  // cut at the grid's edge
    draw_value(f, full, fill, c);
}

void draw_bank_labels(const Frame& f, float y) {
    const GridLayout& g = f.g;
    const std::uint32_t words = f.v.elem_size / 4;  // 1 (int, float) or 2 (double)
    if (g.columns * words % trace::kWarpSize != 0 || g.columns < 8) return;
    ImFont* small = fonts().small;
    const float px = std::max(f.min_px, small->FontSize * 0.85f);
    const float label_w = small->CalcTextSizeA(px, 1e9f, 0, words == 1 ? "31" : "30").x + 4;
    const std::uint32_t every = label_w <= g.col_w() ? 1 : label_w <= 2 * g.col_w() ? 2 : 4;
    for (std::uint32_t c = 0; c < g.columns; c += every) {
        const Rect cell = g.cell(c);
        const Rect r{cell.x, y, cell.w, px + 2};
        if (r.right() < g.area.x || r.x > g.area.right()) continue;
        text_in(f.dl, r, palette().text_dim, std::to_string(c * words % trace::kWarpSize), small,
                px);
    }
}

void draw_arrows(const Frame& f) {
    const Palette& p = palette();
    const float thick = std::clamp(f.g.cell_w * 0.08f, 1.0f, p.line_width);
    const float head = std::clamp(f.g.cell_w * 0.35f, 4.0f, 11.0f);
    const float t = std::max(f.t, 0.05f);
    for (const CellArrow& a : f.step.arrows) {
        if (a.from >= f.v.cells || a.to >= f.v.cells) continue;
        const Rect from = f.g.cell(a.from), to = f.g.cell(a.to);
        if (!f.g.visible(from) && !f.g.visible(to)) continue;
        f.paint->arrow(arrow_curve(from, to, f.g.row_h() * 0.9f), t, p.arrow, thick, head);
    }
    const GridLayout& tg = f.split ? f.threads : f.g;
    auto thread_rect = [&](std::uint32_t th) { return f.split ? tg.cell(th) : tg.marker(th); };
    for (const ShuffleArrow& s : f.step.shuffles) {
        if (s.from_thread == s.to_thread) continue;
        const Rect from = thread_rect(s.from_thread), to = thread_rect(s.to_thread);
        if (!tg.visible(from) && !tg.visible(to)) continue;
        f.paint->arrow(arrow_curve(from, to, tg.row_h() * 0.6f), t, p.arrow,
                       std::max(1.0f, thick * 0.8f), head * 0.8f);
    }
    if (!f.split) return;
    // Registers to shared memory and back: thread -> cell for writes, cell -> thread for reads.
    for (const CellAccess& a : f.step.accesses) {
        if (a.cell >= f.v.cells) continue;
        const Rect th = tg.cell(a.thread), cell = f.g.cell(a.cell);
        const ArrowCurve c = a.write ? arrow_curve(th, cell, 20) : arrow_curve(cell, th, 20);
        f.paint->arrow(c, t, a.write ? p.written : p.read, 1.5f, 7.0f);
    }
}

void draw_races(const Frame& f, const Rect& line) {
    const Palette& p = palette();
    ImFont* small = fonts().small;
    const GridLayout& tg = f.split ? f.threads : f.g;
    auto thread_rect = [&](std::uint32_t th) { return f.split ? tg.cell(th) : tg.marker(th); };
    std::string words;
    for (std::uint32_t index : f.step.races) {
        const RacePair& r = f.v.races[index];
        if (r.intended) continue;  // one warp's pair in lockstep order: not a race that bit
        if (r.first_thread >= f.v.threads || r.second_thread >= f.v.threads) continue;
        // From the thread that went first to the one that went second.
        const Rect a = thread_rect(r.first_thread), b = thread_rect(r.second_thread);
        f.paint->arrow(arrow_curve(a, b, tg.row_h() * 1.2f), std::max(f.t, 0.05f), p.raced,
                       p.line_width + 1, 10.0f);
        words += (words.empty() ? "race on s[" : ";  s[") + std::to_string(r.cell) +
                 "]: " + std::to_string(r.first_thread) + (r.first_writes ? " wrote" : " read") +
                 ", then " + std::to_string(r.second_thread) +
                 (r.second_writes ? " wrote" : " read");
    }
    if (words.empty() || line.empty()) return;
    // Cut with "…" where the line is narrow (the Explanation tells every pair).
    ImGui::PushFont(small);
    words = fit_text(words, line.w - 8);
    ImGui::PopFont();
    const ImVec2 ts = small->CalcTextSizeA(small->FontSize, 1e9f, 0, words.c_str());
    const Rect box{line.x, line.y + 1, std::min(ts.x + 8, line.w), line.h - 2};
    f.dl->AddRectFilled(tl(box), br(box), p.raced);
    f.dl->PushClipRect(tl(box), br(box), true);
    draw_label(f.dl, {box.x + 4, box.y + 1}, text_on(p.raced), words,
               {box.x, box.y - 2, box.w, box.h + 4}, "race", small, small->FontSize);
    f.dl->PopClipRect();
}

void tooltip(const Frame& f, long cell, long thread) {
    if (cell < 0 && thread < 0) return;
    ImGui::BeginTooltip();
    if (cell >= 0 && std::uint32_t(cell) < f.v.cells) {
        const auto s = static_cast<std::uint32_t>(cell);
        const std::uint64_t word = std::uint64_t(s) * f.v.elem_size / 4;
        ImGui::Text("s[%u] = %s   (bank %u)", s,
                    f.step.defined[s] ? format_value(f.step.values[s], f.v.trace->smem_type).c_str()
                                      : "not written yet",
                    unsigned(word % 32));
        const std::uint8_t flags = f.step.cells[s];
        if (flags & kCellRead) ImGui::TextUnformatted("read in this step");
        if (flags & kCellWritten) ImGui::TextUnformatted("written in this step");
        if (flags & kCellFromGlobal)
            ImGui::TextUnformatted("written with a value from global memory");
        if (flags & kCellRaced) ImGui::TextUnformatted("RACE: unsynchronised accesses here");
        for (const RacePair& r : f.v.races)
            if (r.cell == s)
                ImGui::Text(
                    "%s: thread %u %s it (line %u, access-step %u), then thread %u %s "
                    "it (line %u, access-step %u)",
                    r.intended ? "no sync, but in lockstep's order (as meant)" : "race",
                    unsigned(r.first_thread), r.first_writes ? "wrote" : "read",
                    unsigned(r.first_line), unsigned(f.v.steps[r.first_step].micro),
                    unsigned(r.second_thread), r.second_writes ? "wrote" : "read",
                    unsigned(r.second_line), unsigned(f.v.steps[r.second_step].micro));
        if (flags & kCellPadding)
            ImGui::TextUnformatted("padding: no data here (past n), the 0 is the identity");
        for (const CellArrow& a : f.step.arrows)
            if (a.to == s)
                ImGui::Text("thread %u added in s[%u]", unsigned(a.thread), unsigned(a.from));
    }
    if (thread >= 0 && std::uint32_t(thread) < f.v.threads) {
        const auto t = static_cast<std::uint32_t>(thread);
        ImGui::Text("thread %u: warp %u lane %u, %s", t, t / trace::kWarpSize, t % trace::kWarpSize,
                    thread_active(f.step, t) ? "active in this step" : "idle in this step");
        for (const ShuffleArrow& s : f.step.shuffles)
            if (s.to_thread == t)
                ImGui::Text("received %s from lane %u by shuffle",
                            format_value(s.value, f.v.trace->smem_type).c_str(),
                            unsigned(s.from_thread % trace::kWarpSize));
        if (t < f.step.thread_atomics.size() && f.step.thread_atomics[t].tries)
            ImGui::Text("compare-and-swaps: %u tried, %u lost",
                        unsigned(f.step.thread_atomics[t].tries),
                        unsigned(f.step.thread_atomics[t].retries));
    }
    ImGui::EndTooltip();
}

}  // namespace ws::ui::grid
