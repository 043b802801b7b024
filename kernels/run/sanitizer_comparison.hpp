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

// What a run says when the Sanitizer API cannot record its kernel: its blocks draw their tiles
// (the API's callbacks place a thread by blockIdx; the probe records by tile, gpu_probe.cuh).
inline constexpr const char* kRecordsByTile =
    "the Sanitizer recorder places threads by block, and this kernel's blocks draw their tiles: "
    "it is recorded by its probe only";

struct SanitizerCrosscheck {
    // "" when the traces are equal event by event, or the GPU made the same accesses barrier by
    // barrier (but for accesses the optimized code left out, below); else the first difference
    // event by event, and by accesses.
    std::string difference;
    // When the traces differ event by event and not by accesses: the first such difference.
    std::string compiler_difference;
    // Accesses the other trace has and the recording does not, where those are the only
    // difference by accesses: the unprobed code's optimizer left them out (a load of a value it
    // already held in a register or never used; a store the same thread overwrote before the
    // next barrier, which no other thread may read). Counted only when the other trace is the
    // compiled-in probe's on the same GPU, which records every access the source writes
    // (compare_sanitizer_recording's `accesses_may_be_left_out`).
    std::size_t left_out = 0;
};

// Both traces as_the_sanitizer_records (and a single pass's look-back reads left out of both: the
// probe does not record them, their number being timing's), compared as crosscheck_difference
// compares them, then (when they differ) by same_accesses_by_phase, then, with
// `accesses_may_be_left_out`, by same_accesses_but_left_out.
SanitizerCrosscheck compare_sanitizer_recording(const VariantInfo& v, trace::Trace gpu,
                                                trace::Trace emulator,
                                                bool accesses_may_be_left_out = false);

// "" when the Sanitizer API's recording of `v` can be compared with its probe's (`probed`, a
// trace of the same request on the GPU); else what the recording cannot tell that the trace
// depends on, in one line: a kernel whose blocks draw their tiles (kRecordsByTile), or one whose
// trace follows what its atomics returned (which block finished last, who held a lock, which
// compare-and-swap lost its race), which the API does not hand over.
std::string sanitizer_blind_spot(const VariantInfo& v, const trace::Trace& probed);

// Both traces so, before they are compared (above).
void as_the_sanitizer_records(trace::Trace& t);

// "" when each block of `gpu` and of `emulator` (the same blocks) made, thread by thread and
// between the same barriers, the same shared and global accesses (kind, buffer, address, width,
// value) in any order and on any line, and all blocks as many atomics (and retried ones); else
// the first difference, in one line.
std::string same_accesses_by_phase(const trace::Trace& gpu, const trace::Trace& emulator);

// "" when every access of `gpu` is one of `probed` (thread, phase, kind, buffer, address, width,
// value) and every access only `probed` has is a load, or a store its thread overwrote at the
// same place before the next barrier; `left_out` counts those. Else the first access that breaks
// it, in one line.
std::string same_accesses_but_left_out(const trace::Trace& gpu, const trace::Trace& probed,
                                       std::size_t& left_out);

}  // namespace ws::run
