// Code panel: the kernel source; the lines that ran in this step highlighted, and in a gutter
// on the left (as Nsight Compute's source page puts its metrics) how many threads ran each line
// and its bank conflicts in this step; hover a line for its warp instructions and divergence.
// Follows the current step's busiest line.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "ui/fonts.hpp"
#include "ui/model/trace/step_text.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/stale_dim.hpp"

namespace ws::ui {
namespace {

const LineActivity* find_line(const StepView& s, std::uint16_t line) {
    auto it = std::lower_bound(s.lines.begin(), s.lines.end(), line,
                               [](const LineActivity& a, std::uint16_t l) { return a.line < l; });
    return it != s.lines.end() && it->line == line ? &*it : nullptr;
}

std::string details(const LineActivity& l) {
    std::string s = plural(l.threads, "thread", "threads") + ", " +
                    plural(l.warps, "warp instruction", "warp instructions") + ", " +
                    plural(l.lanes, "lane access", "lane accesses");
    if (l.divergent) s += "\n" + std::to_string(l.divergent) + " with idle lanes (divergent)";
    if (l.conflicts)
        s += "\nbank conflicts: " + std::to_string(l.conflicts) + " extra wavefronts, worst " +
             std::to_string(l.max_ways) + "-way";
    if (l.kinds & (1u << static_cast<unsigned>(trace::EventKind::Shuffle)))
        s += "\nshuffles: registers between lanes";
    if (l.kinds & (1u << static_cast<unsigned>(trace::EventKind::GlobalRead)))
        s += "\nreads global memory";
    if (l.atomics.tries)
        s += "\n" + plural(l.atomics.tries, "atomic", "atomics") +
             (l.atomics.retries ? ", " + std::to_string(l.atomics.retries) +
                                      " of them compare-and-swaps that lost the race (retried)"
                                : "");
    return s;
}

// Kernel files indent by four; two is enough on a projector and saves width.
std::string half_indent(const std::string& line) {
    std::size_t n = 0;
    while (n < line.size() && line[n] == ' ') ++n;
    return std::string(n / 2, ' ') + line.substr(n);
}

// Characters of the widest line that runs in some step (after half_indent).
std::size_t widest_ran_line(const TraceView& v) {
    std::size_t widest = 0;
    for (const StepView& s : v.steps)
        for (const LineActivity& l : s.lines)
            widest = std::max(widest, half_indent(v.line_text(l.line)).size());
    return widest;
}

}  // namespace

void draw_code(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const StaleDim dim(ui);  // greyed while this is the last good run after a failed one
    const Palette& p = palette();
    if (!v.trace || v.source_lines.empty()) {
        ImGui::TextWrapped("No kernel source in this trace.");
        return;
    }
    const std::size_t step = v.clamp(static_cast<long>(ui.step()));
    const StepView* s = v.empty() ? nullptr : &v.steps[step];
    ImFont* small = fonts().small;
    ImGui::PushFont(small);
    const float lanes_w = ImGui::CalcTextSize("threads").x,
                banks_w = ImGui::CalcTextSize("32-way").x;
    // The second column: bank conflicts, or in a trace of compare-and-swap loops the races lost.
    const bool races = std::any_of(v.steps.begin(), v.steps.end(),
                                   [](const StepView& st) { return st.most_retries > 0; });
    // The file's path, or where it does not fit its name, cut with "…" past that.
    const std::string columns = std::string("threads ") + (races ? "lost " : "banks") + "  ";
    const std::string& path = v.trace->source_file;
    std::string heading = columns + path;
    const float room = ImGui::GetContentRegionAvail().x;
    if (ImGui::CalcTextSize(heading.c_str()).x > room)
        heading = fit_text(columns + path.substr(path.find_last_of('/') + 1), room);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.text_dim), "%s", heading.c_str());
    if (heading != columns + path && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", path.c_str());
    ImGui::PopFont();

    // The width the code may use, taken outside the child, so that it does not depend on the
    // child's scrollbars (which depend on the font scale chosen from it).
    const float width = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize;
    ImGui::BeginChild("##source", {0, 0}, false, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::PushFont(fonts().mono);
    // Shrink the code (down to 80%) so that the lines that run fit beside the gutter; below
    // that they wrap.
    // Unscaled: CalcTextSize would apply the scale this window kept from the last frame, and
    // the scale chosen from it flipped between two sizes every frame.
    ImFont* mono = fonts().mono;
    const float char_w = mono->CalcTextSizeA(mono->FontSize, 1e9f, 0, "0").x;
    const float needed = lanes_w + banks_w + char_w * float(widest_ran_line(v) + 6);
    ImGui::SetWindowFontScale(std::clamp(width / needed, 0.8f, 1.0f));
    const float line_h = ImGui::GetTextLineHeightWithSpacing();
    const float t = float(eased(ui.playback));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float win_x = ImGui::GetWindowPos().x;
    const float gutter = lanes_w + banks_w + 12;
    const float text_h = ImGui::GetTextLineHeight();
    const float number_w = ImGui::CalcTextSize("000").x + ImGui::GetStyle().ItemSpacing.x;
    const std::uint16_t followed = s ? main_line(*s) : 0;
    float followed_y = -1;  // where the line the panel follows starts, in the child
    float followed_h = 0;   // and how tall it is, wrapped
    for (std::size_t i = 0; i < v.source_lines.size(); ++i) {
        const auto line = static_cast<std::uint16_t>(i + 1);
        const LineActivity* act = s ? find_line(*s, line) : nullptr;
        const ImVec2 pos = ImGui::GetCursorScreenPos();
        if (line == followed) followed_y = ImGui::GetCursorPosY();
        const std::string text = half_indent(v.source_lines[i]);
        // No line is cut where the panel is narrow (1280x720 beside the controls, the formula
        // line above the one that ran): it wraps at its spaces, a highlight as tall as its rows.
        const float text_x = ImGui::GetCursorPosX() + gutter + number_w;
        // (A little short of the edge: text wrapped exactly at it could call up the horizontal
        // scroll bar one frame and not the next.)
        const float wrap_w = std::max(width - text_x - 0.5f * char_w, 8 * char_w);
        const float rows_h =
            std::max(ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap_w).y, text_h);
        if (line == followed) followed_h = rows_h;
        if (act) {
            const float w = ImGui::GetWindowWidth() + ImGui::GetScrollMaxX() + 100;
            fill_rect(dl, {win_x, pos.y, w, rows_h + (line_h - text_h)},
                      with_alpha(p.line_ran, 0.3f + 0.7f * t));
            const float y = pos.y + (line_h - small->FontSize) * 0.5f;
            const std::string lanes = std::to_string(act->threads);
            const float lx =
                pos.x + lanes_w - small->CalcTextSizeA(small->FontSize, 1e9f, 0, lanes.c_str()).x;
            draw_label(dl, {lx, y}, p.line_ran_text, lanes,
                       {pos.x - 2, pos.y - 2, lanes_w + 4, line_h + 4}, "threads", small,
                       small->FontSize);
            if (act->conflicts || act->atomics.retries) {
                const std::string ways = act->conflicts ? std::to_string(act->max_ways) + "-way"
                                                        : std::to_string(act->atomics.retries);
                const Rect badge{pos.x + lanes_w + 6, pos.y + 1, banks_w + 4, line_h - 2};
                fill_rect(dl, badge, p.conflict, 3.0f);
                draw_label(dl, {badge.x + 2, y}, text_on(p.conflict), ways,
                           {badge.x, badge.y - 2, badge.w, badge.h + 4}, "badge", small,
                           small->FontSize);
            }
        }
        ImGui::SetCursorScreenPos({pos.x + gutter, pos.y});
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.text_dim), "%3zu", i + 1);
        ImGui::SameLine(text_x);
        ImGui::PushTextWrapPos(text_x + wrap_w);
        if (act)
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.line_ran_text), "%s", text.c_str());
        else
            ImGui::TextUnformatted(text.c_str());
        ImGui::PopTextWrapPos();
        if (act && ImGui::IsMouseHoveringRect(pos, {pos.x + 4000, pos.y + rows_h}) &&
            ImGui::IsWindowHovered())
            ImGui::SetTooltip("line %u in step %s:\n%s", unsigned(line), step_label(*s).c_str(),
                              details(*act).c_str());
    }
    ImGui::PopFont();

    // Follow the step: bring its busiest line into view once per step change, and again when
    // the text or the panel changed size (P, a resize), which moved it.
    const float view_h = ImGui::GetWindowHeight() - ImGui::GetStyle().ScrollbarSize;
    const CodeFollow now{step, ImGui::GetFontSize(), view_h};
    if (s && !(ctx.panels.code_followed == now)) {
        ctx.panels.code_followed = now;
        if (followed_y >= 0)
            if (auto y = follow_scroll(followed_y, followed_h, line_h, ImGui::GetScrollY(), view_h))
                ImGui::SetScrollY(*y);
    }
    ImGui::EndChild();
}

}  // namespace ws::ui
