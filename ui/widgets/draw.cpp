// Drawing helpers on ImDrawList.
#include "ui/widgets/draw.hpp"

#include <algorithm>
#include <cmath>

#include <imgui_internal.h>

#include "ui/fonts.hpp"
#include "ui/geometry/label_log.hpp"
#include "ui/theme.hpp"

namespace ws::ui {

Canvas begin_canvas(const char* id, ImVec2 size) {
    Canvas c;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    if (size.x <= 0) size.x = avail.x;
    if (size.y <= 0) size.y = avail.y;
    size.x = std::max(size.x, 1.0f);
    size.y = std::max(size.y, 1.0f);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(id, size);
    c.hovered = ImGui::IsItemHovered();
    c.active = ImGui::IsItemActive();
    c.dl = ImGui::GetWindowDrawList();
    c.rect = {p.x, p.y, size.x, size.y};
    c.dl->PushClipRect(tl(c.rect), br(c.rect), true);
    return c;
}

void end_canvas(const Canvas& c) {
    c.dl->PopClipRect();
}

void fill_rect(ImDrawList* dl, const Rect& r, ImU32 color, float rounding) {
    dl->AddRectFilled(tl(r), br(r), color, rounding);
}

void stroke_rect(ImDrawList* dl, const Rect& r, ImU32 color, float thickness, float rounding) {
    dl->AddRect(tl(r), br(r), color, rounding, 0, thickness);
}

ImVec2 label_size(const std::string& text, ImFont* font, float size) {
    if (!font) font = ImGui::GetFont();
    if (size <= 0) size = ImGui::GetFontSize();
    return font->CalcTextSizeA(size, 1e9f, 0.0f, text.c_str());
}

void draw_label(ImDrawList* dl, ImVec2 pos, ImU32 color, const std::string& text, const Rect& box,
                const char* owner, ImFont* font, float size) {
    if (!font) font = ImGui::GetFont();
    if (size <= 0) size = ImGui::GetFontSize();
    dl->AddText(font, size, pos, color, text.c_str());
    LabelLog& log = label_log();
    if (!log.on || text.empty()) return;
    const ImVec2 ts = label_size(text, font, size);
    const Rect r{pos.x, pos.y, ts.x, ts.y};
    // Only what shows: a label scrolled out of its picture's clip is not on screen.
    const ImVec2 c0 = dl->GetClipRectMin(), c1 = dl->GetClipRectMax();
    if (!overlaps(r, {c0.x, c0.y, c1.x - c0.x, c1.y - c0.y})) return;
    const ImGuiWindow* w = ImGui::GetCurrentWindowRead();
    std::string who = w ? w->Name : "";
    if (owner) who += std::string(who.empty() ? "" : "/") + owner;
    log.add({text, r, box, who});
}

void draw_caption(ImDrawList* dl, const Rect& box, const std::string& text, float dy) {
    ImFont* small = fonts().small;
    ImGui::PushFont(small);
    const std::string shown = fit_text(text, box.w);
    ImGui::PopFont();
    draw_label(dl, {box.x, box.y + dy}, palette().text_dim, shown, box, "caption", small,
               small->FontSize);
    const ImVec2 m = ImGui::GetIO().MousePos;
    if (shown != text && box.contains(m.x, m.y)) ImGui::SetTooltip("%s", text.c_str());
}

bool text_centered(ImDrawList* dl, const Rect& r, ImU32 color, const std::string& text,
                   ImFont* font, float size) {
    const ImVec2 ts = label_size(text, font, size);
    if (ts.x > r.w + 0.5f || ts.y > r.h + 2.0f) return false;
    // Its rule: the width within half a pixel, the height within two (the font's line gap).
    draw_label(dl, {std::floor(r.x + (r.w - ts.x) * 0.5f), std::floor(r.y + (r.h - ts.y) * 0.5f)},
               color, text, {r.x - 0.5f, r.y - 1.0f, r.w + 1.0f, r.h + 2.0f}, nullptr, font, size);
    return true;
}

void hatch(ImDrawList* dl, const Rect& r, ImU32 color, float spacing, float thickness) {
    dl->PushClipRect(tl(r), br(r), true);
    for (float d = -r.h; d < r.w; d += spacing)
        dl->AddLine({r.x + d, r.bottom()}, {r.x + d + r.h, r.y}, color, thickness);
    dl->PopClipRect();
}

void draw_arrow(ImDrawList* dl, const ArrowCurve& curve, float t, ImU32 color, float thickness,
                float head) {
    if (t <= 0) return;
    t = std::min(t, 1.0f);
    // Whole-pixel widths: ImGui draws those from its texture, two triangles a segment; a
    // fractional width gets anti-aliasing fringes, three times the triangles.
    thickness = std::max(1.0f, std::round(thickness));
    const ArrowShape shape = arrow_shape(curve, t, head);
    dl->PathClear();
    for (const Point& p : shape.shaft) dl->PathLineTo(iv(p));
    dl->PathStroke(color, 0, thickness);
    dl->AddTriangleFilled(iv(shape.head.a), iv(shape.head.b), iv(shape.head.c), color);
}

void legend_note(const char* label) {
    if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(label).x &&
        ImGui::GetCursorPosX() > ImGui::GetStyle().WindowPadding.x + 1)
        ImGui::NewLine();
    ImGui::TextUnformatted(label);
    ImGui::SameLine(0, 14);
}

void legend_item(ImU32 color, const char* label, bool hatched) {
    const float h = ImGui::GetTextLineHeight();
    // Wrap to a new line when the item would not fit on this one.
    const float width = h * 0.9f + 4 + ImGui::CalcTextSize(label).x;
    if (ImGui::GetContentRegionAvail().x < width &&
        ImGui::GetCursorPosX() > ImGui::GetStyle().WindowPadding.x + 1)
        ImGui::NewLine();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const Rect sw{p.x, p.y + h * 0.15f, h * 0.9f, h * 0.7f};
    fill_rect(dl, sw, color);
    if (hatched) hatch(dl, sw, palette().text, 4.0f, 1.0f);
    ImGui::Dummy({h * 0.9f, h});
    ImGui::SameLine(0, 4);
    ImGui::TextUnformatted(label);
    ImGui::SameLine(0, 14);
}

namespace {

float entry_width(const LegendEntry& e) {
    const float h = ImGui::GetTextLineHeight();
    return (e.words ? 0.0f : h * 0.9f + 4) + ImGui::CalcTextSize(e.label).x + 14;
}

void draw_entry(const LegendEntry& e) {
    if (e.words)
        legend_note(e.label);
    else
        legend_item(e.color, e.label, e.hatched);
}

}  // namespace

void legend_row(const std::vector<LegendEntry>& entries, int max_lines) {
    const float width = ImGui::GetContentRegionAvail().x;
    const char* more = "more\xe2\x80\xa6";
    const float more_w = ImGui::CalcTextSize(more).x + 14;
    // How many entries fit in max_lines (leaving room for "more…" on the last line if needed).
    std::size_t shown = 0;
    int line = 1;
    float x = 0;
    for (; shown < entries.size(); ++shown) {
        const float w = entry_width(entries[shown]);
        const bool last_entry = shown + 1 == entries.size();
        const float need = w + (line == max_lines && !last_entry ? more_w : 0);
        if (x + need > width && x > 0) {
            if (line == max_lines) break;
            ++line;
            x = 0;
        }
        x += w;
    }
    for (std::size_t i = 0; i < shown; ++i) draw_entry(entries[i]);
    if (shown < entries.size()) {
        ImGui::TextDisabled("%s", more);
        if (ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            for (const LegendEntry& e : entries) {
                draw_entry(e);
                ImGui::NewLine();
            }
            ImGui::EndTooltip();
        }
    }
    ImGui::NewLine();
}

std::string fit_text(const std::string& text, float width) {
    if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
    const char* dots = "\xe2\x80\xa6";
    std::string shown = text;
    while (!shown.empty() && ImGui::CalcTextSize((shown + dots).c_str()).x > width) {
        // A whole UTF-8 character: its continuation bytes, then its first byte.
        while (shown.size() > 1 && (static_cast<unsigned char>(shown.back()) & 0xC0) == 0x80)
            shown.pop_back();
        shown.pop_back();
    }
    return shown + dots;
}

bool begin_combo_fitted(const char* id, const std::string& preview, int flags) {
    const ImGuiStyle& st = ImGui::GetStyle();
    // BeginCombo's own arithmetic: the arrow a frame high, the words inside the frame padding.
    const float room = ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - 2 * st.FramePadding.x;
    const std::string shown = fit_text(preview, room);
    const bool open = ImGui::BeginCombo(id, shown.c_str(), flags);
    if (!open && shown != preview && ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", preview.c_str());
    return open;
}

void text_line_clipped(ImU32 color, const std::string& text) {
    const std::string shown = fit_text(text, ImGui::GetContentRegionAvail().x);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(color), "%s", shown.c_str());
    if (shown != text && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
}

void text_wrapped_colored(ImU32 color, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopStyleColor();
}

}  // namespace ws::ui
