// The files feature's flag: open a saved trace instead of running.
#pragma once
#include <string>

#include "ui/flags/flag_row.hpp"

namespace ws::ui {

struct FilesArgs {
    std::string trace_file;  // open this saved trace instead of running
};

const FlagTable<FilesArgs>& files_flags();

}  // namespace ws::ui
