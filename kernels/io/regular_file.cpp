#include "kernels/io/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <new>

#include "kernels/io/file_kind.hpp"
#include "kernels/io/memory.hpp"

namespace ws::io {

RegularFile::RegularFile(const std::string& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd_ < 0) {
        error_ = "cannot open " + path + ": " + std::strerror(errno);
        return;
    }
    struct stat st {};
    if (::fstat(fd_, &st) != 0) {
        error_ = "cannot open " + path + ": " + std::strerror(errno);
        return;
    }
    if (!S_ISREG(st.st_mode)) {
        error_ = "cannot read " + path + ": it is " + file_kind_name(st.st_mode) +
                 ", not a regular file";
        return;
    }
    size_ = std::uint64_t(st.st_size);
    // Regular files never block; clear O_NONBLOCK anyway so reads behave plainly.
    ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_NONBLOCK);
}

RegularFile::~RegularFile() {
    if (fd_ >= 0) ::close(fd_);
}

std::string RegularFile::read_prefix(std::size_t n) {
    std::string out;
    if (!ok()) return out;
    out.resize(std::size_t(std::min<std::uint64_t>(n, size_)));
    std::size_t got = 0;
    while (got < out.size()) {
        const ssize_t r = ::pread(fd_, out.data() + got, out.size() - got, off_t(got));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) {
            fail("cannot read " + path_ + ": " + std::strerror(errno));
            return {};
        }
        if (r == 0) break;  // shrank since it was opened
        got += std::size_t(r);
    }
    out.resize(got);
    return out;
}

std::string RegularFile::read_all(std::uint64_t max_bytes) {
    if (!ok()) return {};
    if (size_ > max_bytes) {
        fail("cannot read " + path_ + ": it has " + bytes_text(size_) + ", more than the " +
             bytes_text(max_bytes) + " such a file can have");
        return {};
    }
    if (const std::uint64_t free = available_memory(); free && size_ > free) {
        fail("cannot read " + path_ + ": it has " + bytes_text(size_) + " and only " +
             bytes_text(free) + " of memory is free");
        return {};
    }
    try {
        return read_prefix(std::size_t(size_));
    } catch (const std::bad_alloc&) {
        fail("cannot read " + path_ + ": not enough memory for its " + bytes_text(size_));
        return {};
    }
}

std::string read_regular_file(const std::string& path, std::uint64_t max_bytes,
                              std::string& error) {
    RegularFile f(path);
    std::string bytes = f.read_all(max_bytes);
    error = f.error();
    return bytes;
}

}  // namespace ws::io
