// The child's system-call filter and its handlers (child_guard.hpp). Linux, x86-64 and AArch64.
#include "kernels/user/child_guard.hpp"

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstring>
#include <exception>
#include <new>
#include <vector>

#include "kernels/sim/emulator.hpp"
#include "kernels/user/guarded_copy.hpp"
#include "kernels/user/syscall_policy.hpp"

namespace ws::user {
namespace {

#if defined(__x86_64__)
constexpr unsigned kArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr unsigned kArch = AUDIT_ARCH_AARCH64;
#else
#error "the system-call filter knows x86-64 and AArch64 only"
#endif

// The signals the child may send itself: those that end it (abort, its handlers' re-raise).
constexpr int kFatalSignals[] = {SIGABRT, SIGSEGV, SIGBUS,  SIGFPE,  SIGILL,
                                 SIGSYS,  SIGXCPU, SIGXFSZ, SIGKILL, SIGTRAP};

int g_report_fd = -1;
stack_t g_signal_stack{};  // the handlers' own stack (install_child_handlers)
volatile sig_atomic_t g_phase = int(ChildPhase::Own);
volatile sig_atomic_t g_done = 0;
volatile int g_load_fd = -1;
const char* g_load_path = nullptr;

// ---- async-signal-safe text ----------------------------------------------------------------
struct Line {
    char text[200];
    std::size_t at = 0;
    void put(const char* s) {
        while (*s && at + 1 < sizeof text) text[at++] = *s++;
        text[at] = 0;
    }
    void number(unsigned long long v, unsigned base = 10) {
        char digits[24];
        int n = 0;
        do {
            digits[n++] = "0123456789abcdef"[v % base];
            v /= base;
        } while (v);
        while (n && at + 1 < sizeof text) text[at++] = digits[--n];
        text[at] = 0;
    }
    void signed_number(long long v) {
        if (v < 0) {
            put("-");
            number(static_cast<unsigned long long>(-v));
        } else {
            number(static_cast<unsigned long long>(v));
        }
    }
};

// PHASE BLOCK THREAD, as the facts carry them.
void put_where(Line& l) {
    const bool inside = sim::inside_kernel();
    l.number(inside ? unsigned(ChildPhase::InKernel) : unsigned(g_phase));
    l.put(" ");
    l.number(inside ? sim::current_block_linear() : 0);
    l.put(" ");
    l.number(inside ? sim::current_thread_linear() : 0);
}

// Ends the child as `sig` would have: default action, unblocked (it is blocked while its handler
// runs), raised on itself (a call the filter allows).
[[noreturn]] void end_with(int sig) {
    ::signal(sig, SIG_DFL);
    sigset_t just;
    sigemptyset(&just);
    sigaddset(&just, sig);
    ::sigprocmask(SIG_UNBLOCK, &just, nullptr);
    ::raise(sig);
    ::_exit(128 + sig);
}

// The system call's arguments and result in the interrupted context.
struct Registers {
    ucontext_t* uc;
    unsigned long long arg(int i) const {
#if defined(__x86_64__)
        static constexpr int regs[] = {REG_RDI, REG_RSI, REG_RDX, REG_R10, REG_R8, REG_R9};
        return static_cast<unsigned long long>(uc->uc_mcontext.gregs[regs[i]]);
#else
        return uc->uc_mcontext.regs[i];
#endif
    }
    void set_result(long long v) {
#if defined(__x86_64__)
        uc->uc_mcontext.gregs[REG_RAX] = v;
#else
        uc->uc_mcontext.regs[0] = static_cast<unsigned long long>(v);
#endif
    }
};

// Whether the student's string at `a` is `b`, read byte by byte with guarded reads.
bool same_text(const char* a, const char* b) {
    if (!a || !b) return false;
    for (;; ++a, ++b) {
        char c = 0;
        if (!guarded_copy(&c, a, 1) || c != *b) return false;
        if (c == 0) return true;
    }
}

// The flags of clone (its first argument) or clone3 (the first field of its argument struct).
unsigned long long clone_flags(long number, const Registers& r) {
    if (number == SYS_clone) return r.arg(0);
#if defined(SYS_clone3)
    if (number == SYS_clone3) {
        unsigned long long flags = 0;
        if (guarded_copy(&flags, reinterpret_cast<const void*>(r.arg(0)), sizeof flags))
            return flags;
    }
#endif
    return 0;
}

// rt_sigprocmask(how, set, old, size) answered on the mask the handler's return restores, so that
// the sandbox's own signal is never blocked (a blocked SIGSYS ends the child without its handler,
// and without the forbidden call's name).
long answer_sigprocmask(const Registers& r) {
    constexpr unsigned long kSandboxSignals = 1ul << (SIGSYS - 1);
    auto* mask = reinterpret_cast<unsigned long*>(&r.uc->uc_sigmask);
    const void* set_at = reinterpret_cast<const void*>(r.arg(1));
    void* old_at = reinterpret_cast<void*>(r.arg(2));
    if (r.arg(3) != sizeof(unsigned long)) return -EINVAL;
    // As the kernel answers bad pointers: EFAULT, the mask unchanged.
    unsigned long set = 0;
    if (set_at && !guarded_copy(&set, set_at, sizeof set)) return -EFAULT;
    if (old_at && !guarded_copy(old_at, mask, sizeof *mask)) return -EFAULT;
    if (set_at) {
        switch (int(r.arg(0))) {
            case SIG_BLOCK:
                *mask |= set;
                break;
            case SIG_UNBLOCK:
                *mask &= ~set;
                break;
            case SIG_SETMASK:
                *mask = set;
                break;
            default:
                return -EINVAL;
        }
    }
    *mask &= ~kSandboxSignals;
    return 0;
}

// sigaltstack(new, old): the sandbox's stack stays (a new one is refused with EPERM); the old
// one is the sandbox's, written with a guarded copy.
long answer_sigaltstack(const Registers& r) {
    if (r.arg(0)) return -EPERM;
    stack_t current = g_signal_stack;
    current.ss_flags = SS_ONSTACK;  // the handler answering runs on it
    if (r.arg(1) && !guarded_copy(reinterpret_cast<void*>(r.arg(1)), &current, sizeof current))
        return -EFAULT;
    return 0;
}

void on_sigsys(int, siginfo_t* info, void* context) {
    reset_guarded_copies();
    Registers r{static_cast<ucontext_t*>(context)};
    const long number = info->si_syscall;
    const bool foreign = info->si_arch != kArch;
    if (!foreign && number == SYS_openat && g_load_fd >= 0 &&
        same_text(reinterpret_cast<const char*>(r.arg(1)), g_load_path)) {
        r.set_result(g_load_fd);  // the loader's one open: the descriptor the parent gave
        g_load_fd = -1;
        return;
    }
    if (!foreign && number == SYS_sigaltstack) {
        r.set_result(answer_sigaltstack(r));
        return;
    }
    if (!foreign && number == SYS_rt_sigprocmask) {  // the mask, kept with SIGSYS open
        r.set_result(answer_sigprocmask(r));
        return;
    }
    if (!foreign && number == SYS_rt_sigaction && long(r.arg(0)) == SIGSYS) {
        r.set_result(-EINVAL);  // the sandbox's handler stays
        return;
    }
#if defined(SYS_newfstatat) && defined(SYS_fstat)
    char first = 0;
    if (!foreign && number == SYS_newfstatat && (r.arg(3) & AT_EMPTY_PATH) &&
        (!r.arg(1) ||
         (guarded_copy(&first, reinterpret_cast<const void*>(r.arg(1)), 1) && first == 0))) {
        {  // fstat on a descriptor it holds
            const int saved = errno;
            const long got = ::syscall(SYS_fstat, long(r.arg(0)), r.arg(2));
            r.set_result(got == -1 ? -errno : got);
            errno = saved;
            return;
        }
    }
#endif
    Line l;
    l.number(SIGSYS);
    l.put(" ");
    put_where(l);
    l.put(" 0 ");
    l.signed_number(number);
    l.put(" ");
    l.number(foreign ? 0 : clone_flags(number, r));
    l.put(foreign ? " 1" : " 0");
    write_fact_now(g_report_fd, kFactSignal, l.text);
    end_with(SIGSYS);
}

void on_fatal_signal(int sig, siginfo_t* info, void*);

// The fatal handler for `sig`, once (it resets on delivery).
void arm_fatal(int sig) {
    struct sigaction fatal {};
    fatal.sa_sigaction = on_fatal_signal;
    fatal.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&fatal.sa_mask);
    ::sigaction(sig, &fatal, nullptr);
}

void on_fatal_signal(int sig, siginfo_t* info, void*) {
    hand_fault_to_guarded_copy(sig, arm_fatal);  // a guarded copy's fault goes back to it
    Line l;
    l.number(unsigned(sig));
    l.put(" ");
    put_where(l);
    l.put(" ");
    l.number(reinterpret_cast<unsigned long long>(info ? info->si_addr : nullptr), 16);
    l.put(" -1 0 0");
    write_fact_now(g_report_fd, kFactSignal, l.text);
    end_with(sig);
}

void on_exit_called(int status, void*) {
    if (g_done) return;
    Line l;
    l.signed_number(status);
    l.put(" ");
    put_where(l);
    write_fact_now(g_report_fd, kFactExit, l.text);
}

[[noreturn]] void on_terminate() {
    const char* kind = kFactThrew;
    std::string what = "an exception";
    if (std::exception_ptr e = std::current_exception()) {
        try {
            std::rethrow_exception(e);
        } catch (const std::bad_alloc&) {
            kind = kFactOutOfMemory;
            what = "std::bad_alloc";
        } catch (const std::exception& x) {
            what = x.what();
        } catch (...) {
        }
    }
    g_done = 1;
    write_fact_now(g_report_fd, kind, what.c_str());
    ::_exit(1);
}

// ---- the filter ------------------------------------------------------------------------------
class FilterBuilder {
  public:
    void stmt(unsigned short code, unsigned k) { f_.push_back(BPF_STMT(code, k)); }
    void jump(unsigned short code, unsigned k, unsigned char yes, unsigned char no) {
        f_.push_back(BPF_JUMP(code, k, yes, no));
    }
    void load_number() { stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)); }
    void load_arg_low(int i) {
        stmt(BPF_LD | BPF_W | BPF_ABS, unsigned(offsetof(seccomp_data, args) + 8 * i));
    }
    void load_arg_high(int i) {
        stmt(BPF_LD | BPF_W | BPF_ABS, unsigned(offsetof(seccomp_data, args) + 8 * i + 4));
    }
    void allow() { stmt(BPF_RET | BPF_K, SECCOMP_RET_ALLOW); }
    void trap() { stmt(BPF_RET | BPF_K, SECCOMP_RET_TRAP); }
    // Allow when the accumulator is one of `values`, else trap.
    void allow_if_one_of(const std::vector<unsigned>& values) {
        for (unsigned v : values) {
            jump(BPF_JMP | BPF_JEQ | BPF_K, v, 0, 1);
            allow();
        }
        trap();
    }
    // A block for one call: entered when the number matches, else skipped. Every path in the
    // block returns, so the accumulator still holds the number after it.
    std::size_t open_block(long number) {
        jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(number), 0, 0);
        return f_.size() - 1;
    }
    void close_block(std::size_t at) { f_[at].jf = static_cast<unsigned char>(f_.size() - at - 1); }
    std::vector<sock_filter>& program() { return f_; }

  private:
    std::vector<sock_filter> f_;
};

std::vector<sock_filter> build_filter() {
    FilterBuilder b;
    const unsigned self = unsigned(::getpid());
    std::vector<unsigned> fatal;
    for (int s : kFatalSignals) fatal.push_back(unsigned(s));
    std::vector<unsigned> writable;
    for (int fd : kWritableDescriptors) writable.push_back(unsigned(fd));

    b.stmt(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch));
    b.jump(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0);
    b.trap();  // another architecture's entry (int 0x80): the handler says so
    b.load_number();
#if defined(__x86_64__)
    b.jump(BPF_JMP | BPF_JSET | BPF_K, 0x40000000u, 0, 1);  // the x32 calls
    b.trap();
#endif
    for (const AllowedCall& c : allowed_calls()) {
        switch (c.when) {
            case Allowed::Always: {
                const std::size_t at = b.open_block(c.number);
                b.allow();
                b.close_block(at);
                break;
            }
            case Allowed::OnGivenDescriptors: {
                const std::size_t at = b.open_block(c.number);
                b.load_arg_low(0);
                b.allow_if_one_of(writable);
                b.close_block(at);
                break;
            }
            case Allowed::ToItselfFatal: {
                // kill(pid, sig), tkill(tid, sig): the target first; tgkill(tgid, tid, sig).
                const bool three = c.number == SYS_tgkill;
                const std::size_t at = b.open_block(c.number);
                b.load_arg_low(0);
                b.jump(BPF_JMP | BPF_JEQ | BPF_K, self, 1, 0);
                b.trap();
                if (three) {
                    b.load_arg_low(1);
                    b.jump(BPF_JMP | BPF_JEQ | BPF_K, self, 1, 0);
                    b.trap();
                }
                b.load_arg_low(three ? 2 : 1);
                b.allow_if_one_of(fatal);
                b.close_block(at);
                break;
            }
            case Allowed::ReadingItsLimits: {
                // prlimit64(pid, resource, new, old): pid 0 or itself, new a null pointer.
                const std::size_t at = b.open_block(c.number);
                b.load_arg_low(2);
                b.jump(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0);
                b.trap();
                b.load_arg_high(2);
                b.jump(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0);
                b.trap();
                b.load_arg_low(0);
                b.allow_if_one_of({0u, self});
                b.close_block(at);
                break;
            }
            case Allowed::NotTheSandboxSignal: {
                const std::size_t at = b.open_block(c.number);
                b.load_arg_low(0);
                b.jump(BPF_JMP | BPF_JEQ | BPF_K, unsigned(SIGSYS), 0, 1);
                b.trap();
                b.allow();
                b.close_block(at);
                break;
            }
            case Allowed::AnsweredByTheFilter:
                break;  // trapped: the handler answers it or reports it
        }
    }
    b.trap();
    return b.program();
}

}  // namespace

void set_child_phase(ChildPhase phase) {
    g_phase = int(phase);
}

void mark_child_done() {
    g_done = 1;
}

void install_child_handlers(int report_fd) {
    g_report_fd = report_fd;
    // Static storage, never freed: a kernel's destructors run at exit, after the C++ library's,
    // and the handlers must still have their stack then.
    alignas(16) static char alternate[256 * 1024];
    g_signal_stack.ss_sp = alternate;
    g_signal_stack.ss_size = sizeof alternate;
    g_signal_stack.ss_flags = 0;
    ::sigaltstack(&g_signal_stack, nullptr);
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGXCPU, SIGXFSZ, SIGABRT, SIGTRAP})
        arm_fatal(sig);
    // SIGSYS stays installed: the handler answers the loader's open and fstat, and returns.
    struct sigaction sys {};
    sys.sa_sigaction = on_sigsys;
    sys.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sys.sa_mask);
    ::sigaction(SIGSYS, &sys, nullptr);
    std::set_terminate(on_terminate);
    ::on_exit(on_exit_called, nullptr);
}

std::string install_syscall_filter(int load_fd, const char* load_path) {
    g_load_fd = load_fd;
    g_load_path = load_path;
    std::vector<sock_filter> program = build_filter();
    sock_fprog prog{};
    prog.len = static_cast<unsigned short>(program.size());
    prog.filter = program.data();
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return std::string("the sandbox cannot be made (no_new_privs: ") + std::strerror(errno) +
               ")";
    if (::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) != 0)
        return std::string("the sandbox cannot be made (seccomp: ") + std::strerror(errno) + ")";
    return "";
}

}  // namespace ws::user
