// A spin lock in global memory: the CUDA Handbook's cudaSpinlock, in the vocabulary.
//   acquire: while (atomicCAS(&lock, 0, 1) != 0);   release: __threadfence(); atomicExch(&lock, 0);
//
//   auto lock = global_array(g_lock, probe);        // kLockWords words, zeroed before the launch
//   if (lock_acquire(probe, lock)) {                // false only when the GPU watchdog gave up
//       out[0] = T(out[0]) + v;                     // the critical section
//       lock_release(probe, lock);
//   }
//
// lock[kLockWord] is the lock (0 free, 1 held); lock[kLockGaveUpWord] counts the threads whose
// watchdog gave up, which the host reads after the launch and reports as an error.
//
// Recorded: the winning compare-and-swap (old 0, left 1) and the release (old 1, left 0), on the
// caller's line. The turns a thread loses are not: how many there are is timing (and a GPU trace
// is sized by a counting launch first). On the emulator each lost turn is a spin_wait turn (a
// scheduling point, counted against the spin budget), and the loop tells the emulator where it
// begins and ends, which is all the converged schedule needs to model a warp without independent
// thread scheduling (kernels/sim/spin_loops.cpp).
//
// The GPU watchdog: a thread that has waited kLockWatchdogCycles clock cycles (clock64(), about
// 4 to 5 s at 1.7 to 2 GHz) stops waiting: it counts itself in lock[kLockGaveUpWord] and
// lock_acquire returns false, so the kernel ends instead of hanging the machine (a warp
// deadlocked on its own lock, as before Volta, or a lock never released).
#pragma once
#include "kernels/probe/vocabulary.cuh"

namespace ws::probe {

inline constexpr unsigned kLockWord = 0, kLockGaveUpWord = 1, kLockWords = 2;
inline constexpr long long kLockWatchdogCycles = 1ll << 33;

namespace detail {
WS_DEV unsigned* lock_words(unsigned* p) {
    return p;
}
template <class Probe>
WS_DEV unsigned* lock_words(const GlobalArray<unsigned, Probe>& a) {
    return a.data();
}
}  // namespace detail

// Takes the lock. Its fence: what the last holder wrote is read after the lock is taken.
template <class Probe, class Lock>
WS_DEV bool lock_acquire(Probe& probe, const Lock& lock, unsigned line = __builtin_LINE()) {
    unsigned* words = detail::lock_words(lock);
    if constexpr (kRecords<Probe>) probe.spin_loop_entered(line);
#if defined(__CUDACC__)
    const long long deadline = clock64() + kLockWatchdogCycles;
#endif
    while (atomicCAS(words + kLockWord, 0u, 1u) != 0u) {
#if defined(__CUDACC__)
        if (clock64() > deadline) {
            atomicAdd(words + kLockGaveUpWord, 1u);
            return false;
        }
#endif
        spin_wait(probe, line);
    }
    thread_fence();
    if constexpr (kRecords<Probe>) {
        lock.atomic_made(kLockWord, 0u, 1u, line);
        probe.spin_loop_left(line);
    }
    return true;
}

// Frees the lock. Its fence: the critical section's writes are seen before the lock is free.
template <class Probe, class Lock>
WS_DEV void lock_release(Probe& probe, const Lock& lock, unsigned line = __builtin_LINE()) {
    unsigned* words = detail::lock_words(lock);
    thread_fence();
    const unsigned old = atomicExch(words + kLockWord, 0u);
    if constexpr (kRecords<Probe>) lock.atomic_made(kLockWord, old, 0u, line);
    (void)probe;
    (void)line;
    (void)old;
}

}  // namespace ws::probe
