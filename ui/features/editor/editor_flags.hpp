// The editor feature's flags: a student's kernel file, a puzzle, and grading at once.
#pragma once
#include <string>

#include "ui/flags/flag_row.hpp"

namespace ws::ui {

struct EditorArgs {
    std::string kernel_file;  // open this kernel file in the editor and run it (run-kernel)
    std::string puzzle;       // open this puzzle in the editor (its name or number)
    bool grade = false;       // with --puzzle: grade the editor's kernel at once
};

const FlagTable<EditorArgs>& editor_flags();

}  // namespace ws::ui
