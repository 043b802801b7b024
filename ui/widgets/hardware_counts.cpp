#include "ui/widgets/hardware_counts.hpp"

#include <imgui.h>

#include <string>

#include "ui/fonts.hpp"
#include "ui/model/trace/hardware_view.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {

std::string hardware_counts_text(const HardwareView& hw, const std::vector<const char*>& metrics,
                                 bool& agree) {
    agree = true;
    std::string text;
    for (const char* metric : metrics) {
        const HardwareLine* l = hw.find(metric);
        if (!l) continue;  // not counted (a count of 0 is shown: none is what a class checks)
        text += (text.empty() ? hw.source + ": " : ", ") + std::string(l->metric->brief) + " " +
                std::to_string(static_cast<long long>(l->counted)) +
                (l->agree() ? " \xe2\x9c\x93" : " \xe2\x89\xa0 " + std::to_string(l->ours));
        agree = agree && l->agree();
    }
    return text;
}

void draw_hardware_counts(const HardwareView& hw, const std::vector<const char*>& metrics) {
    const Palette& p = palette();
    ImGui::PushFont(fonts().small);
    bool agree = true;
    std::string text = hardware_counts_text(hw, metrics, agree);
    if (!text.empty()) {
        // A count the trace does not match is said in words, not by its colour alone: the same
        // request ran, so the GPU's compiled code issued another number than the source's lines.
        if (!agree) text += " (\xe2\x89\xa0: the compiled code, not the source; see SASS)";
        text_wrapped_colored(agree ? p.agree : p.disagree, text);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "%s (CUPTI, the whole launch of this one block); after a number, "
                "\xe2\x9c\x93: the trace counts the same, \xe2\x89\xa0 N: the "
                "trace counts N",
                hw.source.c_str());
    } else if (!hw.why_none.empty()) {
        text_line_clipped(p.text_dim, hw.why_none);
    }
    ImGui::PopFont();
}

}  // namespace ws::ui
