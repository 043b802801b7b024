// The one loader for every data file the program reads: lessons, hardware-count and measurement
// files, SASS listings, the reference table, puzzles, kernel files, settings (and, through the
// same RegularFile, traces: kernels/trace/trace_file_read.cpp). A data file is read only when it
// is a regular file (a FIFO is never waited on, /dev/zero never read), its size is checked
// against its kind's limit before a byte is read, and a refusal is one line that names the file;
// a folder's listing never opens anything, so a bad entry costs its own line and nothing more.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ws::io {

enum class DataKind {
    Lesson,          // assets/lessons/*.lesson
    HardwareCounts,  // assets/measurements/hardware-counts*.json
    Measurements,    // assets/measurements/*.json, assets/measurements/multi-gpu/*.json
    Sass,            // assets/sass/*.sass
    Reference,       // assets/reference/*.csv
    Puzzle,          // assets/puzzles/*.puzzle
    KernelFile,      // a student's kernel (the editor, run-kernel), assets/kernels/*.cu
    Settings,        // $XDG_CONFIG_HOME/warpscope/settings.json
};

// The most bytes a file of `kind` may have ("lesson", 1 MiB, ...): one table.
std::uint64_t max_bytes(DataKind kind);
const char* kind_name(DataKind kind);

// The whole file, or "" and `error` set to one line naming it ("cannot read PATH: it is a FIFO,
// not a regular file", "... it has 2.0 MiB, more than the 1.0 MiB a lesson can have").
std::string read_data_file(const std::string& path, DataKind kind, std::string& error);

// The paths in `folder` whose names end in `extension` (".lesson") and start with `prefix`, in
// name order; hidden files (a write's temporary) are left out. Only names are read: whatever an
// entry is, read_data_file says so when it is opened. Empty when the folder is missing.
std::vector<std::string> data_files(const std::string& folder, const std::string& extension,
                                    const std::string& prefix = "");

}  // namespace ws::io
