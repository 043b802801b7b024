// The work folder and its descriptors (work_dir.hpp).
#include "kernels/user/work_dir.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "kernels/io/interrupt_cleanup.hpp"

namespace ws::user {

WorkDir::WorkDir() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/warpscope-kernel-XXXXXX";
    const io::InterruptsHeld held;  // no interrupt between making it and remembering it
    if (::mkdtemp(pattern.data())) {
        path_ = pattern;
        slot_ = io::remember_temporary_folder(path_);
    }
}

WorkDir::~WorkDir() {
    std::error_code ignored;
    if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
    io::forget_temporary(slot_);
}

Descriptor::Descriptor(const std::string& path, int flags)
    : fd_(::open(path.c_str(), flags | O_CLOEXEC, 0600)) {}

Descriptor::~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
}

bool write_new_file(const std::string& path, const std::string& bytes) {
    const Descriptor fd(path, O_WRONLY | O_CREAT | O_EXCL);
    if (fd.get() < 0) return false;
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd.get(), bytes.data() + done, bytes.size() - done);
        if (n <= 0) return false;
        done += std::size_t(n);
    }
    return true;
}

}  // namespace ws::user
