// What a plain CUDA kernel's recording calls (kernels/sim/plain_runtime.cpp). A student's kernel
// written without warpscope's vocabulary is compiled with the compiler's load and store
// instrumentation (Clang's SanitizerCoverage, kernels/user/toolchain.cpp): every load and store
// it makes calls plain_access with the address, and the CUDA shim's intrinsics (cuda_shim.hpp)
// tell the recorder about barriers, warp syncs, shuffles, votes and atomics. Each call does
// nothing unless the running thread was started by a plain kernel's entry (PlainThread,
// plain_thread.hpp), so the catalog's kernels, which record through their probe, pay one test.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels/sim/emulator.hpp"

namespace ws::sim {

// A load or a store of `bytes` at `address`, made by the code at `code` (the instrumented
// instruction's return address): recorded when it is the block's shared memory or one of the
// kernel's buffers; a store anywhere else (a static or __device__ variable) is counted as not
// recorded. A shared access is a scheduling point, as the vocabulary's are.
void plain_access(const void* address, unsigned bytes, bool store, const void* code);

// Before an intrinsic: the last store is recorded (its value is in memory now).
void plain_flush();
// After __syncthreads (and _count, _and, _or): a phase ends.
void plain_block_synced(unsigned line);
// After __syncwarp, __any_sync, __all_sync: a sub-step ends.
void plain_warp_synced(unsigned line);
// After a shuffle: what the lane received (`width_bytes` of `bits`) and from which lane.
void plain_shuffled(CollectiveKind kind, int arg, int width, std::uint64_t bits,
                    unsigned width_bytes, unsigned line);
// After __ballot_sync: the warp's word.
void plain_ballot(unsigned word, unsigned line);
// An atomic read-modify-write at `address`: the value it found and, when it wrote, the value it
// left.
void plain_atomic(const void* address, unsigned bytes, std::uint64_t old_bits,
                  std::uint64_t left_bits, bool wrote, unsigned line);

// A static __shared__ declaration's bytes (ws::plain::static_shared), and the dynamic shared
// memory (ws::plain::dynamic_shared): both tell the recorder the bytes in use.
void* plain_static_shared(unsigned id, std::size_t bytes, std::size_t align, unsigned line);
void* plain_dynamic_shared();

// Maps an instrumented instruction's address to the student's line (0: none). Installed by the
// child that loaded the kernel (kernels/user/child.cpp).
using LineLookup = unsigned (*)(const void* code);
void set_plain_line_lookup(LineLookup lookup);

// What the recording saw, over the whole process: accesses recorded, and stores that went
// where the recorder cannot draw them.
struct PlainCounts {
    std::uint64_t recorded = 0;
    std::uint64_t unrecorded_stores = 0;
    unsigned first_unrecorded_line = 0;
    // Times shared memory was found changed by no recorded store (checked after each barrier and
    // at each block's end), where first (the barrier's line; 0: the block's end), and the first
    // byte that differed.
    std::uint64_t unseen_shared_writes = 0;
    unsigned first_unseen_line = 0, first_unseen_offset = 0;
};
PlainCounts plain_counts();

}  // namespace ws::sim
