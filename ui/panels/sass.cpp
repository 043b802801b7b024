// SASS panel: the machine code the GPU runs for this algorithm (its unprobed kernel for int at
// block 256, disassembled on the GPU machine: assets/sass), with the counts a student compares
// across the ladder beside the previous rung's, and the listing coloured by what each
// instruction does, the loops marked in the gutter.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "kernels/catalog.hpp"
#include "ui/fonts.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {
namespace {

// The rung before this one in its family's ladder, or nullptr for the first.
const VariantInfo* previous_rung(const VariantInfo& v) {
    const VariantInfo* before = nullptr;
    for (const VariantInfo& c : catalog()) {
        if (&c == &v) return before;
        if (c.family == v.family) before = &c;
    }
    return nullptr;
}

void draw_counts(const SassListing& l, int this_step, const SassListing* prev,
                 const VariantInfo* prev_info) {
    const Palette& p = palette();
    const auto rows = sass_count_rows(l.total);
    const auto prev_rows = prev ? sass_count_rows(prev->total) : std::vector<SassCountRow>{};
    const int columns = prev ? 3 : 2;
    if (!ImGui::BeginTable("##sass_counts", columns, ImGuiTableFlags_SizingFixedFit)) return;
    ImGui::TableSetupColumn("count");
    ImGui::TableSetupColumn("this");
    if (prev) ImGui::TableSetupColumn("before");
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TableNextColumn();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.text_dim), "rung %d", this_step);
    if (prev) {
        ImGui::TableNextColumn();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.text_dim), "rung %d",
                           prev_info->ladder_step);
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(rows[i].label);
        ImGui::TableNextColumn();
        // A count that differs from the rung before is marked, as the code panel marks a line
        // that ran.
        if (prev && prev_rows[i].value != rows[i].value)
            ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, p.line_ran);
        ImGui::TextColored(
            ImGui::ColorConvertU32ToFloat4(
                prev && prev_rows[i].value != rows[i].value ? p.line_ran_text : p.text),
            "%s", rows[i].value.c_str());
        if (prev) {
            ImGui::TableNextColumn();
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.text_dim), "%s",
                               prev_rows[i].value.c_str());
        }
    }
    ImGui::EndTable();
}

void draw_listing(const SassListing& l) {
    const Palette& p = palette();
    // At least ten rows: in a short panel the counts and the listing scroll together.
    const float rows_h = 10 * ImGui::GetTextLineHeightWithSpacing();
    ImGui::BeginChild("##sass_code", {0, std::max(ImGui::GetContentRegionAvail().y, rows_h)}, false,
                      ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::PushFont(fonts().mono);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float bar_w = 0.35f * ImGui::GetFontSize();
    for (const SassKernel& k : l.kernels) {
        text_wrapped_colored(p.text_dim, k.name);
        for (const SassInstruction& i : k.code) {
            if (i.mnemonic == "NOP") continue;
            const ImVec2 pos = ImGui::GetCursorScreenPos();
            if (i.in_loop)
                fill_rect(dl, {pos.x, pos.y, bar_w, ImGui::GetTextLineHeightWithSpacing()},
                          p.current);
            ImGui::SetCursorScreenPos({pos.x + 2 * bar_w, pos.y});
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.text_dim), "%04x",
                               unsigned(i.address));
            ImGui::SameLine();
            if (!i.predicate.empty()) {
                ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.text_dim), "%s",
                                   i.predicate.c_str());
                ImGui::SameLine();
            }
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(sass_class_color(i.cls)), "%s",
                               i.mnemonic.c_str());
            ImGui::SameLine();
            ImGui::TextUnformatted(i.operands.c_str());
            if (ImGui::IsItemHovered() ||
                (ImGui::IsMouseHoveringRect(pos, {pos.x + 4000, pos.y + ImGui::GetFontSize()}) &&
                 ImGui::IsWindowHovered()))
                ImGui::SetTooltip("%s%s", sass_class_name(i.cls), i.in_loop ? ", in a loop" : "");
        }
        ImGui::Spacing();
    }
    ImGui::PopFont();
    ImGui::EndChild();
}

}  // namespace

void draw_sass(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const Palette& p = palette();
    const VariantInfo* info = v.variant;
    if (!info || !ui.sass) {
        ImGui::TextWrapped("No algorithm chosen.");
        return;
    }
    const auto it = ui.sass->find(info->id);
    if (it == ui.sass->end()) {
        ImGui::TextWrapped("No SASS for %s: %s is missing.", info->id,
                           sass_path("assets", info->id).c_str());
        return;
    }
    const SassListing& l = it->second;
    if (!l.error.empty()) {
        ImGui::TextWrapped("The SASS of %s cannot be read: %s", info->id, l.error.c_str());
        return;
    }
    const VariantInfo* prev_info = previous_rung(*info);
    const auto prev_it = prev_info ? ui.sass->find(prev_info->id) : ui.sass->end();
    const SassListing* prev =
        prev_it != ui.sass->end() && prev_it->second.error.empty() ? &prev_it->second : nullptr;
    ImGui::PushFont(fonts().small);
    if (l.provenance.size() > 1) text_wrapped_colored(p.text_dim, l.provenance[1]);
    ImGui::PopFont();
    draw_counts(l, info->ladder_step, prev, prev ? prev_info : nullptr);
    ImGui::Separator();
    draw_listing(l);
}

}  // namespace ws::ui
