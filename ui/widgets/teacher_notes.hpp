// What the teacher's own window shows in lecture mode (ui/teacher_window.hpp), never the
// projected one: the slide on show, the question the class is asked with its answer under it,
// its note for the teacher, the next slide's heading, and the keys that move the lecture.
#pragma once
#include <string>
#include <vector>

namespace ws::ui {

struct UiState;

// The window's paragraphs, in order (empty when no lesson is on): "TITLE · slide 2 of 5:
// heading", "The class is asked: ..." and "Answer: ..." (where the slide asks), "Note: ...",
// "Next: heading", the keys.
std::vector<std::string> teacher_notes_lines(const UiState& ui);
// Into the current ImGui window.
void draw_teacher_notes(const UiState& ui);

}  // namespace ws::ui
