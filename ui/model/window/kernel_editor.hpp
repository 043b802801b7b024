// The editor panel's model (issue 19): the line a compile error names, a puzzle opened into the
// editor's state (ui/features/editor/editor_state.hpp), and "open as a copy": a catalog kernel
// turned into a student's file (its header from the variant's rules, its kernel renamed
// `kernel`). Plain data; the editor's feature runs the file (kernels/user/user_run.hpp) off the
// UI thread and shows its trace.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kernels/catalog.hpp"
#include "ui/features/editor/editor_state.hpp"
#include "ui/model/window/request_form.hpp"

namespace ws::ui {

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

// The editor's text from the kernel file `path` (a template, the file the editor saves to), or
// why not in its message.
void load_kernel_file(EditorState& e, const std::string& path);
// The editor's text as a copy of the catalog kernel `algo` (the controls' algorithm), or why
// not in its message.
void copy_catalog_kernel(EditorState& e, const std::string& algo);

}  // namespace ws::ui
