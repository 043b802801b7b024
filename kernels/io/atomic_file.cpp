#include "kernels/io/atomic_file.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

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

std::string AtomicFile::commit() {
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
    if (::rename(temporary_.c_str(), path_.c_str()) != 0) {
        fail("cannot replace " + path_, errno);
        return error_;
    }
    temporary_.clear();  // it is the target now
    discard();
    return "";
}

std::string write_file_atomically(const std::string& path, std::string_view bytes) {
    AtomicFile f(path);
    f.write(bytes);
    return f.error().empty() ? f.commit() : f.error();
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
