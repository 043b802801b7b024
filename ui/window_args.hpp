// The window's command-line flags (app/main.cpp hands over argv when the first argument starts
// with --, or a single warpscope:// link): the union of every owner's part, each declared with
// its rows in one table the owner keeps (ui/flags/flag_row.hpp): the features' in
// ui/features/*/..._flags.hpp, the window's own (the view and look, the pictures written instead
// of a window) in ui/flags. The parser and --help read the rows; every failure is one line naming
// the flag and what it takes.
#pragma once
#include <string>
#include <vector>

#include "ui/features/editor/editor_flags.hpp"
#include "ui/features/files/files_flags.hpp"
#include "ui/features/lab/lab_flags.hpp"
#include "ui/features/lesson/lesson_flags.hpp"
#include "ui/features/race/race_flags.hpp"
#include "ui/features/ring/ring_flags.hpp"
#include "ui/features/runs/runs_flags.hpp"
#include "ui/flags/output_flags.hpp"
#include "ui/flags/view_flags.hpp"

namespace ws::ui {

// Each owner's part is a base: an owner's rows store into its part, and apply reads the whole.
struct WindowArgs : RunsArgs,
                    ViewArgs,
                    RingArgs,
                    LabArgs,
                    LessonArgs,
                    EditorArgs,
                    RaceArgs,
                    FilesArgs,
                    OutputArgs {};

struct ParsedArgs {
    WindowArgs args;
    std::string error;       // empty on success
    bool from_link = false;  // the flags came from a warpscope:// link: its look is for this run
};

// Every owner's rows, in the order a link writes them: the request, the view and look, then the
// features'.
const std::vector<WindowFlag>& window_flags();
const WindowFlag* find_window_flag(const std::string& name);  // "--step"; nullptr: none
// Each owner's finish (flag_row.hpp), in the rows' order: "" or the first one's line.
std::string finish_window_args(WindowArgs& a);
// The flags a link carries of this state, in the rows' order (Session::link_flags fills it).
std::vector<std::string> link_flags_of(const WindowArgs& a);

// A single `warpscope://open?...` argument is read as the flags it carries (state_link.hpp).
ParsedArgs parse_window_args(int argc, const char* const* argv);
std::string window_usage();

}  // namespace ws::ui
