// The editor: the input widget, then the gutter drawn beside it at the input's own scroll.
#include "ui/widgets/code_editor.hpp"

#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <string>

#include "ui/fonts.hpp"
#include "ui/geometry/label_log.hpp"
#include "ui/theme.hpp"

namespace ws::ui {

bool draw_code_editor(const char* id, std::string& text, const EditorMarks& marks, ImVec2 size) {
    const Palette& p = palette();
    ImGui::PushFont(fonts().mono);
    const ImGuiStyle& style = ImGui::GetStyle();
    const float line_h = ImGui::GetTextLineHeight();
    const long lines = long(std::count(text.begin(), text.end(), '\n')) + 1;
    const float gutter = ImGui::CalcTextSize("00000").x + style.ItemSpacing.x;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    if (size.x <= 0) size.x = avail.x;
    // At least a dozen lines: in a small panel (a projector, large text) the panel scrolls to
    // them rather than the editor shrinking to nothing.
    if (size.y <= 0) size.y = std::max(avail.y, 12 * line_h + 2 * style.FramePadding.y);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::SetCursorScreenPos({origin.x + gutter, origin.y});
    const bool changed = ImGui::InputTextMultiline(id, &text, {size.x - gutter, size.y},
                                                   ImGuiInputTextFlags_AllowTabInput);
    // The input scrolls in a child window of its own, the last one begun in this window (its
    // lines past the edge are scrolled to, not cut: the label check knows).
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    ImGuiWindow* input = window->DC.ChildWindows.empty() ? nullptr : window->DC.ChildWindows.back();
    label_log().add_scroll_area({origin.x + gutter, origin.y, size.x - gutter, size.y});
    float scroll = input ? input->Scroll.y : 0.0f;
    if (input && marks.show_line > 0) {
        // The line a third of the way down, unless it is already in view.
        const float y = float(marks.show_line - 1) * line_h;
        if (y < scroll || y + line_h > scroll + size.y - 2 * style.FramePadding.y) {
            scroll = std::max(0.0f, y - size.y / 3);
            ImGui::SetScrollY(input, scroll);
        }
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 clip_min = origin, clip_max = {origin.x + gutter, origin.y + size.y};
    dl->PushClipRect(clip_min, clip_max, true);
    const float top = origin.y + style.FramePadding.y - scroll;
    const long first = std::max(1L, long((origin.y - top) / line_h));
    for (long line = first; line <= lines; ++line) {
        const float y = top + float(line - 1) * line_h;
        if (y > clip_max.y) break;
        const bool ran = std::binary_search(marks.step_lines.begin(), marks.step_lines.end(),
                                            std::uint16_t(line));
        const bool error = line == marks.error_line;
        if (ran || error)
            dl->AddRectFilled({origin.x, y}, {origin.x + gutter - 2, y + line_h},
                              error ? p.disagree : p.current_fill);
        const std::string number = std::to_string(line);
        const float w = ImGui::CalcTextSize(number.c_str()).x;
        dl->AddText({origin.x + gutter - style.ItemSpacing.x - w, y},
                    error ? text_on(p.disagree) : (ran ? p.text : p.text_dim), number.c_str());
    }
    dl->PopClipRect();
    ImGui::PopFont();
    return changed;
}

}  // namespace ws::ui
