// Reading a file only when it is a regular file, and never more of it than it has: a FIFO, a
// device (/dev/zero), a socket or a folder gets one line instead of a read that blocks forever
// or never ends, and a file too large for the memory at hand gets one line instead of
// std::bad_alloc.
#pragma once
#include <cstdint>
#include <string>

namespace ws::io {

class RegularFile {
  public:
    // Opens `path` without blocking (a FIFO with no writer would block open itself); error()
    // says why when it is not a regular file or cannot be opened.
    explicit RegularFile(const std::string& path);
    ~RegularFile();
    RegularFile(const RegularFile&) = delete;
    RegularFile& operator=(const RegularFile&) = delete;

    const std::string& error() const { return error_; }
    bool ok() const { return error_.empty(); }
    // Its size when opened.
    std::uint64_t size() const { return size_; }
    // Up to `n` bytes from the start (less when the file is shorter).
    std::string read_prefix(std::size_t n);
    // The whole file. Refuses (error() set, "" returned) when it is larger than `max_bytes` or
    // than the memory the machine has free.
    std::string read_all(std::uint64_t max_bytes);

  private:
    void fail(const std::string& line) {
        if (error_.empty()) error_ = line;
    }
    std::string path_;
    int fd_ = -1;
    std::uint64_t size_ = 0;
    std::string error_;
};

// The whole of a small regular file (settings, measurements): "" and `error` set on failure.
std::string read_regular_file(const std::string& path, std::uint64_t max_bytes, std::string& error);

}  // namespace ws::io
