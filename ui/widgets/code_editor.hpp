// A kernel's text being edited: ImGui's multi-line input in the monospace font, with a gutter
// of line numbers beside it that marks the lines the current step ran (as the Code panel
// highlights them) and the line a compile error names.
#pragma once
#include <imgui.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ws::ui {

struct EditorMarks {
    std::vector<std::uint16_t> step_lines;  // lines the current step ran (sorted)
    long error_line = -1;                   // a compile error's line, or -1
    long show_line = -1;  // scroll this line into view this frame (a new step, an error), or -1
};

// Returns true when the text changed this frame.
bool draw_code_editor(const char* id, std::string& text, const EditorMarks& marks, ImVec2 size);

}  // namespace ws::ui
