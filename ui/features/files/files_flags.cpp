// The files feature's row. No link carries it: a link never opens a file.
#include "ui/features/files/files_flags.hpp"

#include "ui/flags/flag_values.hpp"

namespace ws::ui {

const FlagTable<FilesArgs>& files_flags() {
    static const FlagTable<FilesArgs> table{
        "Trace files",
        {text_row("--trace", "open a saved trace instead of running", &FilesArgs::trace_file)},
        nullptr};
    return table;
}

}  // namespace ws::ui
