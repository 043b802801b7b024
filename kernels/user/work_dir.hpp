// The private work folder of one run-kernel run (issue 33) and the descriptors the parent opens
// in it for a child: the folder is mode 0700 under $TMPDIR or /tmp, and removed when the run
// ends, whichever way it ends (an interrupt too: kernels/io/interrupt_cleanup.hpp).
#pragma once
#include <string>

namespace ws::user {

class WorkDir {
  public:
    WorkDir();
    ~WorkDir();
    WorkDir(const WorkDir&) = delete;
    WorkDir& operator=(const WorkDir&) = delete;
    // "" when the folder could not be made.
    const std::string& path() const { return path_; }
    std::string file(const char* name) const { return path_ + "/" + name; }

  private:
    std::string path_;
    int slot_ = -1;
};

// A descriptor the parent opens for a child (close-on-exec: the child gets its own copy as 3, 4,
// ... from spawn.hpp), closed when it goes; -1 when it could not be opened.
class Descriptor {
  public:
    Descriptor(const std::string& path, int flags);
    ~Descriptor();
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    int get() const { return fd_; }

  private:
    int fd_;
};

// A new file (it must not exist) with `bytes`; false when it could not be written whole.
bool write_new_file(const std::string& path, const std::string& bytes);

}  // namespace ws::user
