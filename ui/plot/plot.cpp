// Drawing the plot: frame, grid and ticks, lines with markers, reference lines, legend, hover.
#include "ui/plot/plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui/fonts.hpp"
#include "ui/plot/ticks.hpp"
#include "ui/theme.hpp"

namespace ws::ui::plot {
namespace {

std::vector<Tick> ticks_for(const Axis& a, float pixels, float spacing) {
    const int most = std::max(2, int(pixels / spacing));
    return a.scale == Scale::Log2 ? log2_ticks(a.min, a.max, most, a.si)
                                  : nice_ticks(a.min, a.max, most);
}

void marker(ImDrawList* dl, ImVec2 c, float r, const LineStyle& st) {
    switch (st.shape % 4) {
        case 0:
            dl->AddCircleFilled(c, r, st.color);
            break;
        case 1:
            dl->AddRectFilled({c.x - r, c.y - r}, {c.x + r, c.y + r}, st.color);
            break;
        case 2:
            dl->AddTriangleFilled({c.x, c.y - r * 1.2f}, {c.x + r * 1.1f, c.y + r * 0.8f},
                                  {c.x - r * 1.1f, c.y + r * 0.8f}, st.color);
            break;
        default:
            dl->AddQuadFilled({c.x, c.y - r * 1.3f}, {c.x + r * 1.3f, c.y}, {c.x, c.y + r * 1.3f},
                              {c.x - r * 1.3f, c.y}, st.color);
    }
}

}  // namespace

bool Plot::begin(const char* id, ImVec2 size) {
    canvas_ = begin_canvas(id, size);
    legend_.clear();
    notes_.clear();
    to_draw_.clear();
    legend_w_ = 0;
    hover_ = Hover{};
    open_ = canvas_.rect.w > 80 && canvas_.rect.h > 60;
    if (!open_) end_canvas(canvas_);
    return open_;
}

void Plot::axes(const Axis& x, const Axis& y) {
    const Palette& p = palette();
    ImDrawList* dl = canvas_.dl;
    const float font = ImGui::GetFontSize();
    const Rect& r = canvas_.rect;
    const float left = ImGui::CalcTextSize("00000").x + font * 1.4f;
    const float bottom = font * 2.6f;
    // Right of the frame: room for half the last tick's label, then the legend's column.
    const float right = font * 1.8f + legend_w_;
    // Above the frame: the y axis's name on a line of its own, over the top tick's label.
    const float top = font * 1.7f;
    tf_.frame = {r.x + left, r.y + top, r.w - left - right, r.h - bottom - top};
    tf_.x = x;
    tf_.y = y;
    const Rect& f = tf_.frame;
    fill_rect(dl, f, p.plot_bg);
    for (const Tick& t : ticks_for(x, f.w, font * 4.5f)) {
        const float px = tf_.px(t.value);
        dl->AddLine({px, f.y}, {px, f.bottom()}, p.grid, 1.0f);
        const ImVec2 ts = ImGui::CalcTextSize(t.label.c_str());
        draw_label(dl, {px - ts.x * 0.5f, f.bottom() + 3}, p.plot_axis, t.label, r, "tick");
    }
    for (const Tick& t : ticks_for(y, f.h, font * 2.2f)) {
        const float py = tf_.py(t.value);
        dl->AddLine({f.x, py}, {f.right(), py}, p.grid, 1.0f);
        const ImVec2 ts = ImGui::CalcTextSize(t.label.c_str());
        // The lowest sits on the frame's bottom, clear of the x axis's first label.
        draw_label(dl, {f.x - ts.x - 5, std::min(py - ts.y * 0.5f, f.bottom() - ts.y)}, p.plot_axis,
                   t.label, r, "tick");
    }
    stroke_rect(dl, f, p.plot_axis, 1.0f);
    const ImVec2 xl = ImGui::CalcTextSize(x.label.c_str());
    draw_label(dl, {f.x + (f.w - xl.x) * 0.5f, f.bottom() + font * 1.3f}, p.plot_axis, x.label, r,
               "tick");
    draw_label(dl, {r.x, r.y}, p.plot_axis, y.label, r, "tick");
}

void Plot::segment(Point a, Point b, const LineStyle& style) {
    if (!clip_segment(tf_.frame, a, b)) return;
    if (!style.dashed) {
        canvas_.dl->AddLine(iv(a), iv(b), style.color, style.thickness);
        return;
    }
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    const float dash = 8.0f, gap = 5.0f;
    for (float s = 0; s < len; s += dash + gap) {
        const float e = std::min(len, s + dash);
        canvas_.dl->AddLine({a.x + dx * s / len, a.y + dy * s / len},
                            {a.x + dx * e / len, a.y + dy * e / len}, style.color, style.thickness);
    }
}

void Plot::line(const std::string& label, const std::vector<double>& xs,
                const std::vector<double>& ys, const LineStyle& style,
                const std::vector<std::string>* notes) {
    if (!label.empty()) legend_.push_back({label, style});  // "": a line the legend leaves out
    const std::size_t n = std::min(xs.size(), ys.size());
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (std::size_t i = 0; i < n; ++i) {
        const Point pt{tf_.px(xs[i]), tf_.py(ys[i])};
        if (i > 0) segment({tf_.px(xs[i - 1]), tf_.py(ys[i - 1])}, pt, style);
        if (!tf_.frame.contains(pt.x, pt.y)) continue;
        if (style.markers) marker(canvas_.dl, iv(pt), style.thickness + 1.5f, style);
        const float d2 = (pt.x - mouse.x) * (pt.x - mouse.x) + (pt.y - mouse.y) * (pt.y - mouse.y);
        if (canvas_.hovered && d2 < hover_.dist2 && d2 < 144.0f) {
            hover_.dist2 = d2;
            hover_.at = pt;
            const std::string note = notes && i < notes->size() ? (*notes)[i] : "";
            hover_.text = label.empty() ? note : note.empty() ? label : label + "\n" + note;
        }
    }
}

void Plot::hline(double y, const std::string& label, ImU32 color) {
    const float py = tf_.py(y);
    LineStyle st{color, 2.0f, false, true};
    segment({tf_.frame.x, py}, {tf_.frame.right(), py}, st);
    // Labelled at the right end, where the legend (top left) does not cover it.
    const float tw = ImGui::CalcTextSize(label.c_str()).x;
    if (py < tf_.frame.y || py > tf_.frame.bottom()) return;
    // Over the line, or under it where the line runs along the frame's top.
    const float em = ImGui::GetFontSize();
    const Rect at{tf_.frame.right() - tw - 6, py - em - 1 < tf_.frame.y ? py + 3 : py - em - 1, tw,
                  em};
    line_labels_.push_back({at, label, color});
    notes_.push_back(at);  // the notes keep clear of it
}

void Plot::annotate(double x, double y, const std::string& text, ImU32 color) {
    const Point at{tf_.px(x), tf_.py(y)};
    // On two lines ("n = 2^28:" above the rest) where one is wider than the frame.
    std::string words = text;
    ImVec2 ts = ImGui::CalcTextSize(words.c_str());
    if (const auto colon = words.find(": "); ts.x + 8 > tf_.frame.w && colon != std::string::npos) {
        words = words.substr(0, colon + 1) + "\n" + words.substr(colon + 2);
        ts = ImGui::CalcTextSize(words.c_str());
    }
    Rect box{std::max(tf_.frame.x, std::min(at.x - ts.x - 10, tf_.frame.right() - ts.x - 8)),
             std::max(tf_.frame.y, at.y - ts.y - 10), ts.x + 8, ts.y + 4};
    // A note wider than the frame (large type on a small plot) is not drawn: the slide or the
    // hover tells its number, and a cut note would tell nothing.
    if (ts.x + 8 > tf_.frame.w) return;
    // Clear of the earlier notes: below them, or above where that leaves the frame; where
    // neither is clear, not drawn rather than over another.
    bool placed = false;
    for (bool down : {true, false}) {
        Rect moved = box;
        for (std::size_t tries = 0; tries <= notes_.size(); ++tries) {
            const auto hit = std::find_if(notes_.begin(), notes_.end(),
                                          [&](const Rect& r) { return overlaps(r, moved); });
            if (hit == notes_.end()) break;
            moved.y = down ? hit->bottom() + 4 : hit->y - moved.h - 4;
        }
        const bool clear = std::none_of(notes_.begin(), notes_.end(),
                                        [&](const Rect& r) { return overlaps(r, moved); });
        if (clear && moved.y >= tf_.frame.y && moved.bottom() <= tf_.frame.bottom()) {
            box = moved;
            placed = true;
            break;
        }
    }
    if (!placed) return;
    notes_.push_back(box);
    to_draw_.push_back({box, words, color});
}

void Plot::vline(double x, const std::string& label, ImU32 color) {
    const float px = tf_.px(x);
    LineStyle st{color, 2.0f, false, true};
    segment({px, tf_.frame.y}, {px, tf_.frame.bottom()}, st);
    // Labelled at the bottom, clear of the peak's label at the top right.
    if (px >= tf_.frame.x && px <= tf_.frame.right())
        line_labels_.push_back({{px + 4, tf_.frame.bottom() - ImGui::GetFontSize() - 4,
                                 ImGui::CalcTextSize(label.c_str()).x, ImGui::GetFontSize()},
                                label,
                                color});
}

void Plot::end() {
    if (!open_) return;
    const Palette& p = palette();
    ImDrawList* dl = canvas_.dl;
    // The reference lines' words over every line, on the background.
    for (const Note& n : line_labels_) {
        fill_rect(dl, {n.box.x - 2, n.box.y, n.box.w + 4, n.box.h}, with_alpha(p.plot_bg, 0.85f));
        draw_label(dl, {n.box.x, n.box.y}, n.color, n.words, tf_.frame, "line");
    }
    line_labels_.clear();
    // The annotations over every line.
    for (const Note& n : to_draw_) {
        fill_rect(dl, n.box, with_alpha(p.plot_bg, 0.9f));
        stroke_rect(dl, n.box, n.color, 2.0f);
        draw_label(dl, {n.box.x + 4, n.box.y + 2}, p.text, n.words, tf_.frame, "note");
    }
    to_draw_.clear();
    // Legend, top-left inside the frame.
    const float line_h = ImGui::GetTextLineHeight();
    float w = 0;
    for (const LegendItem& it : legend_) w = std::max(w, ImGui::CalcTextSize(it.label.c_str()).x);
    // Inside the frame's top left, or in the column reserved beside it.
    // (In the column, no wider than it: a longer label is cut with "…", all of it on hover.)
    const float bx = legend_w_ > 0 ? canvas_.rect.right() - legend_w_ : tf_.frame.x + 8;
    const float bw = legend_w_ > 0 ? std::min(w + line_h * 2.2f, legend_w_ - 2) : w + line_h * 2.2f;
    const Rect box{bx, tf_.frame.y + (legend_w_ > 0 ? 0 : 8), bw,
                   float(legend_.size()) * line_h + 8};
    if (!legend_.empty()) {
        fill_rect(dl, box, with_alpha(p.plot_bg, 0.9f));
        stroke_rect(dl, box, p.grid, 1.0f);
    }
    for (std::size_t i = 0; i < legend_.size(); ++i) {
        const float y = box.y + 4 + float(i) * line_h + line_h * 0.5f;
        const LegendItem& it = legend_[i];
        // The sample as the line is drawn: dashed or solid, with its marker shape.
        const float x0 = box.x + 4, x1 = box.x + line_h * 1.5f;
        if (it.style.dashed)
            for (float x = x0; x < x1; x += 8)
                dl->AddLine({x, y}, {std::min(x + 5, x1), y}, it.style.color, it.style.thickness);
        else
            dl->AddLine({x0, y}, {x1, y}, it.style.color, it.style.thickness);
        if (it.style.markers)
            marker(dl, {box.x + line_h * 0.85f, y}, it.style.thickness + 1.5f, it.style);
        const float text_x = box.x + line_h * 1.8f;
        const std::string shown = fit_text(it.label, box.right() - 2 - text_x);
        draw_label(dl, {text_x, y - line_h * 0.5f}, p.text, shown, box, "legend");
        const ImVec2 m = ImGui::GetIO().MousePos;
        if (shown != it.label && m.x >= box.x && m.x < box.right() && m.y >= y - line_h * 0.5f &&
            m.y < y + line_h * 0.5f)
            ImGui::SetTooltip("%s", it.label.c_str());
    }
    if (!hover_.text.empty()) {
        dl->AddCircle(iv(hover_.at), 7.0f, p.current, 0, 2.0f);
        ImGui::SetTooltip("%s", hover_.text.c_str());
    }
    end_canvas(canvas_);
    open_ = false;
}

}  // namespace ws::ui::plot
