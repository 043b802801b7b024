// Drawing the shared-memory cell grid. Two arrangements: when there is a cell per thread (or
// more), thread t's marker sits above cell t; when threads outnumber cells (one word per warp),
// the threads get their own grid above the cells, with shuffles between them and arrows for
// each thread's shared reads and writes.
#include "ui/widgets/cell_grid.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "ui/fonts.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/painter.hpp"

namespace ws::ui {
namespace {

struct GridFrame {
    const TraceView& v;
    const StepView& step;
    const StepView& from;
    float t;             // eased transition, 0..1
    GridLayout g;        // cells (and, unified, thread markers)
    GridLayout threads;  // split: the threads' own grid
    bool split;
    ImDrawList* dl;  // text
    Painter* paint;  // shapes
};

bool thread_active(const StepView& s, std::uint32_t thread) {
    const std::uint32_t warp = thread / trace::kWarpSize;
    return warp < s.active_mask.size() && (s.active_mask[warp] >> (thread % trace::kWarpSize) & 1u);
}

double shown_value(const GridFrame& f, std::uint32_t c) {
    const double now = f.step.values[c];
    if (f.t >= 1.0f || !f.from.defined[c] || !(f.step.cells[c] & kCellWritten)) return now;
    return f.from.values[c] + (now - f.from.values[c]) * f.t;
}

ImU32 cell_fill(const GridFrame& f, std::uint32_t c) {
    const Palette& p = palette();
    const std::uint8_t flags = f.step.cells[c];
    ImU32 base = f.step.defined[c] || (flags & kCellWritten) ? p.cell : p.cell_undefined;
    if (flags & kCellWritten) return mix(base, p.written, 0.25f + 0.75f * f.t);
    if (flags & kCellRead) return mix(base, p.read, 0.55f);
    return base;
}

// Unified arrangement: a thin marker above the thread's cell, its number inside when it fits.
void draw_marker(const GridFrame& f, std::uint32_t slot) {
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
void draw_marker_runs(const GridFrame& f) {
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

// Split arrangement: a box per thread showing the register it received by shuffle, if any.
void draw_thread_box(const GridFrame& f, std::uint32_t t) {
    const Rect r = f.threads.cell(t);
    if (!f.threads.visible(r)) return;
    const bool on = thread_active(f.step, t);
    const ImU32 col = warp_color(t / trace::kWarpSize);
    const ImU32 fill = on ? col : with_alpha(col, 0.22f);
    f.paint->rect(r, fill);
    std::string text = std::to_string(t);
    for (const ShuffleArrow& s : f.step.shuffles)
        if (s.to_thread == t) text = format_value(s.value, f.v.trace->smem_type);
    text_centered(f.dl, r, on ? text_on(col) : palette().text_dim, text, fonts().small,
                  fonts().small->FontSize);
}

void draw_cell(const GridFrame& f, std::uint32_t c) {
    const Rect r = f.g.cell(c);
    if (!f.g.visible(r)) return;
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
    if ((flags & kCellFromGlobal) && r.w >= 6) {
        const float s = std::min(r.w, r.h) * 0.3f;
        f.paint->triangle({r.x + 1, r.bottom() - 1}, {r.x + 1 + s, r.bottom() - 1},
                          {r.x + 1, r.bottom() - 1 - s}, p.from_global);
    }
    if (!(f.step.defined[c] || (flags & kCellWritten))) return;
    // The value, in a smaller size where the cell is narrow (not below 9 pixels).
    const std::string text = format_value(shown_value(f, c), f.v.trace->smem_type);
    ImFont* mono = fonts().mono;
    const float tw = mono->CalcTextSizeA(mono->FontSize, 1e9f, 0, text.c_str()).x;
    const float size = std::min(mono->FontSize, mono->FontSize * (r.w - 3) / std::max(tw, 1.0f));
    if (size >= 9.0f) text_centered(f.dl, r, text_on(fill), text, mono, size);
}

void draw_arrows(const GridFrame& f) {
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

void tooltip(const GridFrame& f, long cell, long thread) {
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
    }
    ImGui::EndTooltip();
}

void handle_input(const Canvas& c, const GridLayout& g, GridViewState& vs) {
    ImGuiIO& io = ImGui::GetIO();
    if (c.hovered && io.MouseWheel != 0) {
        const float old = vs.zoom;
        vs.zoom = std::clamp(vs.zoom * std::pow(1.25f, io.MouseWheel), 1.0f, 64.0f);
        const float k = vs.zoom / old;
        const float mx = io.MousePos.x - g.area.x, my = io.MousePos.y - g.area.y;
        vs.pan_x = (mx + g.pan_x) * k - mx;
        vs.pan_y = (my + g.pan_y) * k - my;
    }
    if (c.active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 1.0f)) {
        vs.pan_x = g.pan_x - io.MouseDelta.x;
        vs.pan_y = g.pan_y - io.MouseDelta.y;
    }
    if (c.hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) vs = GridViewState{};
}

// The whole block in a small box, with the visible part outlined; a click moves the view.
void draw_overview(const GridFrame& f, const Canvas& c, GridViewState& vs) {
    const Palette& p = palette();
    const float w = std::max(120.0f, c.rect.w * 0.22f);
    const GridLayout& g = f.g;
    const float h = std::min(c.rect.h * 0.4f, w * g.content_h / std::max(g.content_w, 1.0f));
    const Rect box{c.rect.right() - w - 6, c.rect.bottom() - h - 6, w, h};
    const Rect frame{box.x - 3, box.y - 3, box.w + 6, box.h + 6};
    {
        RasterPainter raster(f.dl, ImGui::GetID("##overview"), frame, p.panel_bg);
        Painter& paint = raster;
        paint.outline(frame, p.text_dim, 1.0f);
        const float sx = box.w / g.content_w, sy = box.h / g.content_h;
        for (std::uint32_t i = 0; i < f.v.cells; ++i) {
            Rect r = g.cell(i);
            r = {box.x + (r.x - g.area.x + g.pan_x) * sx, box.y + (r.y - g.area.y + g.pan_y) * sy,
                 std::max(1.0f, r.w * sx), std::max(1.0f, r.h * sy)};
            paint.rect(r, cell_fill(f, i));
        }
        const Rect view{box.x + g.pan_x * sx, box.y + g.pan_y * sy, g.area.w * sx, g.area.h * sy};
        paint.outline(view, p.current, 2.0f);
    }
    const float sx = box.w / g.content_w, sy = box.h / g.content_h;
    const ImVec2 m = ImGui::GetIO().MousePos;
    if (box.contains(m.x, m.y) && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        vs.pan_x = (m.x - box.x) / sx - g.area.w * 0.5f;
        vs.pan_y = (m.y - box.y) / sy - g.area.h * 0.5f;
    }
}

// Where things go: one grid, or threads above and cells below.
void lay_out(GridFrame& f, const Rect& area, const GridViewState& vs, float useful_w) {
    GridSpec spec;
    spec.useful_w = useful_w;
    spec.zoom = vs.zoom;
    spec.pan_x = vs.pan_x;
    spec.pan_y = vs.pan_y;
    if (!f.split) {
        spec.slots = std::max(f.v.cells, f.v.threads);
        spec.area = area;
        f.g = grid_layout(spec);
        return;
    }
    // The cells get a strip at the bottom; the threads (which zoom and pan) the rest.
    const float cells_h =
        std::min(area.h * 0.3f, fonts().mono->FontSize * 2.6f * float((f.v.cells + 31) / 32));
    spec.slots = f.v.threads;
    spec.marker_fraction = 0;
    spec.fixed_columns = trace::kWarpSize;  // a warp per row: shuffles arch along it
    spec.area = {area.x, area.y, area.w, area.h - cells_h - fonts().small->FontSize - 6};
    f.threads = grid_layout(spec);
    GridSpec cells;
    cells.slots = f.v.cells;
    cells.marker_fraction = 0;
    cells.useful_w = useful_w * 1.5f;
    cells.area = {area.x, area.bottom() - cells_h, area.w, cells_h};
    f.g = grid_layout(cells);
}

}  // namespace

void draw_cell_grid(const char* id, const TraceView& v, const Playback& pb, GridViewState& vs,
                    ImVec2 size, const CellGridOptions& options) {
    Canvas c = begin_canvas(id, size);
    const Palette& p = palette();
    if (v.empty() || std::max(v.cells, v.threads) == 0) {
        text_centered(c.dl, c.rect, p.text_dim, "no shared memory recorded");
        end_canvas(c);
        return;
    }
    const std::size_t step = v.clamp(static_cast<long>(pb.step));
    const std::size_t from = v.clamp(static_cast<long>(pb.from_step));
    const float top = std::min(28.0f, c.rect.h * 0.08f);
    const Rect area{c.rect.x + 4, c.rect.y + top, c.rect.w - 8, c.rect.h - top - 4};
    ImFont* mono = fonts().mono;
    const float useful_w =
        mono->CalcTextSizeA(mono->FontSize, 1e9f, 0, "0").x * float(v.value_chars + 1) + 4;
    GridFrame f{v,  v.steps[step],       v.steps[from], float(eased(pb)), {},
                {}, v.threads > v.cells, c.dl,          nullptr};
    lay_out(f, area, vs, useful_w);
    if (options.interactive) {
        handle_input(c, f.split ? f.threads : f.g, vs);
        lay_out(f, area, vs, useful_w);
        const GridLayout& zoomed = f.split ? f.threads : f.g;
        vs.pan_x = zoomed.pan_x, vs.pan_y = zoomed.pan_y;
    }

    // Small cells (hundreds to thousands of them): shapes into one image, which a software
    // renderer draws several times faster than as many triangles; they are pixel-sized, so
    // nothing is lost but anti-aliasing. Larger cells: vector shapes, rounded and smooth.
    std::optional<RasterPainter> raster;
    std::optional<VectorPainter> vector;
    if (f.g.cell_w < 16)
        f.paint = &raster.emplace(c.dl, ImGui::GetID(id), c.rect, p.panel_bg);
    else
        f.paint = &vector.emplace(c.dl);
    // Unified: markers, arrows, then cells on top, so that an arrow crossing a row runs under
    // its values. Split: arrows first, then thread boxes and cells over them.
    if (f.split) {
        draw_arrows(f);
        for (std::uint32_t i = 0; i < v.threads; ++i) draw_thread_box(f, i);
        const std::string caption = "shared memory, " + std::to_string(v.cells) + " cells:";
        ImFont* small = fonts().small;
        f.dl->AddText(small, small->FontSize, {area.x, f.g.area.y - small->FontSize - 2},
                      p.text_dim, caption.c_str());
    } else {
        if (raster)
            draw_marker_runs(f);
        else
            for (std::uint32_t i = 0; i < v.threads; ++i) draw_marker(f, i);
        draw_arrows(f);
    }
    for (std::uint32_t i = 0; i < v.cells; ++i) draw_cell(f, i);
    raster.reset();  // uploads the picture
    if (options.overview && !f.split && vs.zoom > 1.01f) {
        ImGui::PushID(id);
        draw_overview(f, c, vs);
        ImGui::PopID();
    }
    if (options.interactive && c.hovered && !ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const long cell = f.g.slot_at(m.x, m.y);
        const long thread = f.split ? f.threads.slot_at(m.x, m.y) : cell;
        tooltip(f, cell, thread);
    }
    end_canvas(c);
}

}  // namespace ws::ui
