// Circuit panel: the traced block's network of additions (a column per element, a row per level,
// a dot and edges per addition), its work and depth beside the textbook formulas, the current
// step's level highlighted under the one step cursor; or, side by side, Kogge-Stone, Brent-Kung
// and Sklansky networks of the same size, so that the work/depth trade-off shows. Reductions get
// their tree the same way (additions at their `+=` lines).
#include <imgui.h>

#include <algorithm>
#include <string>

#include "kernels/catalog.hpp"
#include "ui/fonts.hpp"
#include "ui/model/circuit/circuit_text.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/circuit_picture.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/stale_dim.hpp"

namespace ws::ui {
namespace {

// This block or the three networks: the mode to draw this frame (a change is posted).
bool mode_switch(PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    bool side = ui.circuit_side_by_side;
    if (ImGui::RadioButton("this block", !side)) side = false;
    ImGui::SameLine();
    // The three networks named where they fit on the line (large type: "three side by side").
    const char* full = "Kogge-Stone, Brent-Kung and Sklansky side by side";
    const float radio = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x;
    const bool fits = radio + ImGui::CalcTextSize(full).x <= ImGui::GetContentRegionAvail().x;
    if (ImGui::RadioButton(fits ? full : "three side by side", side)) side = true;
    if (!fits && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", full);
    if (side != ui.circuit_side_by_side) ctx.post(act::SetSideBySide{side});
    return side;
}

// The legend, and after it on the same line (where it fits; else in its tooltip) how the
// picture was made.
void legend(const std::string& how = "") {
    const Palette& p = palette();
    ImGui::PushFont(fonts().small);
    ImGui::BeginGroup();
    legend_item(p.circuit_dot, "addition (dot: the element written)");
    legend_item(p.arrow, "this step's level");
    legend_item(p.circuit_future, "still to come");
    const bool fits =
        !how.empty() && ImGui::CalcTextSize(how.c_str()).x < ImGui::GetContentRegionAvail().x;
    if (fits)
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.text_dim), "%s", how.c_str());
    else
        ImGui::NewLine();
    ImGui::EndGroup();
    if (!how.empty() && !fits && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", how.c_str());
    ImGui::PopFont();
}

// The measured numbers beside the textbook's (one line where both fit); a mismatch is said in
// words, not by colour alone.
void number_lines(const TraceView& v) {
    const NumberLines n = circuit_numbers(v);
    const Palette& p = palette();
    const bool one_line = ImGui::CalcTextSize((n.work + "      " + n.depth).c_str()).x <
                          ImGui::GetContentRegionAvail().x;
    auto line = [&](const std::string& text, bool matches) {
        ImGui::TextWrapped("%s", text.c_str());
        if (!matches) {
            ImGui::SameLine();
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.disagree), "(differs)");
        }
    };
    line(n.work, n.work_matches);
    if (one_line) ImGui::SameLine(0, ImGui::GetFontSize() * 2);
    line(n.depth, n.depth_matches);
}

void single(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const Circuit& c = v.circuit;
    if (c.empty()) {
        text_wrapped_colored(palette().text_dim,
                             c.why_none.empty() ? "No trace to draw yet." : c.why_none);
        return;
    }
    number_lines(v);
    std::string how =
        std::string(trace::column_rule_text(c.map.layout)) + "; a level = a step that adds";
    if (!c.marked) how += "; additions at the kernel's += lines";
    if (c.rows > c.adding_steps())
        how += "; several rows in a level: a thread adding again, no sync";
    if (c.unplaced) how += "; " + std::to_string(c.unplaced) + " additions not placed";
    legend("   " + how);
    const std::size_t step = v.clamp(static_cast<long>(ui.step()));
    draw_circuit_picture("##circuit", v, step, ui.playback, ctx.panels.circuit_view, {0, 0});
}

void side_by_side(PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    ImGui::PushFont(fonts().small);
    text_wrapped_colored(palette().text_dim,
                         "m = " + std::to_string(ui.runs.circuit_m) +
                             " elements in one block each, the same input; one step cursor "
                             "(a network with fewer steps stays on its last)");
    ImGui::PopFont();
    legend();
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    const float w = (ImGui::GetContentRegionAvail().x - 2 * gap) / 3.0f;
    std::uint32_t rows = 0;  // one row height for all three: the deeper network is taller
    for (const auto& v : ui.runs.circuits)
        if (v) rows = std::max(rows, v->circuit.rows);
    for (int i = 0; i < 3; ++i) {
        if (i) ImGui::SameLine();
        ImGui::PushID(i);
        ImGui::BeginChild("##side", {w, 0}, false, ImGuiWindowFlags_NoScrollbar);
        const TraceView* v = ui.runs.circuits[i].get();
        const VariantInfo* info = find_variant(kSideBySide[i]);
        ImGui::PushFont(fonts().heading);
        ImGui::TextWrapped("%s", info ? info->title : kSideBySide[i]);
        ImGui::PopFont();
        if (!v || !v->trace) {
            ImGui::TextUnformatted(ui.runs.circuit_running ? "running\xe2\x80\xa6" : "not run yet");
        } else if (v->circuit.empty()) {
            text_wrapped_colored(palette().disagree,
                                 !v->trace->error.empty() ? v->trace->error : v->circuit.why_none);
        } else {
            // The two numbers the comparison is about, large; the textbook's, small.
            const NumberLines n = circuit_numbers(*v);
            ImGui::TextUnformatted(n.measured.c_str());
            if (!n.work_matches || !n.depth_matches) {
                ImGui::SameLine();
                ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().disagree),
                                   "(differs from the textbook)");
            }
            ImGui::PushFont(fonts().small);
            text_wrapped_colored(palette().text_dim, n.textbook);
            ImGui::PopFont();
            const std::size_t step = v->clamp(static_cast<long>(ui.step()));
            CircuitPictureOptions o;
            o.interactive = false;
            o.step_labels = false;
            o.min_rows = rows;
            draw_circuit_picture("##net", *v, step, ui.playback, ctx.panels.circuit_side_view[i],
                                 {0, 0}, o);
        }
        ImGui::EndChild();
        ImGui::PopID();
    }
}

}  // namespace

void draw_circuit(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const StaleDim dim(ui);  // greyed while this is the last good run after a failed one
    if (mode_switch(ctx))
        side_by_side(ctx);
    else
        single(v, ctx);
}

}  // namespace ws::ui
