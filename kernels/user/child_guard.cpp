// The child's system-call filter and its handlers for fatal signals and exceptions
// (child_guard.hpp). Linux only.
#include "kernels/user/child_guard.hpp"

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <vector>

#include "kernels/sim/emulator.hpp"
#include "kernels/user/child_protocol.hpp"

namespace ws::user {
namespace {

#if defined(__x86_64__)
constexpr unsigned kArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr unsigned kArch = AUDIT_ARCH_AARCH64;
#else
#error "the system-call filter knows x86-64 and AArch64 only"
#endif

struct Entry {
    long number;
    ForbiddenCall call;
};
#define WS_FORBID(name, what) {SYS_##name, {#name, what}},
const std::vector<Entry>& forbidden_table() {
    static const std::vector<Entry> table =
    { WS_FORBID(socket, "reach the network") WS_FORBID(socketpair, "reach the network") WS_FORBID(
        connect, "reach the network") WS_FORBID(bind,
                                                "reach the network") WS_FORBID(listen,
                                                                               "reach the network")
          WS_FORBID(accept, "reach the network") WS_FORBID(accept4, "reach the network") WS_FORBID(
              sendto,
              "reach the network") WS_FORBID(sendmsg,
                                             "reach the network") WS_FORBID(sendmmsg,
                                                                            "reach the network")
              WS_FORBID(execve, "start a process") WS_FORBID(execveat, "start a process") WS_FORBID(
                  clone, "start a process") WS_FORBID(ptrace, "reach into another process")
                  WS_FORBID(process_vm_writev, "reach into another process") WS_FORBID(
                      process_vm_readv, "reach into another process") WS_FORBID(openat2,
                                                                                "write files")
                      WS_FORBID(unlinkat, "write files") WS_FORBID(renameat, "write files") WS_FORBID(
                          renameat2, "write files") WS_FORBID(mkdirat, "write files")
                          WS_FORBID(linkat, "write files") WS_FORBID(symlinkat, "write files") WS_FORBID(
                              fchmod,
                              "write files") WS_FORBID(fchmodat, "write files")
                              WS_FORBID(fchown, "write files") WS_FORBID(fchownat, "write files") WS_FORBID(
                                  truncate,
                                  "write files") WS_FORBID(ftruncate, "write files")
                                  WS_FORBID(utimensat,
                                            "write files") WS_FORBID(mknodat, "write files")
                                      WS_FORBID(setxattr, "write files") WS_FORBID(
                                          lsetxattr,
                                          "write files") WS_FORBID(fsetxattr, "write files")
                                          WS_FORBID(
                                              removexattr,
                                              "write files") WS_FORBID(lremovexattr, "write files")
                                              WS_FORBID(fremovexattr, "write files") WS_FORBID(
                                                  name_to_handle_at,
                                                  "write files") WS_FORBID(open_by_handle_at,
                                                                           "write files") WS_FORBID(io_uring_setup,
                                                                                                    "write files")
                                                  WS_FORBID(io_uring_enter, "write files") WS_FORBID(
                                                      io_uring_register,
                                                      "write files") WS_FORBID(mount, "write files")
                                                      WS_FORBID(umount2, "write files") WS_FORBID(
                                                          pivot_root,
                                                          "write files") WS_FORBID(chroot,
                                                                                   "writing "
                                                                                   "files")
                                                          WS_FORBID(rt_sigqueueinfo,
                                                                    "signal another process")
                                                              WS_FORBID(rt_tgsigqueueinfo,
                                                                        "signal another process")
                                                                  WS_FORBID(
                                                                      pidfd_send_signal,
                                                                      "signal another "
                                                                      "process") WS_FORBID(setrlimit,
                                                                                           "r"
                                                                                           "a"
                                                                                           "i"
                                                                                           "s"
                                                                                           "e"
                                                                                           " "
                                                                                           "i"
                                                                                           "t"
                                                                                           "s"
                                                                                           " "
                                                                                           "o"
                                                                                           "w"
                                                                                           "n"
                                                                                           " "
                                                                                           "l"
                                                                                           "i"
                                                                                           "m"
                                                                                           "i"
                                                                                           "t"
                                                                                           "s") WS_FORBID(prlimit64,
                                                                                                          "raise its own limits")
                                                                      WS_FORBID(bpf,
                                                                                "t"
                                                                                "h"
                                                                                "e"
                                                                                " "
                                                                                "k"
                                                                                "e"
                                                                                "r"
                                                                                "n"
                                                                                "e"
                                                                                "l"
                                                                                "'"
                                                                                "s"
                                                                                " "
                                                                                "o"
                                                                                "w"
                                                                                "n"
                                                                                " "
                                                                                "m"
                                                                                "a"
                                                                                "c"
                                                                                "h"
                                                                                "i"
                                                                                "n"
                                                                                "e"
                                                                                "r"
                                                                                "y") WS_FORBID(perf_event_open,
                                                                                               "use"
                                                                                               " th"
                                                                                               "e "
                                                                                               "ope"
                                                                                               "rat"
                                                                                               "ing"
                                                                                               " sy"
                                                                                               "ste"
                                                                                               "m'"
                                                                                               "s "
                                                                                               "own"
                                                                                               " ma"
                                                                                               "chi"
                                                                                               "ner"
                                                                                               "y") WS_FORBID(keyctl,
                                                                                                              "use the operating system's own machinery")
#if defined(SYS_clone3)
                                                                          WS_FORBID(
                                                                              clone3,
                                                                              "start a "
                                                                              "process")
#endif
#if defined(SYS_fork)
                                                                              WS_FORBID(
                                                                                  fork,
                                                                                  "start a "
                                                                                  "process") WS_FORBID(vfork,
                                                                                                       "start a "
                                                                                                       "process") WS_FORBID(creat,
                                                                                                                            "write files")
                                                                                  WS_FORBID(
                                                                                      unlink,
                                                                                      "wr"
                                                                                      "it"
                                                                                      "e "
                                                                                      "fi"
                                                                                      "le"
                                                                                      "s") WS_FORBID(rename,
                                                                                                     "writing "
                                                                                                     "files")
                                                                                      WS_FORBID(
                                                                                          mkdir,
                                                                                          "writ"
                                                                                          "e "
                                                                                          "file"
                                                                                          "s") WS_FORBID(rmdir,
                                                                                                         "writing "
                                                                                                         "files")
                                                                                          WS_FORBID(
                                                                                              link,
                                                                                              "writ"
                                                                                              "e "
                                                                                              "file"
                                                                                              "s")
                                                                                              WS_FORBID(
                                                                                                  symlink,
                                                                                                  "wr"
                                                                                                  "it"
                                                                                                  "in"
                                                                                                  "g "
                                                                                                  "fi"
                                                                                                  "le"
                                                                                                  "s") WS_FORBID(chmod,
                                                                                                                 "write files")
                                                                                                  WS_FORBID(
                                                                                                      chown,
                                                                                                      "writ"
                                                                                                      "ing "
                                                                                                      "file"
                                                                                                      "s") WS_FORBID(lchown,
                                                                                                                     "write files")
                                                                                                      WS_FORBID(
                                                                                                          utime,
                                                                                                          "write files")
                                                                                                          WS_FORBID(
                                                                                                              utimes,
                                                                                                              "write files")
                                                                                                              WS_FORBID(
                                                                                                                  futimesat,
                                                                                                                  "write files")
                                                                                                                  WS_FORBID(
                                                                                                                      mknod,
                                                                                                                      "write files")
#endif
    };
    return table;
}
#undef WS_FORBID

// Calls allowed only with some arguments: opening read-only, signals to itself.
constexpr ForbiddenCall kOpenForWriting = {"open for writing", "write files"};
constexpr ForbiddenCall kSignalOther = {"kill", "signal another process"};

constexpr unsigned kWriteFlags = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND;

int g_outcome_fd = -1;

// ---- async-signal-safe writing ----------------------------------------------------------------
void put(char*& p, const char* s) {
    while (*s) *p++ = *s++;
}
void put_number(char*& p, unsigned long long v, unsigned base) {
    char digits[24];
    int n = 0;
    do {
        digits[n++] = "0123456789abcdef"[v % base];
        v /= base;
    } while (v);
    while (n) *p++ = digits[--n];
}

void on_fatal_signal(int sig, siginfo_t* info, void*) {
    char line[160];
    char* p = line;
    put(p, kSignalWord);
    put(p, " ");
    put_number(p, unsigned(sig), 10);
    const bool inside = sim::inside_kernel();
    put(p, inside ? " 1 " : " 0 ");
    put_number(p, sim::current_block_linear(), 10);
    put(p, " ");
    put_number(p, sim::current_thread_linear(), 10);
    put(p, " ");
    put_number(p, reinterpret_cast<unsigned long long>(info ? info->si_addr : nullptr), 16);
    put(p, " ");
    if (sig == SIGSYS && info)
        put_number(p, unsigned(info->si_syscall), 10);
    else
        put(p, "-1");
    put(p, "\n");
    if (g_outcome_fd >= 0) (void)!::write(g_outcome_fd, line, std::size_t(p - line));
    // End as the signal would have (no core file: RLIMIT_CORE is 0): unblocked, as it is
    // blocked while its handler runs.
    ::signal(sig, SIG_DFL);
    sigset_t just;
    sigemptyset(&just);
    sigaddset(&just, sig);
    ::sigprocmask(SIG_UNBLOCK, &just, nullptr);
    ::raise(sig);
    ::_exit(128 + sig);
}

void write_outcome(const std::string& line) {
    if (g_outcome_fd >= 0) (void)!::write(g_outcome_fd, line.data(), line.size());
}

[[noreturn]] void on_terminate() {
    int code = kChildThrew;
    std::string line = "threw an exception\n";
    if (std::exception_ptr e = std::current_exception()) {
        try {
            std::rethrow_exception(e);
        } catch (const std::bad_alloc&) {
            code = kChildOutOfMemory;
            line = "memory\n";
        } catch (const std::exception& x) {
            line = std::string("threw ") + x.what() + "\n";
        } catch (...) {
        }
    }
    write_outcome(line);
    ::_exit(code);
}

}  // namespace

const ForbiddenCall* forbidden_call(long number) {
    for (const Entry& e : forbidden_table())
        if (e.number == number) return &e.call;
#if defined(SYS_open)
    if (number == SYS_open) return &kOpenForWriting;
#endif
    if (number == SYS_openat) return &kOpenForWriting;
    if (number == SYS_kill || number == SYS_tkill || number == SYS_tgkill) return &kSignalOther;
    return nullptr;
}

void install_child_handlers(int outcome_fd) {
    g_outcome_fd = outcome_fd;
    static std::vector<char> alt(256 * 1024);
    stack_t ss{};
    ss.ss_sp = alt.data();
    ss.ss_size = alt.size();
    ::sigaltstack(&ss, nullptr);
    struct sigaction sa {};
    sa.sa_sigaction = on_fatal_signal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGSYS, SIGXCPU, SIGXFSZ, SIGABRT})
        ::sigaction(sig, &sa, nullptr);
    std::set_terminate(on_terminate);
}

std::string install_syscall_filter() {
    std::vector<sock_filter> f;
    auto stmt = [&](unsigned short code, unsigned k) { f.push_back(BPF_STMT(code, k)); };
    auto jump = [&](unsigned short code, unsigned k, unsigned char t, unsigned char e) {
        f.push_back(BPF_JUMP(code, k, t, e));
    };
    constexpr unsigned kNr = offsetof(seccomp_data, nr);
    constexpr unsigned kArchAt = offsetof(seccomp_data, arch);
    auto arg_low = [](int i) { return unsigned(offsetof(seccomp_data, args) + 8 * i); };
    const unsigned trap = SECCOMP_RET_TRAP, allow = SECCOMP_RET_ALLOW;

    stmt(BPF_LD | BPF_W | BPF_ABS, kArchAt);
    jump(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0);
    stmt(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
#if defined(__x86_64__)
    stmt(BPF_LD | BPF_W | BPF_ABS, kNr);  // the x32 calls: none of ours
    jump(BPF_JMP | BPF_JSET | BPF_K, 0x40000000u, 0, 1);
    stmt(BPF_RET | BPF_K, trap);
#endif
    for (const Entry& e : forbidden_table()) {
        stmt(BPF_LD | BPF_W | BPF_ABS, kNr);
        jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(e.number), 0, 1);
        stmt(BPF_RET | BPF_K, trap);
    }
    // open and openat: only without a flag that writes.
    std::vector<std::pair<long, int>> opens = {{SYS_openat, 2}};
#if defined(SYS_open)
    opens.push_back({SYS_open, 1});
#endif
    for (auto [number, flags_arg] : opens) {
        stmt(BPF_LD | BPF_W | BPF_ABS, kNr);
        jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(number), 0, 3);
        stmt(BPF_LD | BPF_W | BPF_ABS, arg_low(flags_arg));
        jump(BPF_JMP | BPF_JSET | BPF_K, kWriteFlags, 0, 1);
        stmt(BPF_RET | BPF_K, trap);
    }
    // Signals: only to itself (abort and raise use tgkill on their own process).
    const unsigned self = unsigned(::getpid());
    for (long number : {long(SYS_kill), long(SYS_tkill), long(SYS_tgkill)}) {
        stmt(BPF_LD | BPF_W | BPF_ABS, kNr);
        jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(number), 0, 3);
        stmt(BPF_LD | BPF_W | BPF_ABS, arg_low(0));
        jump(BPF_JMP | BPF_JEQ | BPF_K, self, 1, 0);
        stmt(BPF_RET | BPF_K, trap);
    }
    stmt(BPF_RET | BPF_K, allow);

    sock_fprog prog{};
    prog.len = static_cast<unsigned short>(f.size());
    prog.filter = f.data();
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return std::string("no_new_privs: ") + std::strerror(errno);
    if (::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
        return std::string("seccomp: ") + std::strerror(errno);
    return "";
}

}  // namespace ws::user
