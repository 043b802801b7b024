// Writing a file so that nobody ever sees half of it: the bytes go to a temporary file beside
// the target (same folder, so the same file system), are flushed to the disk, and only then is
// the temporary renamed over the target. A full disk, an error, an interrupt (SIGINT, SIGTERM:
// see interrupt_cleanup.hpp) or a second writer leaves either the old file, untouched, or one
// whole new file; never a mixture, never a partial file, and no temporary behind.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

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
    // As commit, but never over an existing file: the target is linked into place only when
    // nothing is there ("cannot write out.csv: File exists" else).
    std::string commit_new();
    // The first half of commit: the bytes flushed to the disk and the temporary closed, not yet
    // renamed (write_files_together renames several only once every one is on the disk).
    std::string sync();
    // "" while all is well; else one line: "cannot write out.wstrace: No space left on device".
    const std::string& error() const { return error_; }
    const std::string& path() const { return path_; }

  private:
    void fail(const std::string& what, int err);
    void discard();

    std::string path_, temporary_;
    int fd_ = -1;
    int slot_ = -1;  // where interrupt_cleanup remembers the temporary
    bool synced_ = false;
    std::string error_;
};

// The whole of `bytes` as `path`, atomically: "" or one line.
std::string write_file_atomically(const std::string& path, std::string_view bytes);
// The same, refusing to replace a file `path` already names.
std::string write_new_file_atomically(const std::string& path, std::string_view bytes);
// The same, making the folders above `path` first where they are missing (an export's folder).
std::string write_file_atomically_in_folder(const std::string& path, std::string_view bytes);

// Several files replaced as one (a worksheet's page and its answers): every new file is written
// whole beside its target first, so a full disk leaves every old file as it was; only then is
// each renamed over its target, and should a rename fail, the targets already replaced get their
// old files back. Either all are the new files or all the old ones. "" or one line.
struct FileBytes {
    std::string path;
    std::string_view bytes;
};
std::string write_files_together(const std::vector<FileBytes>& files);

// Keeps the bytes of `path` as `copy` whatever their size (a damaged settings file before the
// window overwrites it): a hard link where the file system has them, else a copy; an older
// `copy` is replaced atomically. "" or one line.
std::string keep_copy(const std::string& path, const std::string& copy);

// Whether `path` can become an output before any work is done: its folder exists and is a
// folder, and the path is not a folder, a FIFO or a device. "" or one line.
std::string check_output_path(const std::string& path);

}  // namespace ws::io
