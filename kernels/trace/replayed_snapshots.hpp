// A block's shared memory at each barrier, made from its own writes: for a recorder that sees
// every shared store but cannot copy the memory out at the barrier (the Compute Sanitizer API's
// callbacks run before the barrier, kernels/cuda/sanitizer_recorder.hpp). Bytes no write reached
// read 0; crosscheck compares only the bytes written (analysis_difference.cpp), so the picture is
// the same as a copy's wherever the kernel is race-free.
#pragma once
#include "kernels/trace/trace.hpp"

namespace ws::trace {

// Fills each of `b`'s snapshots (their phases as they are) with `smem_bytes` bytes: every shared
// write of a phase up to the snapshot's, applied in phase, thread and program order.
void replay_snapshots(BlockTrace& b, unsigned smem_bytes);

}  // namespace ws::trace
