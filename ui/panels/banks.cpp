// Banks panel: for the current step's shared-memory instructions, the 32 banks and the lanes
// that hit them (lines from each lane to its bank; a bank's distinct words stacked), N-way
// conflicts and broadcasts told apart, and our counts beside Nsight Compute's counter names.
#include <imgui.h>

#include <algorithm>
#include <bitset>
#include <cfloat>
#include <cstdio>
#include <string>

#include "ui/fonts.hpp"
#include "ui/model/step_text.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/painter.hpp"

namespace ws::ui {
namespace {

constexpr const char* kLdCounter = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
constexpr const char* kStCounter = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";

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
float counter_table_height(bool split) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float text = fonts().small->FontSize;
    const float row = text + 2 * st.CellPadding.y;
    const float rows = row + 2 * (row + (split ? text : 0.0f));      // header, ld, st
    return rows + 2 * st.ItemSpacing.y + text + st.WindowPadding.y;  // and the whole-run line
}

bool split_names(float width) {
    ImGui::PushFont(fonts().small);
    const float w =
        ImGui::CalcTextSize(kLdCounter).x * 1.1f + ImGui::CalcTextSize(" this step  block 00 ").x;
    ImGui::PopFont();
    return w > width;
}

void counter_table(const TraceView& v, const StepView& s, bool split) {
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
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().text_dim),
                           "whole run, all %u blocks: %llu conflicts (ld + st)", v.trace->grid,
                           static_cast<unsigned long long>(v.trace->totals.bank_conflicts));
    ImGui::PopFont();
}

// The counts in one line (wrapped where narrow) and the counter names in its tooltip, where the
// table would leave the banks too little room.
std::string counter_text(const TraceView& v, const StepView& s) {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "conflicts: ld %llu, st %llu in this step; ld %llu, st %llu in block %u  (ncu?)",
                  static_cast<unsigned long long>(s.smem_ld_conflicts),
                  static_cast<unsigned long long>(s.smem_st_conflicts),
                  static_cast<unsigned long long>(v.ld_conflicts),
                  static_cast<unsigned long long>(v.st_conflicts), v.block ? v.block->block : 0);
    return buf;
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

// With 8- or 16-byte accesses the warp is served in groups of 16 or 8 lanes; show the worst.
void draw_picture(const InstructionInfo& info, float height) {
    const Palette& p = palette();
    Canvas c = begin_canvas("##banks", {0, height});
    const BankPicture& pic = info.picture;
    if (pic.groups.empty()) {
        end_canvas(c);
        return;
    }
    std::size_t worst = 0;
    for (std::size_t i = 0; i < pic.groups.size(); ++i)
        if (pic.groups[i].ways() > pic.groups[worst].ways()) worst = i;
    const BankGroup& g = pic.groups[worst];
    const float col = c.rect.w / 32.0f;
    ImFont* small = fonts().small;
    const float label_h = small->FontSize + 2;
    if (c.rect.h < 4 * label_h) {
        text_centered(c.dl, c.rect, p.text_dim, "(too small to draw the banks)");
        end_canvas(c);
        return;
    }
    // Top to bottom: the lanes, the lines fanning into banks, the bank slots with their words
    // stacked, the bank numbers, a caption.
    RasterPainter paint(c.dl, ImGui::GetID("##banks"), c.rect, p.panel_bg);
    const float lane_h = label_h + 2;
    const Rect lanes{c.rect.x, c.rect.y, c.rect.w, lane_h};
    const float slots_top = lanes.bottom() + std::clamp(c.rect.h * 0.22f, 12.0f, 3 * label_h);
    const bool caption_row = c.rect.h >= 7 * label_h;
    const float slots_bottom = c.rect.bottom() - (caption_row ? 2 : 1) * label_h - 2;
    const float slot_h = slots_bottom - slots_top;
    // Each word a box with its address where the stack fits at a readable height; else the
    // conflicting words as one box that says how many (their addresses in the tooltip).
    const bool stacked = float(g.ways()) * label_h <= slot_h;
    const float box_h =
        stacked ? std::min(slot_h / float(std::max(1u, g.ways())), label_h * 1.5f) : label_h * 1.2f;
    const float lane_w = c.rect.w / float(g.lane_count);

    const bool every_label = small->CalcTextSizeA(small->FontSize, 1e9f, 0, "31").x < lane_w - 2;
    for (std::uint32_t k = 0; k < g.lane_count; ++k) {
        const std::uint32_t lane = g.first_lane + k;
        const Rect r{lanes.x + float(k) * lane_w + 1, lanes.y, lane_w - 2, lane_h};
        const bool on = info.inst.active_mask >> lane & 1u;
        paint.rect(r, on ? p.lane_on : p.lane_off);
    }
    // Labels after all boxes, so that a number wider than its lane is not covered.
    for (std::uint32_t k = 0; k < g.lane_count; ++k) {
        const std::uint32_t lane = g.first_lane + k;
        if (!every_label && lane % 8 != 0) continue;
        const bool on = info.inst.active_mask >> lane & 1u;
        c.dl->AddText(small, small->FontSize,
                      {lanes.x + float(k) * lane_w + 2, lanes.y + (lane_h - small->FontSize) / 2},
                      on ? text_on(p.lane_on) : p.text_dim, std::to_string(lane).c_str());
    }
    const bool every_bank = small->CalcTextSizeA(small->FontSize, 1e9f, 0, "31").x < col;
    for (std::uint32_t b = 0; b < 32; ++b) {
        const auto& words = g.banks[b];
        const bool conflict = words.size() > 1;
        const float x = c.rect.x + float(b) * col;
        paint.rect({x + 1, slots_top, col - 2, slot_h}, p.frame);
        if (conflict && !stacked) {
            const Rect box{x + 1, slots_top, col - 2, std::max(box_h, slot_h * 0.75f)};
            paint.rect(box, p.conflict);
            for (std::uint32_t lane = 0; lane < 32; ++lane)
                for (const BankWord& bw : words)
                    if (bw.lanes >> lane & 1u)
                        paint.line({lanes.x + (float(lane - g.first_lane) + 0.5f) * lane_w,
                                    lanes.bottom()},
                                   {x + col * 0.5f, slots_top}, p.conflict, 2.0f);
            const std::string n = std::to_string(words.size());
            text_centered(c.dl, box, text_on(p.conflict), n + "-way", small, small->FontSize) ||
                text_centered(c.dl, box, text_on(p.conflict), n, small, small->FontSize);
        }
        for (std::size_t w = 0; w < words.size() && (stacked || !conflict); ++w) {
            const int sharing = static_cast<int>(std::bitset<32>(words[w].lanes).count());
            const ImU32 fill = conflict ? p.conflict : sharing > 1 ? p.broadcast : p.single_word;
            const Rect box{x + 1, slots_top + float(w) * box_h, col - 2, box_h - 1};
            paint.rect(box, fill);
            // The word's address where the box has room for it (the tooltip has them all),
            // and how many lanes share it (a broadcast).
            std::string label = std::to_string(words[w].word);
            if (sharing > 1) label += " x" + std::to_string(sharing);
            text_centered(c.dl, box, text_on(fill), label, small, small->FontSize) ||
                text_centered(c.dl, box, text_on(fill), std::to_string(words[w].word), small,
                              small->FontSize);
            for (std::uint32_t lane = 0; lane < 32; ++lane) {
                if (!(words[w].lanes >> lane & 1u)) continue;
                const float lx = lanes.x + (float(lane - g.first_lane) + 0.5f) * lane_w;
                paint.line({lx, lanes.bottom()}, {x + col * 0.5f, slots_top},
                           conflict ? p.conflict : p.text_dim, conflict ? 2.0f : 1.0f);
            }
        }
        if (conflict && stacked) {
            // "N-way" (or "N" where that is too wide) under the stack, or over it when the
            // slot is full.
            const float y =
                std::min(slots_top + float(words.size()) * box_h, slots_bottom - label_h);
            std::string ways = std::to_string(words.size()) + "-way";
            if (small->CalcTextSizeA(small->FontSize, 1e9f, 0, ways.c_str()).x > col)
                ways = std::to_string(words.size());
            const float tw = small->CalcTextSizeA(small->FontSize, 1e9f, 0, ways.c_str()).x;
            c.dl->AddText(
                small, small->FontSize, {x + (col - tw) * 0.5f, y},
                y < slots_top + float(words.size()) * box_h ? text_on(p.conflict) : p.text,
                ways.c_str());
        }
        if (every_bank || b % 4 == 0)
            c.dl->AddText(small, small->FontSize, {x + 1, slots_bottom + 1}, p.text_dim,
                          std::to_string(b).c_str());
        const ImVec2 m = ImGui::GetIO().MousePos;
        if (c.hovered && m.x >= x && m.x < x + col && !words.empty()) {
            std::string tip = "bank " + std::to_string(b) + ": " +
                              plural(words.size(), "distinct word", "distinct words") +
                              (conflict ? " (served one after another)" : "") + "\n";
            for (const BankWord& bw : words)
                tip += "  word " + std::to_string(bw.word) + " (byte " +
                       std::to_string(bw.word * 4) + "): " + lanes_text(bw.lanes) + "\n";
            ImGui::SetTooltip("%s", tip.c_str());
        }
    }
    if (!caption_row) {
        end_canvas(c);
        return;
    }
    std::string caption =
        "bank = word address mod 32; stacked: the distinct words (their addresses) each bank "
        "serves";
    if (pic.groups.size() > 1)
        caption += "; lanes " + std::to_string(g.first_lane) + "-" +
                   std::to_string(g.first_lane + g.lane_count - 1) + ", the worst of " +
                   std::to_string(pic.groups.size()) + " groups served one after another";
    c.dl->AddText(small, small->FontSize, {c.rect.x, c.rect.bottom() - label_h}, p.text_dim,
                  caption.c_str());
    end_canvas(c);
}

}  // namespace

void draw_banks(const TraceView& v, UiState& ui) {
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
        counter_table(v, s, split);
        return;
    }
    if (ui.bank_pick_step != step || ui.bank_pick < 0 ||
        ui.bank_pick >= static_cast<long>(insts.size())) {
        // Show the worst instruction of the step by default.
        long worst = 0;
        for (std::size_t i = 0; i < insts.size(); ++i)
            if (v.instructions[insts[i]].banks.wavefronts >
                v.instructions[insts[std::size_t(worst)]].banks.wavefronts)
                worst = static_cast<long>(i);
        ui.bank_pick = worst;
        ui.bank_pick_step = step;
    }
    const InstructionInfo& info = v.instructions[insts[std::size_t(ui.bank_pick)]];
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##inst", describe(info).c_str())) {
        for (std::size_t i = 0; i < insts.size(); ++i)
            if (ImGui::Selectable(describe(v.instructions[insts[i]]).c_str(),
                                  long(i) == ui.bank_pick))
                ui.bank_pick = static_cast<long>(i);
        ImGui::EndCombo();
    }
    // Where the table would leave the banks too little room, the counts go on one line and
    // the counter names into its tooltip.
    const float avail = ImGui::GetContentRegionAvail().y;
    if (avail - counter_table_height(split) >= 6 * fonts().small->FontSize) {
        draw_picture(info, avail - counter_table_height(split));
        counter_table(v, s, split);
    } else {
        const std::string text = counter_text(v, s);
        draw_picture(info, avail - counter_line_height(text));
        counter_line(text);
    }
}

}  // namespace ws::ui
