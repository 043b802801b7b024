// The editor feature's rows. No link carries them: a link never opens a file.
#include "ui/features/editor/editor_flags.hpp"

#include "ui/flags/flag_values.hpp"

namespace ws::ui {
namespace {

std::vector<FlagRow<EditorArgs>> rows() {
    return {
        text_row("--kernel",
                 "open your own kernel file (run-kernel's) in the editor and run it with the "
                 "request's n, block, type and data",
                 &EditorArgs::kernel_file),
        text_row("--puzzle",
                 "open a puzzle of assets/puzzles (its name or number) in the editor: its start "
                 "kernel, statement and request",
                 &EditorArgs::puzzle),
        switch_row("--grade",
                   "with --puzzle: grade the editor's kernel (--kernel FILE, else the start) at "
                   "once",
                   &EditorArgs::grade),
    };
}

std::string finish(EditorArgs& e, const WindowArgs&) {
    return e.grade && e.puzzle.empty() ? "--grade grades against a --puzzle: name one" : "";
}

}  // namespace

const FlagTable<EditorArgs>& editor_flags() {
    static const FlagTable<EditorArgs> table{"Your kernel and the puzzles", rows(), finish};
    return table;
}

}  // namespace ws::ui
