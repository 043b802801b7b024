// What a path is, in words, for the one-line messages about special files.
#pragma once
#include <sys/types.h>

#include <string>

namespace ws::io {

// "a folder", "a FIFO", "a character device", ... from stat's st_mode.
std::string file_kind_name(mode_t mode);

}  // namespace ws::io
