// Comparing a plain kernel's trace recorded by the Compute Sanitizer API
// (kernels/cuda/sanitizer_recorder.hpp) with the emulator's run of the same file and request.
//
// The API sees the machine's own instructions, so two things are left out of both traces before
// they are compared, because the API cannot tell them (as_the_sanitizer_records):
// - what a shuffle delivered and from which lane (each shuffle: value 0, from the lane itself);
// - what an atomic left (no AtomicWrite event; each Atomic marked kLeftUnseen, neither won nor
//   lost, and no retries in the totals), and what it found, which is what the blocks that ran
//   before left (the order blocks run in on a GPU).
// And one thing the compiler may choose: the order of one statement's loads (`s[t] += s[t + k]`
// reads s[t + k] first in C++17, which the emulator follows; NVIDIA's compiler reads s[t]
// first), so each thread's run of loads of one kind on one line in one step is ordered by
// address.
//
// Beyond that the optimized code may merge the two branches' stores of a step into one
// instruction, load an element both branches read once before the branch, place an instruction
// on a neighbouring line, or shuffle a double as two 32-bit halves. Then the traces differ event
// by event while the GPU still made exactly the emulator's memory accesses, with the same values,
// between the same barriers: same_accesses_by_phase says whether it did.
#pragma once
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

struct SanitizerCrosscheck {
    // "" when the traces are equal event by event, or the GPU made the same accesses barrier by
    // barrier; else the first difference event by event, and by accesses.
    std::string difference;
    // When the traces differ event by event and not by accesses: the first such difference.
    std::string compiler_difference;
};

// Both traces as_the_sanitizer_records, compared as crosscheck_difference compares them, then
// (when they differ) by same_accesses_by_phase.
SanitizerCrosscheck compare_sanitizer_recording(const VariantInfo& v, trace::Trace gpu,
                                                trace::Trace emulator);

// Both traces so, before they are compared (above).
void as_the_sanitizer_records(trace::Trace& t);

// "" when each block of `gpu` and of `emulator` (the same blocks) made, thread by thread and
// between the same barriers, the same shared and global accesses (kind, buffer, address, width,
// value) in any order and on any line, and all blocks as many atomics (and retried ones); else
// the first difference, in one line.
std::string same_accesses_by_phase(const trace::Trace& gpu, const trace::Trace& emulator);

}  // namespace ws::run
