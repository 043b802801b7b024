// What the teacher's own window shows in lecture mode (ui/teacher_window.hpp), never the
// projected one: the slide on show, its note for the teacher, the question the class is asked,
// the next slide's heading and first words, and the keys that move the lecture.
#pragma once
#include <string>
#include <vector>

namespace ws::ui {

struct UiState;

// The window's paragraphs, in order (empty when no lesson is on): "Slide 2 of 5: heading",
// "Note: ...", "Ask: ...", "Next: heading — words", the keys.
std::vector<std::string> teacher_notes_lines(const UiState& ui);
// Into the current ImGui window.
void draw_teacher_notes(const UiState& ui);

}  // namespace ws::ui
