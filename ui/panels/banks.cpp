// Banks panel: for the current step's shared-memory instructions, the 32 banks and the lanes
// that hit them (lines from each lane to its bank; a bank's distinct words stacked), N-way
// conflicts and broadcasts told apart, and our counts beside Nsight Compute's counter names.
#include <imgui.h>

#include <algorithm>
#include <bitset>
#include <cfloat>
#include <cstdio>
#include <string>

#include "kernels/run/hardware_compare.hpp"
#include "ui/fonts.hpp"
#include "ui/model/trace/step_text.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/banks_picture.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/hardware_counts.hpp"
#include "ui/widgets/painter.hpp"
#include "ui/widgets/stale_dim.hpp"

namespace ws::ui {
namespace {

constexpr const char* kLdCounter = run::metric::kLdConflicts;
constexpr const char* kStCounter = run::metric::kStConflicts;

std::vector<std::uint32_t> shared_instructions(const TraceView& v, const StepView& s) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t i : s.instructions) {
        const trace::EventKind k = v.instructions[i].inst.kind;
        if (k == trace::EventKind::SharedRead || k == trace::EventKind::SharedWrite)
            out.push_back(i);
    }
    return out;
}

std::string describe(const InstructionInfo& info) {
    const bool read = info.inst.kind == trace::EventKind::SharedRead;
    std::string s = "warp " + std::to_string(info.inst.warp) + ", line " +
                    std::to_string(info.inst.line) + (read ? ", load" : ", store") + ", " +
                    std::to_string(std::bitset<32>(info.inst.active_mask).count()) + " lanes: ";
    if (info.banks.conflicts())
        s += std::to_string(info.banks.max_ways) + "-way conflict, " +
             plural(info.banks.wavefronts, "wavefront", "wavefronts");
    else
        s += "no conflict";
    return s;
}

// Our counts beside Nsight Compute's counter names; a name too wide for the panel is split
// after "conflicts" (the part that differs, _ld / _st, stays visible).
float counter_table_height(bool split, bool hardware) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float text = fonts().small->FontSize;
    const float row = text + 2 * st.CellPadding.y;
    const float rows = row + 2 * (row + (split ? text : 0.0f));  // header, ld, st
    // the whole-run line, and the GPU's counts when there are some
    return rows + 2 * st.ItemSpacing.y + (hardware ? 2 : 1) * text + st.WindowPadding.y;
}

bool split_names(float width) {
    ImGui::PushFont(fonts().small);
    const float w =
        ImGui::CalcTextSize(kLdCounter).x * 1.1f + ImGui::CalcTextSize(" this step  block 00 ").x;
    ImGui::PopFont();
    return w > width;
}

void counter_table(const TraceView& v, const StepView& s, bool split, const HardwareView& hw) {
    const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
    ImGui::PushFont(fonts().small);
    if (!ImGui::BeginTable("##ncu", 3, flags)) {
        ImGui::PopFont();
        return;
    }
    ImGui::TableSetupColumn("Nsight Compute counter", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("this step");
    ImGui::TableSetupColumn(("block " + std::to_string(v.block ? v.block->block : 0)).c_str());
    ImGui::TableHeadersRow();
    const std::pair<std::string, std::pair<std::uint64_t, std::uint64_t>> rows[] = {
        {kLdCounter, {s.smem_ld_conflicts, v.ld_conflicts}},
        {kStCounter, {s.smem_st_conflicts, v.st_conflicts}}};
    for (const auto& [name, values] : rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        const std::size_t cut = name.find("_pipe");
        if (split)
            ImGui::Text("%s\n  %s", name.substr(0, cut).c_str(), name.substr(cut).c_str());
        else
            ImGui::TextUnformatted(name.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%llu", static_cast<unsigned long long>(values.first));
        ImGui::TableNextColumn();
        ImGui::Text("%llu", static_cast<unsigned long long>(values.second));
    }
    ImGui::EndTable();
    if (v.trace)
        text_wrapped_colored(palette().text_dim,
                             "whole run, all " + std::to_string(v.trace->grid) +
                                 " blocks: " + std::to_string(v.trace->totals.bank_conflicts) +
                                 " conflicts (ld + st)");
    if (const std::string why = below_lesson_block(v); !why.empty())
        text_wrapped_colored(palette().text, why);
    ImGui::PopFont();
    draw_hardware_counts(hw, kBankMetrics);
}

// The counts in one line (wrapped where narrow) and the counter names in its tooltip, where the
// table would leave the banks too little room.
std::string counter_text(const TraceView& v, const StepView& s, const HardwareView& hw) {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "conflicts: ld %llu, st %llu in this step; ld %llu, st %llu in block %u",
                  static_cast<unsigned long long>(s.smem_ld_conflicts),
                  static_cast<unsigned long long>(s.smem_st_conflicts),
                  static_cast<unsigned long long>(v.ld_conflicts),
                  static_cast<unsigned long long>(v.st_conflicts), v.block ? v.block->block : 0);
    bool agree = true;
    const std::string gpu = hardware_counts_text(hw, kBankMetrics, agree);
    return std::string(buf) +
           (gpu.empty() ? (hw.why_none.empty() ? "" : "; " + hw.why_none) : "; " + gpu);
}

float counter_line_height(const std::string& text) {
    ImFont* small = fonts().small;
    return small
               ->CalcTextSizeA(small->FontSize, FLT_MAX, ImGui::GetContentRegionAvail().x,
                               text.c_str())
               .y +
           ImGui::GetStyle().ItemSpacing.y;
}

void counter_line(const std::string& text) {
    ImGui::PushFont(fonts().small);
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopFont();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Nsight Compute counters for the same numbers:\n%s\n%s", kLdCounter,
                          kStCounter);
}

}  // namespace

void draw_banks(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const StaleDim dim(ui);  // greyed while this is the last good run after a failed one
    if (v.empty()) return;
    const std::size_t step = v.clamp(static_cast<long>(ui.step()));
    const StepView& s = v.steps[step];
    const trace::Counters& c = s.counters;
    ImGui::PushFont(fonts().small);
    ImGui::TextWrapped(
        "step %s: %s, %s (ideal %llu)", step_label(s).c_str(),
        plural(c.smem_instructions, "shared instruction", "shared instructions").c_str(),
        plural(c.smem_wavefronts, "wavefront", "wavefronts").c_str(),
        static_cast<unsigned long long>(c.smem_ideal_wavefronts));
    ImGui::PopFont();
    const bool split = split_names(ImGui::GetContentRegionAvail().x);

    const std::vector<std::uint32_t> insts = shared_instructions(v, s);
    if (insts.empty()) {
        ImGui::TextWrapped("No shared-memory access in this step.");
        counter_table(v, s, split, ui.hardware);
        return;
    }
    if (ctx.panels.bank_pick_step != step || ctx.panels.bank_pick < 0 ||
        ctx.panels.bank_pick >= static_cast<long>(insts.size())) {
        // Show the worst instruction of the step by default.
        long worst = 0;
        for (std::size_t i = 0; i < insts.size(); ++i)
            if (v.instructions[insts[i]].banks.wavefronts >
                v.instructions[insts[std::size_t(worst)]].banks.wavefronts)
                worst = static_cast<long>(i);
        ctx.panels.bank_pick = worst;
        ctx.panels.bank_pick_step = step;
    }
    const InstructionInfo& info = v.instructions[insts[std::size_t(ctx.panels.bank_pick)]];
    ImGui::SetNextItemWidth(-1);
    if (begin_combo_fitted("##inst", describe(info))) {
        for (std::size_t i = 0; i < insts.size(); ++i)
            if (ImGui::Selectable(describe(v.instructions[insts[i]]).c_str(),
                                  long(i) == ctx.panels.bank_pick))
                ctx.panels.bank_pick = static_cast<long>(i);
        ImGui::EndCombo();
    }
    // Where the table would leave the banks too little room, the counts go on one line and
    // the counter names into its tooltip.
    const float avail = ImGui::GetContentRegionAvail().y;
    const bool hardware = !ui.hardware.lines.empty();
    const float picture_need = std::max(6 * fonts().small->FontSize, banks_picture_height(info));
    if (avail - counter_table_height(split, hardware) >= picture_need) {
        draw_banks_picture("##banks", info, avail - counter_table_height(split, hardware));
        counter_table(v, s, split, ui.hardware);
    } else {
        std::string text = counter_text(v, s, ui.hardware);
        if (const std::string why = below_lesson_block(v); !why.empty()) text += ". " + why;
        // Where even the wrapped line leaves the banks too little room (large type): one line
        // cut with "…", all of it on hover.
        ImFont* small = fonts().small;
        const float one_line_h = small->FontSize + ImGui::GetStyle().ItemSpacing.y;
        if (avail - counter_line_height(text) >= std::min(picture_need, avail - one_line_h)) {
            draw_banks_picture("##banks", info, avail - counter_line_height(text));
            counter_line(text);
        } else {
            draw_banks_picture("##banks", info, avail - one_line_h);
            ImGui::PushFont(small);
            text_line_clipped(palette().text, text);
            ImGui::PopFont();
        }
    }
}

}  // namespace ws::ui
