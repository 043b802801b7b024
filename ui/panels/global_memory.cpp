// Global memory panel: for the current step's global-memory instructions, how each warp's 32
// lanes map onto 32-byte sectors and 128-byte lines (coalescing), sectors per request against
// the ideal, and Nsight Compute's counter names for the same numbers.
#include <imgui.h>

#include <bitset>
#include <cfloat>
#include <cstdio>
#include <string>

#include "ui/fonts.hpp"
#include "ui/model/pictures/atomic_facts.hpp"
#include "ui/model/trace/step_text.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/element_moves_rows.hpp"
#include "ui/widgets/hardware_counts.hpp"
#include "ui/widgets/sectors_picture.hpp"
#include "ui/widgets/stale_dim.hpp"

namespace ws::ui {
namespace {

constexpr const char* kSectorCounter = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum (_st)";
constexpr const char* kRequestCounter = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum (_st)";

// Loads and stores: what Nsight Compute's sector and request counters count.
bool is_load_or_store(trace::EventKind k) {
    return k == trace::EventKind::GlobalRead || k == trace::EventKind::GlobalWrite;
}
bool is_global(trace::EventKind k) {
    return is_load_or_store(k) || k == trace::EventKind::Atomic;
}

// The step's global instructions, atomics included (the picture and the chooser show them).
std::vector<std::uint32_t> global_instructions(const TraceView& v, const StepView& s) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t i : s.instructions)
        if (is_global(v.instructions[i].inst.kind)) out.push_back(i);
    return out;
}

std::string describe(const InstructionInfo& info) {
    const SectorPicture& p = info.coalescing;
    const unsigned lanes = unsigned(std::bitset<32>(info.inst.active_mask).count());
    unsigned width = 0;
    for (const SectorPicture::Lane& l : p.lanes)
        if (l.active) width = l.width;
    const std::string head =
        "warp " + std::to_string(info.inst.warp) + ", line " + std::to_string(info.inst.line);
    const std::string size = std::to_string(width) + " B x " + plural(lanes, "lane", "lanes");
    // An atomic's sectors are not a coalescing lesson (one word for every lane is its point).
    if (info.inst.kind == trace::EventKind::Atomic)
        return head + ", atomic " + size + ": " + plural(p.sectors, "sector", "sectors");
    return head + (info.inst.kind == trace::EventKind::GlobalRead ? ", load " : ", store ") + size +
           ": " + plural(p.sectors, "sector", "sectors") + " (ideal " +
           std::to_string(p.ideal_sectors) + "), " + plural(p.lines, "line", "lines");
}

// The sectors of a set of instructions per request (one warp instruction), and the ideal.
struct Tally {
    std::uint64_t requests = 0, sectors = 0, ideal = 0;
    void add(const SectorPicture& p) {
        ++requests;
        sectors += p.sectors;
        ideal += p.ideal_sectors;
    }
    std::string text() const {
        if (!requests) return "no global access";
        char buf[96];
        std::snprintf(buf, sizeof buf, "%.2f sectors/request (ideal %.2f)",
                      double(sectors) / double(requests), double(ideal) / double(requests));
        return buf;
    }
};

// "block 0: 2.50 sectors/request (ideal 4.00); H100 counted (2026-11-25): ld sectors 40 ✓".
std::string block_line(const TraceView& v, const Tally& block, const HardwareView& hw) {
    bool agree = true;
    const std::string gpu = hardware_counts_text(hw, kGlobalMetrics, agree);
    return "block " + std::to_string(v.block ? v.block->block : 0) + ": " + block.text() +
           (gpu.empty() ? (hw.why_none.empty() ? "" : "; " + hw.why_none) : "; " + gpu);
}

}  // namespace

void draw_global_memory(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const StaleDim dim(ui);  // greyed while this is the last good run after a failed one
    if (v.empty()) return;
    const std::size_t step = v.clamp(static_cast<long>(ui.step()));
    const StepView& s = v.steps[step];
    const std::vector<std::uint32_t> insts = global_instructions(v, s);
    Tally this_step, block;
    std::string line_text;  // the block's line: shortened below where the picture needs room
    bool one_line = false;
    // The sectors per request of loads and stores (atomics are told apart, below the picture).
    std::size_t atomics = 0;
    for (std::uint32_t i : insts) {
        if (is_load_or_store(v.instructions[i].inst.kind))
            this_step.add(v.instructions[i].coalescing);
        else
            ++atomics;
    }
    for (const InstructionInfo& info : v.instructions)
        if (is_load_or_store(info.inst.kind)) block.add(info.coalescing);
    line_text = block_line(v, block, ui.hardware);
    ImGui::PushFont(fonts().small);
    const std::string atomic_part =
        atomics ? " (" + plural(atomics, "atomic", "atomics") + ")" : std::string();
    ImGui::TextWrapped("step %s: %s%s, %s", step_label(s).c_str(),
                       plural(insts.size(), "global instruction", "global instructions").c_str(),
                       atomic_part.c_str(), this_step.text().c_str());
    ImGui::PopFont();
    // A run of several launches: each one's reads and writes, over the chooser and a picture
    // of readable height.
    draw_element_moves(v, ImGui::GetFrameHeightWithSpacing() + 7 * (fonts().small->FontSize + 2));
    ImGui::PushFont(fonts().small);
    ImGui::PopFont();
    if (insts.empty()) {
        ImGui::TextWrapped("No global-memory load or store in this step.");
    } else {
        if (ctx.panels.global_pick_step != step || ctx.panels.global_pick < 0 ||
            ctx.panels.global_pick >= static_cast<long>(insts.size())) {
            // By default the step's atomic that waits longest (what serialises is the lesson
            // where there is one), else its most wasteful load or store.
            auto rank = [&](std::size_t i) {
                const InstructionInfo& in = v.instructions[insts[i]];
                const bool atomic = in.inst.kind == trace::EventKind::Atomic;
                const double deep =
                    atomic && v.block ? double(atomic_facts(*v.block, in.inst).deepest) : 0.0;
                return std::make_pair(atomic, atomic ? deep : in.coalescing.waste());
            };
            long worst = 0;
            for (std::size_t i = 0; i < insts.size(); ++i)
                if (rank(i) > rank(std::size_t(worst))) worst = static_cast<long>(i);
            ctx.panels.global_pick = worst;
            ctx.panels.global_pick_step = step;
        }
        const InstructionInfo& info = v.instructions[insts[std::size_t(ctx.panels.global_pick)]];
        ImGui::SetNextItemWidth(-1);
        if (begin_combo_fitted("##ginst", describe(info))) {
            for (std::size_t i = 0; i < insts.size(); ++i)
                if (ImGui::Selectable(describe(v.instructions[insts[i]]).c_str(),
                                      long(i) == ctx.panels.global_pick))
                    ctx.panels.global_pick = static_cast<long>(i);
            ImGui::EndCombo();
        }
        // An atomic: how its lanes met in memory (lanes on one address wait for each other).
        if (info.inst.kind == trace::EventKind::Atomic && v.block) {
            ImGui::PushFont(fonts().small);
            text_wrapped_colored(palette().text,
                                 "atomic: " + atomic_facts(*v.block, info.inst).text());
            ImGui::PopFont();
        }
        // The block's line under the picture, with what a GPU counted for it when known, and
        // its wrapped height kept free; where that would leave the picture too small to draw,
        // the GPU's count goes (the picture is the lesson).
        ImFont* small = fonts().small;
        auto height_of = [&](const std::string& text) {
            return small
                       ->CalcTextSizeA(small->FontSize, FLT_MAX, ImGui::GetContentRegionAvail().x,
                                       text.c_str())
                       .y +
                   small->FontSize + 2 * ImGui::GetStyle().ItemSpacing.y;
        };
        const float avail = ImGui::GetContentRegionAvail().y;
        const float picture_min = 5 * (small->FontSize + 2);
        line_text = block_line(v, block, ui.hardware);
        if (avail - height_of(line_text) < picture_min)
            line_text = block_line(v, block, HardwareView{});
        // Still too little room (large type): the line on one line, cut with "…" (all of it on
        // hover).
        one_line = avail - height_of(line_text) < picture_min;
        const float line_h =
            one_line ? small->FontSize + 2 * ImGui::GetStyle().ItemSpacing.y : height_of(line_text);
        draw_sectors_picture("##sectors", info, avail - line_h);
    }
    ImGui::PushFont(fonts().small);
    if (one_line)
        text_line_clipped(palette().text, line_text);
    else
        ImGui::TextWrapped("%s", line_text.c_str());
    ImGui::PopFont();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Nsight Compute counts the same: sectors / requests =\n%s\n/ %s\n(a request is one "
            "warp instruction; a 4-byte load of 32 consecutive lanes needs 4 sectors)",
            kSectorCounter, kRequestCounter);
}

}  // namespace ws::ui
