// Temporary files that an interrupt must not leave behind. install_interrupt_cleanup() (called
// once by main) makes SIGINT, SIGTERM and SIGHUP first kill every child remembered here, remove
// every temporary file and folder remembered here, then end the program as the signal would
// have. AtomicFile remembers its temporary while it exists, run-kernel its child and its work
// folder (kernels/user); nothing else needs to call these.
#pragma once
#include <string>

namespace ws::io {

void install_interrupt_cleanup();

// Remembers `path` (a file this program created) until forget_temporary; -1 when every place is
// taken (the file is then still removed by its owner, only not on an interrupt).
int remember_temporary(const std::string& path);
void forget_temporary(int slot);

// A folder of files (and folders of files) this program made: removed on an interrupt, after the
// children are killed.
int remember_temporary_folder(const std::string& path);
// A child process (and its process group) to kill on an interrupt, until forgotten (by its pid).
// Call with the interrupting signals blocked (InterruptsHeld) from before fork, so that no
// interrupt falls between the child's start and this.
void remember_child(int pid);
void forget_child(int pid);

// Holds SIGINT, SIGTERM and SIGHUP back in this thread while it lives (they are delivered when
// it goes).
class InterruptsHeld {
  public:
    InterruptsHeld();
    ~InterruptsHeld();
    InterruptsHeld(const InterruptsHeld&) = delete;
    InterruptsHeld& operator=(const InterruptsHeld&) = delete;

  private:
    unsigned long long saved_[16];  // the thread's mask before (a sigset_t)
};

}  // namespace ws::io
