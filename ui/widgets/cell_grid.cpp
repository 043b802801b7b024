// Drawing the shared-memory cell grid. Two arrangements: when there is a cell per thread (or
// more), thread t's marker sits above cell t; when threads outnumber cells (one word per warp),
// the threads get their own grid above the cells (their registers), with shuffles between them
// and arrows for each thread's shared reads and writes. Values are never hidden: cells keep a
// readable size and the grid scrolls, following the step, when the block does not fit.
#include "ui/widgets/cell_grid.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "kernels/catalog.hpp"
#include "ui/fonts.hpp"
#include "ui/geometry/label_log.hpp"
#include "ui/geometry/shared_grid_layout.hpp"
#include "ui/model/trace/value_text.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/cell_grid_frame.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/painter.hpp"

namespace ws::ui {
namespace {

using grid::Frame;

// Wheel scrolls where the block does not fit (Ctrl+wheel zooms); where it fits, wheel zooms.
// Dragging pans; double-click fits.
void handle_input(const Canvas& c, const GridLayout& g, GridViewState& vs) {
    ImGuiIO& io = ImGui::GetIO();
    const bool scroll = g.scrolls() && vs.zoom <= 1.01f && !io.KeyCtrl;
    if (c.hovered && io.MouseWheel != 0 && scroll) {
        vs.pan_y = g.pan_y - io.MouseWheel * g.row_h() * 2.0f;
    } else if (c.hovered && io.MouseWheel != 0) {
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

// The whole block in `box`, with the visible part outlined; a click or drag moves the view. A
// box over the corner when zoomed; a strip at the right edge (beside the cells, covering none)
// when the block scrolls.
void draw_overview(const Frame& f, const Rect& box, GridViewState& vs) {
    const Palette& p = palette();
    const GridLayout& g = f.split ? f.threads : f.g;  // what scrolls: the registers, if split
    const Rect frame{box.x - 2, box.y - 2, box.w + 4, box.h + 4};
    const float sx = box.w / std::max(g.content_w, 1.0f), sy = box.h / std::max(g.content_h, 1.0f);
    {
        RasterPainter raster(f.dl, ImGui::GetID("##overview"), frame, p.panel_bg);
        Painter& paint = raster;
        paint.outline(frame, p.text_dim, 1.0f);
        for (std::uint32_t i = 0; i < g.slots; ++i) {
            Rect r = g.cell(i);
            r = {box.x + (r.x - g.area.x + g.pan_x) * sx, box.y + (r.y - g.area.y + g.pan_y) * sy,
                 std::max(1.0f, r.w * sx), std::max(1.0f, r.h * sy)};
            paint.rect(r, f.split ? grid::thread_fill(f, i) : grid::cell_fill(f, i));
        }
        const Rect view{box.x + g.pan_x * sx, box.y + g.pan_y * sy, std::min(g.area.w * sx, box.w),
                        std::min(g.area.h * sy, box.h)};
        paint.outline(view, p.current, 2.0f);
    }
    const ImVec2 m = ImGui::GetIO().MousePos;
    if (frame.contains(m.x, m.y) && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        vs.pan_x = (m.x - box.x) / sx - g.area.w * 0.5f;
        vs.pan_y = (m.y - box.y) / sy - g.area.h * 0.5f;
    }
}

// When the step changes and the block scrolls, bring the step's first written (else read) cell
// into view.
void follow_step(const Frame& f, std::size_t step, GridViewState& vs) {
    if (vs.followed_step == step) return;
    vs.followed_step = step;
    const GridLayout& g = f.split ? f.threads : f.g;
    if (!g.scrolls() || vs.zoom > 1.01f) return;
    long target = -1;
    for (std::uint32_t c = 0; c < f.v.cells && target < 0; ++c)
        if (f.step.cells[c] & kCellWritten) target = c;
    for (std::uint32_t c = 0; c < f.v.cells && target < 0; ++c)
        if (f.step.cells[c] & kCellRead) target = c;
    if (f.split && !f.step.micro_threads.empty()) target = f.step.micro_threads.front();
    if (target >= 0) vs.pan_y = g.pan_y_showing(std::uint32_t(target));
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
    ImFont* mono = fonts().mono;
    const float advance = mono->CalcTextSizeA(mono->FontSize, 1e9f, 0, "0").x / mono->FontSize;
    const float scale = fonts().size / kBaseFontPixels;
    SharedGridInput in;
    in.area = {c.rect.x + 4, c.rect.y + top, c.rect.w - 8, c.rect.h - top - 4};
    in.cells = v.cells;
    in.threads = v.threads;
    in.elem_words = std::max(1u, v.elem_size / 4);
    in.value_chars = v.value_chars;
    in.min_chars = v.min_chars;
    std::uint32_t most_lost = 0;
    for (const StepView& s : v.steps) most_lost = std::max(most_lost, s.most_retries);
    if (most_lost) in.register_chars = std::to_string(most_lost).size();
    in.min_px = min_value_px(scale);
    in.mono_px = mono->FontSize;
    in.advance = advance;
    in.small_px = fonts().small->FontSize;
    const std::string cells_caption = "shared memory, " + std::to_string(v.cells) + " cells:";
    const char* const short_registers = "registers:";
    in.cells_caption_w =
        fonts().small->CalcTextSizeA(in.small_px, 1e9f, 0, cells_caption.c_str()).x;
    in.registers_caption_w = fonts().small->CalcTextSizeA(in.small_px, 1e9f, 0, short_registers).x;
    in.race_line = !v.races.empty();
    in.columns = options.columns;
    const VariantInfo* info = v.variant;
    const std::vector<std::string> arrays = info && info->layout == trace::TileLayout::Arrays
                                                ? result_names(info->reduce_op)
                                                : std::vector<std::string>{};
    if (arrays.size() > 1) {
        in.arrays = std::uint32_t(arrays.size());
        in.array_label_w = mono->CalcTextSizeA(mono->FontSize, 1e9f, 0, "avg").x + 10;
    }
    auto arrange = [&](const GridViewState& state) {
        in.zoom = state.zoom;
        in.pan_x = state.pan_x;
        in.pan_y = state.pan_y;
        return shared_grid_layout(in);
    };
    SharedGridLayout l = arrange(vs);
    Frame f{v,         v.steps[step], v.steps[from], float(eased(pb)), l.cells, l.threads, l.split,
            in.min_px, advance,       c.dl,          nullptr};
    if (options.interactive) {
        handle_input(c, f.split ? f.threads : f.g, vs);
        l = arrange(vs);
        f.g = l.cells;
        f.threads = l.threads;
    }
    follow_step(f, step, vs);
    l = arrange(vs);
    f.g = l.cells;
    f.threads = l.threads;
    {
        const GridLayout& zoomed = f.split ? f.threads : f.g;
        vs.pan_x = zoomed.pan_x, vs.pan_y = zoomed.pan_y;
    }

    // Small cells (hundreds to thousands of them): shapes into one image, which a software
    // renderer draws several times faster than as many triangles; they are pixel-sized, so
    // nothing is lost but anti-aliasing. Larger cells: vector shapes, rounded and smooth.
    std::optional<RasterPainter> raster;
    std::optional<VectorPainter> vector;
    if ((v.cells ? f.g : f.threads).cell_w < 16)
        f.paint = &raster.emplace(c.dl, ImGui::GetID(id), c.rect, p.panel_bg);
    else
        f.paint = &vector.emplace(c.dl);
    // Unified: markers, arrows, then cells on top, so that an arrow crossing a row runs under
    // its values. Split: arrows first, then thread boxes and cells over them.
    if (f.split) {
        grid::draw_arrows(f);
        for (std::uint32_t i = 0; i < v.threads; ++i) grid::draw_thread_box(f, i);
        const std::string per_row = f.threads.columns >= trace::kWarpSize
                                        ? std::string("a warp a row")
                                        : std::to_string(f.threads.columns) + " lanes a row";
        const std::string registers =
            l.registers_caption_short ? short_registers
            : f.step.most_retries > 0
                ? "compare-and-swaps each thread lost (0: won at the first try; " + per_row + "):"
            : f.step.shuffle_events == 0 && f.step.ballot_events == 0
                ? "threads, " + per_row + ":"
                : "registers, " + per_row + " (the value received by shuffle):";
        draw_caption(c.dl, l.registers_caption, registers);
        if (v.cells) draw_caption(c.dl, l.cells_caption, cells_caption, 2);
    } else {
        if (raster)
            grid::draw_marker_runs(f);
        else
            for (std::uint32_t i = 0; i < v.threads; ++i) grid::draw_marker(f, i);
        grid::draw_arrows(f);
    }
    grid::draw_races(f, l.race_line);  // under the cells: no value is covered
    for (std::uint32_t i = 0; i < v.cells; ++i) grid::draw_cell(f, i);
    raster.reset();  // uploads the picture
    for (std::uint32_t a = 0; a < l.arrays && l.arrays > 1; ++a) {
        const Rect r = array_label(l, a);
        if (r.bottom() < f.g.area.y || r.y > f.g.area.bottom()) continue;
        draw_label(c.dl, {r.x, r.y + (r.h - mono->FontSize) / 2}, p.text, arrays[a], r, "array",
                   mono, mono->FontSize);
    }
    if (l.banks) grid::draw_bank_labels(f, l.labels_y);
    if (vs.zoom > 1.01f || l.scrolling) label_log().add_scroll_area(c.rect);
    if (options.overview && (vs.zoom > 1.01f || l.scrolling)) {
        const GridLayout& g = f.split ? f.threads : f.g;
        Rect box;
        if (l.scrolling) {
            box = l.strip;
        } else {
            const float w = std::max(120.0f, c.rect.w * 0.22f);
            const float h =
                std::min(c.rect.h * 0.4f, w * g.content_h / std::max(g.content_w, 1.0f));
            box = {c.rect.right() - w - 6, c.rect.bottom() - h - 6, w, h};
        }
        ImGui::PushID(id);
        draw_overview(f, box, vs);
        ImGui::PopID();
    }
    if (options.interactive && c.hovered && !ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const long cell = f.g.slot_at(m.x, m.y);
        const long thread = f.split ? f.threads.slot_at(m.x, m.y) : cell;
        grid::tooltip(f, cell, thread);
        if (options.clicked_cell && cell >= 0 && cell < long(v.cells) &&
            ImGui::IsMouseClicked(ImGuiMouseButton_Left))
            *options.clicked_cell = cell;
    }
    end_canvas(c);
}

}  // namespace ws::ui
