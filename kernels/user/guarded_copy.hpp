// Reading (and writing) a forbidden call's pointer arguments from inside the child's SIGSYS handler
// (child_guard.cpp): the path an open names, clone3's structure, rt_sigprocmask's sets. The
// student chooses those pointers (clone3((void*)0x1000, ...)), and a handler that dereferenced a
// bad one crashed with SIGSEGV, losing the call's name. A guarded copy copies the bytes, or on a
// fault says false: the fault handler (on_fatal_signal) hands the fault back here first.
#pragma once
#include <cstddef>

namespace ws::user {

// Copies `n` bytes from `from` to `to`, either of which may be the student's; false (nothing
// trusted in `to`) when one is null or a byte cannot be read or written. Only from a signal
// handler of the child's one thread; after a copy that faulted, every later one in the same
// handler says false without trying (the fault signal stays blocked until the handler returns).
bool guarded_copy(void* to, const void* from, std::size_t n);

// Called first by the fault handler: returns when no guarded copy was under way (the fault is
// the kernel's own), else installs the handler again with `rearm` (it was reset on delivery) and
// jumps back into guarded_copy, which says false.
void hand_fault_to_guarded_copy(int sig, void (*rearm)(int));

// At the start of each SIGSYS handler: copies may be tried again.
void reset_guarded_copies();

}  // namespace ws::user
