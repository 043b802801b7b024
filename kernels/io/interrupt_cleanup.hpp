// Temporary files that an interrupt must not leave behind. install_interrupt_cleanup() (called
// once by main) makes SIGINT, SIGTERM and SIGHUP first remove every temporary file remembered
// here, then end the program as the signal would have. AtomicFile remembers its temporary while
// it exists; nothing else needs to call these.
#pragma once
#include <string>

namespace ws::io {

void install_interrupt_cleanup();

// Remembers `path` (a file this program created) until forget_temporary; -1 when every place is
// taken (the file is then still removed by its owner, only not on an interrupt).
int remember_temporary(const std::string& path);
void forget_temporary(int slot);

}  // namespace ws::io
