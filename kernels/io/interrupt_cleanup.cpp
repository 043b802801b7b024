#include "kernels/io/interrupt_cleanup.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <climits>
#include <cstring>

namespace ws::io {
namespace {

// Plain memory the signal handler can read without locks or allocation.
constexpr int kSlots = 32;
enum SlotState : int { kFree = 0, kFilling = 1, kArmed = 2 };
enum SlotKind : int { kFile = 0, kFolder = 1 };
struct Slot {
    std::atomic<int> state{kFree};
    int kind = kFile;
    char path[PATH_MAX];
};
Slot g_slots[kSlots];
std::atomic<int> g_children[kSlots];

// Removes the entries of the folder open as `fd` (folders among them one level down), with
// system calls only.
void remove_entries(int fd, int depth) {
#if defined(__EMSCRIPTEN__)
    // The web page: no signals end it, and its files are in memory; never called.
    (void)fd, (void)depth;
#else
    alignas(8) char buf[4096];
    for (;;) {
        const long n = syscall(SYS_getdents64, fd, buf, sizeof buf);
        if (n <= 0) return;
        for (long at = 0; at < n;) {
            const auto* name = buf + at + 19;  // struct linux_dirent64: d_name after 19 bytes
            const unsigned short length = *reinterpret_cast<unsigned short*>(buf + at + 16);
            const unsigned char type = static_cast<unsigned char>(buf[at + 18]);
            at += length;
            if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
            if (type == DT_DIR && depth < 2) {
                const int sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (sub >= 0) {
                    remove_entries(sub, depth + 1);
                    close(sub);
                }
                unlinkat(fd, name, AT_REMOVEDIR);
            } else {
                unlinkat(fd, name, 0);
            }
        }
    }
#endif
}

void remove_folder(const char* path) {
    const int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return;
    remove_entries(fd, 0);
    close(fd);
    rmdir(path);
}

extern "C" void remove_temporaries_and_end(int sig) {
    for (std::atomic<int>& child : g_children)
        if (const int pid = child.load(); pid > 0) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            waitpid(pid, nullptr, 0);
        }
    for (Slot& s : g_slots) {
        if (s.state.load() != kArmed) continue;
        if (s.kind == kFolder)
            remove_folder(s.path);  // async-signal-safe: system calls only
        else
            unlink(s.path);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

int remember(const std::string& path, int kind) {
    if (path.size() >= PATH_MAX) return -1;
    for (int i = 0; i < kSlots; ++i) {
        int expected = kFree;
        if (!g_slots[i].state.compare_exchange_strong(expected, kFilling)) continue;
        g_slots[i].kind = kind;
        std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
        g_slots[i].state.store(kArmed);
        return i;
    }
    return -1;
}

}  // namespace

void install_interrupt_cleanup() {
    struct sigaction action {};
    action.sa_handler = remove_temporaries_and_end;
    sigemptyset(&action.sa_mask);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
        struct sigaction old {};
        // A signal the parent ignores (nohup, a background job) stays ignored.
        if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(sig, &action, nullptr);
    }
}

int remember_temporary(const std::string& path) {
    return remember(path, kFile);
}

int remember_temporary_folder(const std::string& path) {
    return remember(path, kFolder);
}

void forget_temporary(int slot) {
    if (slot >= 0 && slot < kSlots) g_slots[slot].state.store(kFree);
}

void remember_child(int pid) {
    for (std::atomic<int>& child : g_children) {
        int expected = 0;
        if (child.compare_exchange_strong(expected, pid)) return;
    }
}

void forget_child(int pid) {
    for (std::atomic<int>& child : g_children) {
        int expected = pid;
        if (child.compare_exchange_strong(expected, 0)) return;
    }
}

InterruptsHeld::InterruptsHeld() {
    static_assert(sizeof saved_ >= sizeof(sigset_t), "room for a sigset_t");
    sigset_t held;
    sigemptyset(&held);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&held, sig);
    pthread_sigmask(SIG_BLOCK, &held, reinterpret_cast<sigset_t*>(saved_));
}

InterruptsHeld::~InterruptsHeld() {
    pthread_sigmask(SIG_SETMASK, reinterpret_cast<sigset_t*>(saved_), nullptr);
}

}  // namespace ws::io
