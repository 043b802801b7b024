// The editor panel's model (issue 19): the student's kernel text, the file it is saved to and
// run from, the last run's one line and the line a compile error names; a template to start
// from; and "open as a copy": a catalog kernel turned into a student's file (its header from the
// variant's rules, its kernel renamed `kernel`). Plain data; the session runs the file
// (kernels/user/user_run.hpp) off the UI thread and shows its trace.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kernels/catalog.hpp"
#include "ui/model/window/request_form.hpp"

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
    bool solved = false;
    // What the editor last scrolled to: the step whose lines it showed, the error line.
    std::size_t followed_step = static_cast<std::size_t>(-1);
    long followed_error = -1;
    // The puzzles it can open (assets/puzzles: file and "3. Title"), read once by the editor's
    // feature.
    std::vector<std::pair<std::string, std::string>> puzzles;
};

// The line number in "compile error at FILE:12: ..." when FILE is `file` (its name or path);
// -1 otherwise.
long compile_error_line(const std::string& message, const std::string& file);

// Opens the puzzle `file` in the editor: its statement and hint, its start kernel as the text,
// saved (by Run or Grade) as NAME.cu in the working folder (the start file stays as it is), and
// its first request as `form`'s n, block and data. "" or the one-line error.
std::string open_puzzle(EditorState& e, const std::string& file, RequestForm& form);

// A catalog kernel as a student's file, or nullopt and `why` (one line) for a variant that is
// not one kernel a run-kernel file can hold (a scan, a kernel per block size, several launches).
std::optional<std::string> copy_of_variant(const VariantInfo& v, const std::string& source,
                                           std::string& why);

}  // namespace ws::ui
