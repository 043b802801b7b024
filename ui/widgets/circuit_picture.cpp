// Drawing a circuit from its layout (ui/model/circuit/circuit_layout.hpp).
#include "ui/widgets/circuit_picture.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "ui/fonts.hpp"
#include "ui/model/circuit/circuit_layout.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {
namespace {

enum class Phase { Done, Current, Future };

struct Picture {
    const Circuit& c;
    const CircuitLayout& l;
    ImDrawList* dl;
    long current;        // the level of the shown step, or -1
    std::uint32_t done;  // levels at or before the shown step
    float t;             // the step's transition, 0..1
    float thick;         // edge thickness of a done level
};

Phase phase_of(const Picture& p, std::uint32_t level) {
    if (long(level) == p.current) return Phase::Current;
    return level < p.done ? Phase::Done : Phase::Future;
}

std::string level_label(const TraceView& v, std::uint32_t level, bool with_step) {
    std::string s = "L" + std::to_string(level + 1);
    const std::size_t step = v.circuit.levels[level].step;  // the block's real step
    if (with_step && step < v.origin_ids.size()) s += " " + step_label(v.origin_ids[step]);
    return s;
}

float text_w(const std::string& s) {
    ImFont* f = fonts().small;
    return f->CalcTextSizeA(f->FontSize, 1e9f, 0, s.c_str()).x;
}

void draw_wires(const Picture& p) {
    if (p.l.col_w < 3) return;  // a wire every pixel or two is only a grey wash
    const ImU32 col = palette().circuit_wire;
    for (std::uint32_t i = p.l.first_col; i <= p.l.last_col; ++i)
        p.dl->AddLine({p.l.x[i], p.l.y[0]}, {p.l.x[i], p.l.wire_bottom}, col, 1.0f);
}

void draw_band(const Picture& p, const Rect& area) {
    if (p.current < 0) return;
    const CircuitLevel& lv = p.c.levels[std::size_t(p.current)];
    const float top = p.l.row_y(lv.first_row) - p.l.row_h * 0.5f;
    const float h = p.l.row_h * float(lv.rows);
    fill_rect(p.dl, {area.x, top, area.w, h}, palette().current_fill);
}

void draw_edges(const Picture& p, Phase which) {
    const Palette& pal = palette();
    ImU32 col = pal.circuit_edge;
    float thick = p.thick;
    if (which == Phase::Future) col = pal.circuit_future, thick = std::max(1.0f, p.thick * 0.7f);
    if (which == Phase::Current)
        col = pal.arrow, thick = std::max(std::round(p.thick * 1.5f), pal.line_width);
    const float t = which == Phase::Current ? std::max(p.t, 0.05f) : 1.0f;
    const float left = p.l.plot.x - 1, right = p.l.plot.right() + 1;
    for (const CircuitEdge& e : p.l.edges) {
        if (phase_of(p, p.c.adds[e.add].level) != which) continue;
        if (std::max(e.x0, e.x1) < left || std::min(e.x0, e.x1) > right) continue;
        p.dl->AddLine({e.x0, e.y0}, {e.x0 + (e.x1 - e.x0) * t, e.y0 + (e.y1 - e.y0) * t}, col,
                      thick);
    }
}

void draw_dots(const Picture& p, Phase which) {
    const Palette& pal = palette();
    ImU32 col = which == Phase::Done ? pal.circuit_dot : pal.circuit_future;
    float r = p.l.dot_r;
    if (which == Phase::Current) col = pal.written, r = std::min(r * 1.35f, r + 3.0f);
    const float left = p.l.plot.x - r, right = p.l.plot.right() + r;
    const int segments = r < 4 ? 8 : 12;
    for (const CircuitAdd& a : p.c.adds) {
        if (phase_of(p, a.level) != which) continue;
        const float x = p.l.x[a.to], y = p.l.row_y(a.row);
        if (x < left || x > right) continue;
        if (r < 2.5f)
            p.dl->AddRectFilled({x - r, y - r}, {x + r, y + r}, col);
        else
            p.dl->AddCircleFilled({x, y}, r, col, segments);
        if (which == Phase::Current && r >= 4) p.dl->AddCircle({x, y}, r, pal.text, segments, 2.0f);
    }
}

void draw_column_labels(const Picture& p, const Rect& area) {
    ImFont* f = fonts().small;
    const ImU32 col = palette().text_dim;
    const std::uint32_t k = p.l.label_every;
    for (std::uint32_t i = (p.l.first_col + k - 1) / k * k; i <= p.l.last_col; i += k) {
        const std::string s = std::to_string(i);
        const float w = text_w(s);
        draw_label(p.dl, {std::floor(p.l.x[i] - w * 0.5f), area.y + 1}, col, s,
                   {area.x, area.y, area.w, f->FontSize + 3}, "column", f, f->FontSize);
    }
}

// A label per level at its first row, and "in" at the inputs' line; where rows are closer than
// the text is tall, the current level keeps its label and the others are thinned out.
void draw_level_labels(const Picture& p, const TraceView& v, const Rect& area, bool with_step) {
    ImFont* f = fonts().small;
    const Palette& pal = palette();
    const float h = f->FontSize;
    // Centred on the level's first row, kept inside the picture.
    auto y_of = [&](std::uint32_t i) {
        return std::clamp(p.l.row_y(p.c.levels[i].first_row) - h * 0.5f, area.y, area.bottom() - h);
    };
    const float current_y = p.current >= 0 ? y_of(std::uint32_t(p.current)) : -1e9f;
    float last = p.l.y[0] - h * 0.5f;
    draw_label(p.dl, {area.x + 2, std::floor(last)}, pal.text_dim, "in", area, "level", f, h);
    for (std::uint32_t i = 0; i < p.c.levels.size(); ++i) {
        const float y = y_of(i);
        const bool current = long(i) == p.current;
        if (!current && (y < last + h || std::fabs(y - current_y) < h)) continue;
        draw_label(p.dl, {area.x + 2, std::floor(y)}, current ? pal.text : pal.text_dim,
                   level_label(v, i, with_step), area, "level", f, h);
        if (!current) last = y;
    }
}

// The additions under the mouse: those landing in the hovered column at the hovered row.
void tooltip(const Picture& p, const TraceView& v, float mx, float my) {
    const long col = p.l.column_at(mx);
    if (col < 0 || p.l.row_h <= 0) return;
    const long row = std::lround((my - p.l.y[0]) / p.l.row_h) - 1;
    ImGui::BeginTooltip();
    ImGui::Text("element %ld", col);
    if (row >= 0 && row < long(p.c.rows)) {
        for (const CircuitAdd& a : p.c.adds) {
            if (long(a.row) != row || long(a.to) != col) continue;
            const CircuitLevel& lv = p.c.levels[a.level];
            std::string what = "level " + std::to_string(a.level + 1) + ", step " +
                               step_label(v.origin_ids.at(lv.step)) + ": thread " +
                               std::to_string(a.thread) + " adds element " +
                               std::to_string(a.from[0]) + " into element " + std::to_string(a.to) +
                               " (line " + std::to_string(a.line) + ")";
            if (a.operands < 2) what += ", one operand seen";
            ImGui::TextUnformatted(what.c_str());
        }
    }
    ImGui::EndTooltip();
}

void handle_input(const Canvas& c, const CircuitLayout& l, CircuitViewState& vs) {
    ImGuiIO& io = ImGui::GetIO();
    if (c.hovered && io.MouseWheel != 0) {
        const float old = vs.zoom;
        vs.zoom = std::clamp(vs.zoom * std::pow(1.25f, io.MouseWheel), 1.0f, 64.0f);
        const float mx = io.MousePos.x - l.plot.x;
        vs.pan_x = (mx + l.pan_x) * (vs.zoom / old) - mx;
    }
    if (c.active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 1.0f))
        vs.pan_x = l.pan_x - io.MouseDelta.x;
    if (c.hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) vs = CircuitViewState{};
}

}  // namespace

void draw_circuit_picture(const char* id, const TraceView& v, std::size_t step, const Playback& pb,
                          CircuitViewState& vs, ImVec2 size, const CircuitPictureOptions& options) {
    Canvas canvas = begin_canvas(id, size);
    const Circuit& c = v.circuit;
    if (c.empty()) {
        end_canvas(canvas);
        return;
    }
    ImFont* small = fonts().small;
    float label_w = text_w("in");
    for (std::uint32_t i = 0; i < c.levels.size(); ++i)
        label_w = std::max(label_w, text_w(level_label(v, i, options.step_labels)));
    CircuitLayoutSpec spec;
    spec.area = {canvas.rect.x, canvas.rect.y, canvas.rect.w, canvas.rect.h};
    spec.label_w = label_w + 10;
    spec.label_h = small->FontSize + 6;
    spec.right_pad = 10;
    spec.min_rows = options.min_rows;
    spec.column_label = text_w(std::to_string(c.columns() ? c.columns() - 1 : 0)) + 8;
    spec.zoom = vs.zoom;
    spec.pan_x = vs.pan_x;
    CircuitLayout l = layout_circuit(c, spec);
    if (options.interactive) {
        handle_input(canvas, l, vs);
        spec.zoom = vs.zoom;
        spec.pan_x = vs.pan_x;
        l = layout_circuit(c, spec);
        vs.pan_x = l.pan_x;
    }

    const Palette& pal = palette();
    // Levels are numbered by the block's real steps (an access-step shows its step's level).
    const std::size_t origin = step < v.steps.size() ? v.steps[step].origin : step;
    Picture p{c, l, canvas.dl, c.level_of_step(origin), c.levels_done(origin), float(eased(pb)),
              // whole pixels: ImGui's texture lines, no anti-aliasing fringe triangles
              std::round(std::clamp(l.col_w * 0.12f, 1.0f, pal.line_width))};
    // Dense networks: no anti-aliasing fringes (half the vertices, invisible at that size).
    const ImDrawListFlags flags = p.dl->Flags;
    if (l.col_w < 6)
        p.dl->Flags &= ~(ImDrawListFlags_AntiAliasedLines | ImDrawListFlags_AntiAliasedFill);
    draw_band(p, canvas.rect);
    p.dl->PushClipRect({l.plot.x - l.dot_r - 2, canvas.rect.y},
                       {l.plot.right() + l.dot_r + 2, canvas.rect.bottom()}, true);
    draw_wires(p);
    draw_edges(p, Phase::Future);
    draw_edges(p, Phase::Done);
    draw_edges(p, Phase::Current);
    draw_dots(p, Phase::Future);
    draw_dots(p, Phase::Done);
    draw_dots(p, Phase::Current);
    draw_column_labels(p, canvas.rect);
    p.dl->PopClipRect();
    draw_level_labels(p, v, canvas.rect, options.step_labels);
    p.dl->Flags = flags;
    if (canvas.hovered && !ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        tooltip(p, v, m.x, m.y);
    }
    end_canvas(canvas);
}

}  // namespace ws::ui
