// Writing a file so that nobody ever sees half of it: the bytes go to a temporary file beside
// the target (same folder, so the same file system), are flushed to the disk, and only then is
// the temporary renamed over the target. A full disk, an error, an interrupt (SIGINT, SIGTERM:
// see interrupt_cleanup.hpp) or a second writer leaves either the old file, untouched, or one
// whole new file; never a mixture, never a partial file, and no temporary behind.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace ws::io {

class AtomicFile {
  public:
    // Creates the temporary beside `path`; error() says why when it could not.
    explicit AtomicFile(std::string path);
    ~AtomicFile();  // without a successful commit(): the temporary is removed, the target kept
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Appends bytes; false (and error() set) once anything failed. Later writes do nothing.
    bool write(std::string_view bytes);
    // Flushes, syncs and renames over the target. "" on success, else the one line of error().
    std::string commit();
    // "" while all is well; else one line: "cannot write out.wstrace: No space left on device".
    const std::string& error() const { return error_; }
    const std::string& path() const { return path_; }

  private:
    void fail(const std::string& what, int err);
    void discard();

    std::string path_, temporary_;
    int fd_ = -1;
    int slot_ = -1;  // where interrupt_cleanup remembers the temporary
    std::string error_;
};

// The whole of `bytes` as `path`, atomically: "" or one line.
std::string write_file_atomically(const std::string& path, std::string_view bytes);

// Whether `path` can become an output before any work is done: its folder exists and is a
// folder, and the path is not a folder, a FIFO or a device. "" or one line.
std::string check_output_path(const std::string& path);

}  // namespace ws::io
