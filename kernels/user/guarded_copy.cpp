// Guarded copies in the child's signal handlers (guarded_copy.hpp).
#include "kernels/user/guarded_copy.hpp"

#include <setjmp.h>

#include <csignal>

namespace ws::user {
namespace {

sigjmp_buf g_jump;
volatile sig_atomic_t g_reading = 0;
volatile sig_atomic_t g_faulted = 0;

}  // namespace

bool guarded_copy(void* to, const void* from, std::size_t n) {
    if (!from || !to || g_faulted) return false;
    // No signal mask saved: restoring one is a call the sandbox answers (rt_sigprocmask), from
    // inside its own handler. The fault signal stays blocked until the handler returns.
    if (sigsetjmp(g_jump, 0) != 0) {
        g_reading = 0;
        g_faulted = 1;
        return false;
    }
    g_reading = 1;
    const volatile unsigned char* src = static_cast<const volatile unsigned char*>(from);
    volatile unsigned char* dst = static_cast<volatile unsigned char*>(to);
    for (std::size_t i = 0; i < n; ++i) dst[i] = src[i];
    g_reading = 0;
    return true;
}

void hand_fault_to_guarded_copy(int sig, void (*rearm)(int)) {
    if (!g_reading || (sig != SIGSEGV && sig != SIGBUS)) return;
    rearm(sig);
    siglongjmp(g_jump, 1);
}

void reset_guarded_copies() {
    g_faulted = 0;
}

}  // namespace ws::user
