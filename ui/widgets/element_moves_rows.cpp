// Each launch of the run, a line: its reads and writes of the elements as chips.
#include "ui/widgets/element_moves_rows.hpp"

#include <imgui.h>

#include <string>

#include "kernels/catalog.hpp"
#include "ui/fonts.hpp"
#include "ui/model/pictures/element_moves.hpp"
#include "ui/model/trace/step_text.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {
namespace {

// A word on a box of its colour, then the line goes on.
void chip(const char* word, ImU32 colour) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const ImVec2 ts = ImGui::CalcTextSize(word);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 size{ts.x + 2 * st.FramePadding.x, ImGui::GetTextLineHeight()};
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(at, {at.x + size.x, at.y + size.y}, colour, 3.0f);
    dl->AddText({at.x + st.FramePadding.x, at.y}, text_on(colour), word);
    ImGui::Dummy(size);
    ImGui::SameLine(0, st.ItemInnerSpacing.x);
}

}  // namespace

void draw_element_moves(const TraceView& v, float room_below) {
    const VariantInfo* info = v.variant;
    if (!v.trace || !info || !info->element_passes || !writes_array(info->family)) return;
    const trace::Request& r = v.trace->request;
    const ElementMoves m = element_moves(scan_plan(*info, r.n, r.block, r.type, r.kind));
    std::size_t on_elements = 0;
    for (const LaunchMoves& l : m.launches) on_elements += l.level == 0;
    if (on_elements < 2) return;
    const Palette& p = palette();
    ImGui::PushFont(fonts().small);
    const std::string total = "each element over the run's " +
                              plural(m.launches.size(), "launch", "launches") + ": " +
                              plural(m.moves, "move", "moves");
    const float rows_h = float(m.launches.size() + 1) * ImGui::GetTextLineHeightWithSpacing();
    if (ImGui::GetContentRegionAvail().y - rows_h < room_below) {
        // One paragraph: "…: 4 moves (1. scan each tile: read, write; 2. …)".
        std::string text = total + " (";
        for (std::size_t i = 0; i < m.launches.size(); ++i) {
            const LaunchMoves& l = m.launches[i];
            text += (i ? "; " : "") + std::to_string(i + 1) + ". " + l.what + ": " +
                    (l.level               ? "the tile totals"
                     : l.reads && l.writes ? "read, write"
                                           : "read");
        }
        text_wrapped_colored(p.text, text + ")");
        ImGui::PopFont();
        return;
    }
    text_wrapped_colored(p.text, total);
    for (std::size_t i = 0; i < m.launches.size(); ++i) {
        const LaunchMoves& l = m.launches[i];
        const std::string what =
            std::to_string(i + 1) + ". " +
            (l.level == 0 ? l.what
                          : l.what + ", on the " + std::to_string(l.count) + " tile totals");
        ImGui::TextUnformatted(what.c_str());
        ImGui::SameLine();
        if (l.level == 0) {
            if (l.reads) chip("read", p.read);
            if (l.writes) chip("write", p.written);
        } else {
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.text_dim), "(not the elements)");
            ImGui::SameLine();
        }
        if (l.traced)
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.text_dim), "\xe2\x97\x80 traced");
        else
            ImGui::NewLine();
    }
    ImGui::PopFont();
}

}  // namespace ws::ui
