// Your kernel's state for the panels: the student's kernel text, the file it is saved to and run
// from, the last run's one line and the line a compile error names, a puzzle open and its
// grade, the puzzles there are. Written by EditorFeature only: the editor panel posts its text,
// path and hint as they change.
#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace ws::ui {

struct EditorState {
    std::string path = "my-kernel.cu";  // where Run saves the text, and what it runs
    std::string text;                   // the kernel being written
    bool running = false;               // saved and running (Save and run, F5: act::RunKernel)
    bool loaded = false;                // the text holds something (a template, a file, a copy)
    std::string message;                // the last run's one line (an error, a wrong sum), or ""
    bool message_is_error = false;
    long error_line = -1;    // the line of `path` a compile error names
    std::string shown_file;  // the kernel file whose trace is on show ("" : none)
    // A puzzle (assets/puzzles, kernels/user/puzzle.hpp) open in the editor: its file ("" when
    // none), title, statement and hint; Grade runs its checks on the saved text.
    std::string puzzle_file, puzzle_title, puzzle_statement, puzzle_hint;
    bool hint_shown = false;
    bool grading = false;                  // its checks running (Grade: act::GradeKernel)
    std::vector<std::string> grade_lines;  // a line per check, then the verdict
    std::string grade_note;  // under them: user::self_reported_note when a check is marked, or ""
    bool solved = false;
    // The puzzles it can open (assets/puzzles: file and "3. Title"), read once by the editor's
    // feature.
    std::vector<std::pair<std::string, std::string>> puzzles;
};

}  // namespace ws::ui
