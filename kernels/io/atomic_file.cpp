#include "kernels/io/atomic_file.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

#include "kernels/io/file_kind.hpp"
#include "kernels/io/interrupt_cleanup.hpp"

namespace ws::io {
namespace {

std::string folder_of(const std::string& path) {
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string name_of(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// ".out.wstrace.4711.3.partial": hidden, unique to this process and this write, and with an
// extension no reader of the folder (the lab's *.json) picks up.
std::string temporary_name(const std::string& path) {
    static std::atomic<unsigned> counter{0};
    const std::string folder = folder_of(path);
    return (folder == "." && path.find('/') == std::string::npos ? "" : folder + "/") + "." +
           name_of(path) + "." + std::to_string(getpid()) + "." + std::to_string(counter++) +
           ".partial";
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
    if (std::string why = check_output_path(path_); !why.empty()) {
        error_ = why;
        return;
    }
    // An interrupt between creating the temporary and remembering it would leave it behind:
    // the two happen with the interrupts held back.
    sigset_t interrupts, before;
    sigemptyset(&interrupts);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&interrupts, sig);
    pthread_sigmask(SIG_BLOCK, &interrupts, &before);
    for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
        temporary_ = temporary_name(path_);
        fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd_ < 0 && errno != EEXIST) break;
    }
    const int err = errno;
    if (fd_ >= 0) slot_ = remember_temporary(temporary_);
    pthread_sigmask(SIG_SETMASK, &before, nullptr);
    if (fd_ < 0) {
        temporary_.clear();
        fail("cannot write " + path_, err);
        return;
    }
    // A file replaced keeps its permissions; a new one gets the umask's, as open would give.
    struct stat old {};
    if (::stat(path_.c_str(), &old) == 0) (void)::fchmod(fd_, old.st_mode & 07777);
}

AtomicFile::~AtomicFile() {
    discard();
}

void AtomicFile::fail(const std::string& what, int err) {
    if (error_.empty()) error_ = what + ": " + std::strerror(err);
    discard();
}

void AtomicFile::discard() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (!temporary_.empty()) ::unlink(temporary_.c_str());
    temporary_.clear();
    forget_temporary(slot_);
    slot_ = -1;
}

bool AtomicFile::write(std::string_view bytes) {
    if (fd_ < 0) return false;
    const char* p = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd_, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("cannot write " + path_, errno);
            return false;
        }
        p += n;
        left -= std::size_t(n);
    }
    return true;
}

std::string AtomicFile::sync() {
    if (synced_) return "";
    if (fd_ < 0) return error_.empty() ? "cannot write " + path_ + ": already written" : error_;
    if (::fsync(fd_) != 0 && errno != EINVAL) {
        fail("cannot write " + path_, errno);
        return error_;
    }
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) {
        fail("cannot write " + path_, errno);
        return error_;
    }
    synced_ = true;
    return "";
}

std::string AtomicFile::commit() {
    if (std::string e = sync(); !e.empty()) return e;
    synced_ = false;
    if (::rename(temporary_.c_str(), path_.c_str()) != 0) {
        fail("cannot replace " + path_, errno);
        return error_;
    }
    temporary_.clear();  // it is the target now
    discard();
    return "";
}

std::string AtomicFile::commit_new() {
    if (std::string e = sync(); !e.empty()) return e;
    synced_ = false;
    if (::link(temporary_.c_str(), path_.c_str()) != 0) {
        fail("cannot write " + path_, errno);
        return error_;
    }
    discard();  // the temporary's name goes; the file stays under path_
    return "";
}

std::string write_new_file_atomically(const std::string& path, std::string_view bytes) {
    AtomicFile f(path);
    f.write(bytes);
    return f.error().empty() ? f.commit_new() : f.error();
}

std::string write_file_atomically(const std::string& path, std::string_view bytes) {
    AtomicFile f(path);
    f.write(bytes);
    return f.error().empty() ? f.commit() : f.error();
}

std::string write_file_atomically_in_folder(const std::string& path, std::string_view bytes) {
    std::error_code ec;  // a folder that cannot be made shows as the write's own error
    const auto dir = std::filesystem::path(path).parent_path();
    if (!dir.empty()) std::filesystem::create_directories(dir, ec);
    return write_file_atomically(path, bytes);
}

std::string write_files_together(const std::vector<FileBytes>& files) {
    std::vector<std::unique_ptr<AtomicFile>> out;
    for (const FileBytes& f : files) {
        out.push_back(std::make_unique<AtomicFile>(f.path));
        out.back()->write(f.bytes);
        if (std::string e = out.back()->sync(); !e.empty()) return e;  // every old file kept
    }
    // Every new file is on the disk. The old ones are linked aside until all are replaced, so
    // that a failed rename can put back those replaced before it.
    std::vector<std::string> old(out.size());
    std::vector<bool> existed(out.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        struct stat st {};
        existed[i] = ::lstat(out[i]->path().c_str(), &st) == 0;
        const std::string aside = temporary_name(out[i]->path()) + ".old";
        if (existed[i] && ::link(out[i]->path().c_str(), aside.c_str()) == 0) old[i] = aside;
    }
    std::string error;
    std::size_t replaced = 0;
    for (; replaced < out.size() && error.empty(); ++replaced) error = out[replaced]->commit();
    if (!error.empty()) {
        for (std::size_t i = 0; i + 1 < replaced; ++i) {
            if (!old[i].empty())
                ::rename(old[i].c_str(), out[i]->path().c_str());
            else if (!existed[i])
                ::unlink(out[i]->path().c_str());  // there was none before
        }
    }
    for (const std::string& aside : old)
        if (!aside.empty()) ::unlink(aside.c_str());
    return error;
}

std::string keep_copy(const std::string& path, const std::string& copy) {
    const std::string temporary = temporary_name(copy);
    if (::link(path.c_str(), temporary.c_str()) == 0) {
        if (::rename(temporary.c_str(), copy.c_str()) == 0) return "";
        const int err = errno;
        ::unlink(temporary.c_str());
        return "cannot keep " + path + " as " + copy + ": " + std::strerror(err);
    }
    // No hard links here: a copy, read and written a piece at a time.
    const int in = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (in < 0) return "cannot keep " + path + " as " + copy + ": " + std::strerror(errno);
    AtomicFile out(copy);
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(in, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        if (!out.write(std::string_view(buffer, std::size_t(n)))) break;
    }
    ::close(in);
    return out.error().empty() ? out.commit() : out.error();
}

std::string check_output_path(const std::string& path) {
    if (path.empty()) return "no output file given";
    const std::string folder = folder_of(path);
    struct stat st {};
    if (::stat(folder.c_str(), &st) != 0)
        return "cannot write " + path + ": the folder " + folder + " does not exist";
    if (!S_ISDIR(st.st_mode)) return "cannot write " + path + ": " + folder + " is not a folder";
    if (::access(folder.c_str(), W_OK) != 0)
        return "cannot write " + path + ": the folder " + folder + " is not writable";
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
        return "cannot write " + path + ": it is " + file_kind_name(st.st_mode) +
               ", not a regular file";
    return "";
}

}  // namespace ws::io
