// Playback panel: first/previous/play/next/last buttons, the speed, and the timeline of steps
// labelled (phase,substep), each with a bar for how busy its lanes were and a mark where it had
// bank conflicts. Click or drag on the timeline to scrub.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "ui/fonts.hpp"
#include "ui/model/trace/race_steps.hpp"
#include "ui/model/trace/step_text.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/painter.hpp"

namespace ws::ui {
namespace {

// A button with its key in the tooltip.
bool button(const char* glyph, const char* what, ImVec2 size) {
    const bool pressed = ImGui::Button(glyph, size);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", what);
    return pressed;
}

// The row's words for the step, the longest that fits `room`.
std::string step_words(const TraceView& v, std::size_t step, float room) {
    const std::size_t n = v.step_count();
    if (!n) return "no steps";
    const std::string label = step_label(v.steps[step]);
    const std::string total = std::to_string(n);
    for (const std::string& s : {"step " + std::to_string(step + 1) + " of " + total + "  " + label,
                                 std::to_string(step + 1) + "/" + total + "  " + label})
        if (ImGui::CalcTextSize(s.c_str()).x <= room) return s;
    return label;
}

void buttons(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const Playback& pb = ui.playback;
    const ImGuiStyle& st = ImGui::GetStyle();
    const float avail = ImGui::GetContentRegionAvail().x;
    const std::size_t step = v.clamp(static_cast<long>(pb.step));
    // Large type on a narrow window: narrower buttons, then no speed slider, then shorter words
    // for the step, so that the row never runs past its edge.
    const std::string longest = step_words(v, step, 1e9f);
    const float words_w = ImGui::CalcTextSize(longest.c_str()).x;
    const float slider_w =
        ImGui::GetFontSize() * 9 + ImGui::CalcTextSize("steps/s").x + st.ItemInnerSpacing.x + 24;
    float button_w = ImGui::GetFrameHeight() * 1.6f;
    if (5 * (button_w + st.ItemSpacing.x) + words_w + slider_w > avail)
        button_w = ImGui::GetFrameHeight() * 1.15f;
    const float buttons_w = 5 * (button_w + st.ItemSpacing.x);
    const bool slider = buttons_w + words_w + slider_w <= avail;
    const ImVec2 size{button_w, 0};
    // Solid triangles play, hollow ones step: the two never look alike.
    // The cursor's own actions, as the keys post them.
    if (button("|\xe2\x97\x80", "first step (Home)", size)) ctx.post(act::StepTo{false});
    ImGui::SameLine();
    if (button("\xe2\x97\x81", "step back (\xe2\x86\x90)", size)) ctx.post(act::StepBy{-1});
    ImGui::SameLine();
    if (button(pb.playing ? "\xe2\x96\xae\xe2\x96\xae" : "\xe2\x96\xb6",
               pb.playing ? "pause (Space)" : "play (Space)", size))
        ctx.post(act::PlayPause{});
    ImGui::SameLine();
    if (button("\xe2\x96\xb7", "step forward (\xe2\x86\x92)", size)) ctx.post(act::StepBy{1});
    ImGui::SameLine();
    if (button("\xe2\x96\xb6|", "last step (End)", size)) ctx.post(act::StepTo{true});
    ImGui::SameLine();
    ImGui::TextUnformatted(step_words(v, step, ImGui::GetContentRegionAvail().x).c_str());
    if (!slider) return;
    ImGui::SameLine(0, 24);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
    float speed = float(ui.speed);
    if (ImGui::SliderFloat("steps/s", &speed, float(kMinSpeed), float(kMaxSpeed), "%.2g",
                           ImGuiSliderFlags_Logarithmic))
        ctx.post(act::SetSpeed{speed});
    // The keys, the longest that fits (F1 lists them all), or none: the strip of steps goes
    // under the row whatever fits.
    const float room = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x -
                       ImGui::GetItemRectMax().x - 24;
    for (const char* keys : {"Space: play/pause   \xe2\x86\x90/\xe2\x86\x92: step   F1: all keys",
                             "Space: play   F1: all keys", "F1: keys"})
        if (ImGui::CalcTextSize(keys).x <= room) {
            ImGui::SameLine(0, 24);
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().text_dim), "%s", keys);
            break;
        }
}

}  // namespace

void draw_timeline(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const Palette& p = palette();
    buttons(v, ctx);
    const std::size_t n = v.step_count();
    Canvas c = begin_canvas("##timeline", {0, 0});
    if (n == 0) {
        fill_rect(c.dl, c.rect, p.frame);
        end_canvas(c);
        return;
    }
    // The bars as one picture (a block's trace can have hundreds of steps).
    RasterPainter paint(c.dl, ImGui::GetID("##timeline"), c.rect, p.frame);
    const float w = c.rect.w / float(n);
    ImFont* f = fonts().small;
    const float label_h = f->FontSize + 2;
    const float bar_top = c.rect.y + label_h + 2;
    const float bar_h = c.rect.bottom() - bar_top - 2;
    for (std::size_t i = 0; i < n; ++i) {
        const StepView& s = v.steps[i];
        const float x = c.rect.x + float(i) * w;
        if (i > 0 && v.steps[i - 1].id.phase != s.id.phase)
            paint.rect({std::round(x) - 1, c.rect.y, 2, c.rect.h}, p.text_dim);
        const float busy = v.threads ? float(s.counters.active_lanes) / float(v.threads) : 0;
        const float h = std::max(2.0f, bar_h * std::min(busy, 1.0f));
        paint.rect({x + 2, bar_top + bar_h - h, w - 4, h}, p.lane_on);
        if (s.counters.bank_conflicts) paint.rect({x + 2, bar_top, w - 4, 3}, p.conflict);
        if (has_real_race(v, s)) paint.rect({x + 2, bar_top + 4, w - 4, 3}, p.raced);
        if (s.micro) continue;  // access-steps are labelled as a group below
        const std::string full = step_label(s);
        if (text_centered(c.dl, {x, c.rect.y + 1, w, label_h}, p.text, full, f, f->FontSize) ||
            (i > 0 && v.steps[i - 1].id.phase == s.id.phase))
            continue;
        // The phase's number where its step label is too wide, across the phase's steps (they
        // have none), where it fits there: else the phases are told by their seams alone and
        // the playback row names the step.
        std::size_t end = i + 1;
        while (end < n && v.steps[end].id.phase == s.id.phase) ++end;
        const Rect span{x, c.rect.y, w * float(end - i), label_h + 2};
        const std::string phase = std::to_string(s.id.phase);
        if (label_size(phase, f, f->FontSize).x + 3 <= span.w)
            draw_label(c.dl, {x + 2, c.rect.y + 1}, p.text, phase, span, "step", f, f->FontSize);
    }
    // A racy step's access-steps: one label across them, "(1,0): 32 access-steps".
    for (std::size_t i = 0; i < n; ++i) {
        const StepView& s = v.steps[i];
        if (s.micro != 1) continue;
        const float x = c.rect.x + float(i) * w, span = w * float(s.micro_count);
        paint.rect({x, c.rect.y + label_h - 1, span, 2}, p.raced);
        std::string label =
            step_label(s.id) + ": " + std::to_string(s.micro_count) + " access-steps (it races)";
        if (f->CalcTextSizeA(f->FontSize, 1e9f, 0, label.c_str()).x > span)
            label = step_label(s.id);
        draw_label(c.dl, {x + 2, c.rect.y + 1}, p.text, label, {x, c.rect.y, span, label_h + 2},
                   "step", f, f->FontSize);
    }
    // The cursor slides from the previous step to this one.
    const float from = float(v.clamp(static_cast<long>(ui.playback.from_step)));
    const float to = float(v.clamp(static_cast<long>(ui.playback.step)));
    const float pos = from + (to - from) * float(eased(ui.playback));
    paint.outline({c.rect.x + pos * w, c.rect.y, w, c.rect.h}, p.current, p.line_width + 1);
    if (c.hovered || c.active) {
        const float mx = ImGui::GetIO().MousePos.x;
        const auto i =
            static_cast<std::size_t>(std::clamp((mx - c.rect.x) / w, 0.0f, float(n) - 0.001f));
        if (c.active) ctx.post(act::StepAt{i});
        if (c.hovered) ImGui::SetTooltip("%s", step_summary(v, i).c_str());
    }
    end_canvas(c);
}

}  // namespace ws::ui
