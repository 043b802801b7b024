// What the Sanitizer API's device callbacks (patches/sanitizer_patches.cu) are handed for a
// traced launch of a plain kernel (sanitizer_recorder.hpp): the GPU recorder's buffers as the
// compile-time probe has them (gpu_probe.cuh: each traced thread's slice, its own counter), the
// kernel's buffers (global addresses become a buffer and a byte offset, as the emulator numbers
// them), the shared window's first byte of the kernel's own shared memory, and a table from
// instruction addresses to the student's lines. A plain aggregate: host and device share it.
#pragma once
#include <cstdint>

#include "kernels/trace/event.hpp"

namespace ws::cuda {

struct SanitizerControl {
    static constexpr unsigned kMaxBuffers = 8;
    static constexpr std::uint32_t kNotTraced = 0xffffffffu;

    // The recorder's buffers (GpuTraceBuffers' fields).
    trace::Event* events = nullptr;                // [slot][thread][capacity]
    std::uint32_t* counts = nullptr;               // [slot][thread]: events this thread made
    std::uint32_t* phases = nullptr;               // [slot]: barriers this block passed
    const std::uint32_t* block_to_slot = nullptr;  // [gridDim.x]
    std::uint32_t capacity = 0;
    std::uint32_t threads_per_block = 0;

    // Each traced thread's step: phase << 16 | sub-step ([slot][thread], zeroed before a launch).
    std::uint32_t* steps = nullptr;

    // The kernel's buffers, numbered as the emulator numbers them (in, out, totals).
    std::uint64_t buffer_base[kMaxBuffers] = {};
    std::uint64_t buffer_bytes[kMaxBuffers] = {};
    std::uint32_t buffer_count = 0;

    // Shared window offset of the kernel's first byte of shared memory (the reserved bytes the
    // system keeps below it: 1 KiB from sm_80 on).
    std::uint32_t shared_base = 0;

    // lines[(pc - first_pc) / 16]: the student's line of the instruction at pc, 0 for code that
    // is not in the student's file (then the access is not recorded).
    const std::uint16_t* lines = nullptr;
    std::uint64_t first_pc = 0;
    std::uint32_t line_count = 0;

    // Stores the kernel made where no picture shows them (no buffer, no shared memory).
    std::uint32_t* unrecorded_stores = nullptr;
};

}  // namespace ws::cuda
