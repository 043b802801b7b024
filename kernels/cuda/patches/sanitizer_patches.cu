// The Compute Sanitizer API's device callbacks for tracing a plain kernel on the GPU
// (kernels/cuda/sanitizer_recorder.hpp). nvcc compiles this file alone, as a tools patch
// (--fatbin --compile-as-tools-patch, CMakeLists.txt), and the program carries the fatbin; the
// API calls these functions at each patched instruction, on each lane that runs it, before the
// instruction runs. Each traced thread writes the same events the compile-time probe writes
// (kernels/cuda/gpu_probe.cuh) into its own slice, counted by its own counter: a read's value is
// read here, before the load; a write's is the value the API hands over.
//
// The API's header is not needed: SanitizerPatchResult is an int enum whose success is 0.
#include <cstdint>

#include "kernels/cuda/sanitizer_control.hpp"

using ws::cuda::SanitizerControl;
using ws::trace::Event;
using ws::trace::EventKind;

namespace {

constexpr int kPatchSuccess = 0;
constexpr std::uint32_t kRead = 0x1, kWrite = 0x2;

struct Place {
    std::size_t idx;  // slot * threads_per_block + thread
    unsigned thread;
    std::uint32_t slot;
};

// This thread's place in the recorder's buffers; false for a block that is not traced.
__device__ bool place_of(const SanitizerControl& c, Place& p) {
    if (!c.block_to_slot) return false;  // a launch the recorder gave nothing to record into
    const std::uint32_t slot = c.block_to_slot[blockIdx.x];
    if (slot == SanitizerControl::kNotTraced) return false;
    p.slot = slot;
    p.thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    p.idx = std::size_t(slot) * c.threads_per_block + p.thread;
    return true;
}

// The student's line of the instruction at pc (0: the wrapper's, the toolkit's).
__device__ unsigned line_of(const SanitizerControl& c, std::uint64_t pc) {
    if (pc < c.first_pc) return 0;
    const std::uint64_t k = (pc - c.first_pc) / 16;
    return k < c.line_count ? c.lines[k] : 0;
}

__device__ void record(const SanitizerControl& c, const Place& p, EventKind kind, unsigned line,
                       unsigned width, unsigned char buffer, std::uint64_t address,
                       std::uint64_t bits) {
    const std::uint32_t k = c.counts[p.idx];
    c.counts[p.idx] = k + 1;
    if (k >= c.capacity) return;  // a counting launch (capacity 0), or past the room given
    const std::uint32_t step = c.steps[p.idx];
    Event e;
    e.phase = std::uint16_t(step >> 16);
    e.substep = std::uint16_t(step & 0xffff);
    e.thread = std::uint16_t(p.thread);
    e.line = std::uint16_t(line);
    e.kind = kind;
    e.width = std::uint8_t(width);
    e.src_lane = 0;
    e.buffer = buffer;
    e.seq = k;
    e.address = address;
    e.value = bits;
    c.events[p.idx * c.capacity + k] = e;
}

// The src_lane of the event this thread recorded last (if there was room for it).
__device__ void mark_last_event(const SanitizerControl& c, const Place& p, std::uint8_t src_lane) {
    const std::size_t k = c.counts[p.idx] - 1;
    if (k < c.capacity) c.events[p.idx * c.capacity + k].src_lane = src_lane;
}

__device__ std::uint64_t shared_bits(std::uint32_t offset, std::uint32_t size) {
    if (size == 1) {
        unsigned short b;
        asm volatile("ld.shared.u8 %0, [%1];" : "=h"(b) : "r"(offset));
        return b;
    }
    if (size == 2) {
        unsigned short b;
        asm volatile("ld.shared.u16 %0, [%1];" : "=h"(b) : "r"(offset));
        return b;
    }
    if (size == 4) {
        unsigned b;
        asm volatile("ld.shared.u32 %0, [%1];" : "=r"(b) : "r"(offset));
        return b;
    }
    unsigned long long b;
    asm volatile("ld.shared.u64 %0, [%1];" : "=l"(b) : "r"(offset));
    return b;
}

__device__ std::uint64_t generic_bits(const void* at, std::uint32_t size) {
    if (size == 1) return *static_cast<const volatile std::uint8_t*>(at);
    if (size == 2) return *static_cast<const volatile std::uint16_t*>(at);
    if (size == 4) return *static_cast<const volatile std::uint32_t*>(at);
    return *static_cast<const volatile std::uint64_t*>(at);  // 8 and the first half of 16
}

__device__ void count_unrecorded_store(const SanitizerControl& c) {
    if (c.unrecorded_stores) atomicAdd(c.unrecorded_stores, 1u);
}

}  // namespace

extern "C" __device__ __noinline__ int WsSharedAccess(void* userdata, std::uint64_t pc, void* ptr,
                                                      std::uint32_t size, std::uint32_t flags,
                                                      const void* data) {
    if (!userdata) return kPatchSuccess;  // a launch of a patched kernel the recorder did not set
    const SanitizerControl& c = *static_cast<const SanitizerControl*>(userdata);
    Place p;
    if (!place_of(c, p)) return kPatchSuccess;
    const unsigned line = line_of(c, pc);
    const std::uint32_t window = std::uint32_t(reinterpret_cast<std::uintptr_t>(ptr));
    const bool write = flags & kWrite, read = flags & kRead;
    // Not the student's line (the wrapper's), below the kernel's own bytes, or an atomic.
    if (line == 0 || window < c.shared_base || (write && read)) return kPatchSuccess;
    const std::uint64_t bits = write ? generic_bits(data, size) : shared_bits(window, size);
    record(c, p, write ? EventKind::SharedWrite : EventKind::SharedRead, line, size, 0,
           window - c.shared_base, bits);
    return kPatchSuccess;
}

extern "C" __device__ __noinline__ int WsGlobalAccess(void* userdata, std::uint64_t pc, void* ptr,
                                                      std::uint32_t size, std::uint32_t flags,
                                                      const void* data) {
    if (!userdata) return kPatchSuccess;  // a launch of a patched kernel the recorder did not set
    const SanitizerControl& c = *static_cast<const SanitizerControl*>(userdata);
    Place p;
    if (!place_of(c, p)) return kPatchSuccess;
    const unsigned line = line_of(c, pc);
    const std::uint64_t at = reinterpret_cast<std::uintptr_t>(ptr);
    const bool write = flags & kWrite, read = flags & kRead;
    unsigned buffer = c.buffer_count;
    for (unsigned i = 0; i < c.buffer_count; ++i)
        if (at >= c.buffer_base[i] && at < c.buffer_base[i] + c.buffer_bytes[i]) buffer = i;
    if (buffer == c.buffer_count) {  // a __device__ variable, or memory of its own
        if (write) count_unrecorded_store(c);
        return kPatchSuccess;
    }
    if (line == 0) return kPatchSuccess;  // the wrapper's own (a scan's totals)
    const std::uint64_t offset = at - c.buffer_base[buffer];
    if (write && read) {  // an atomic: the value it finds (what it leaves is not handed over)
        record(c, p, EventKind::Atomic, line, size, buffer, offset, generic_bits(ptr, size));
        mark_last_event(c, p, ws::trace::kLeftUnseen);  // neither won nor lost: not seen
        return kPatchSuccess;
    }
    const std::uint64_t bits = write ? generic_bits(data, size) : generic_bits(ptr, size);
    record(c, p, write ? EventKind::GlobalWrite : EventKind::GlobalRead, line, size, buffer, offset,
           bits);
    return kPatchSuccess;
}

extern "C" __device__ __noinline__ int WsBarrier(void* userdata, std::uint64_t pc, std::uint32_t,
                                                 std::uint32_t, std::uint32_t) {
    if (!userdata) return kPatchSuccess;  // a launch of a patched kernel the recorder did not set
    const SanitizerControl& c = *static_cast<const SanitizerControl*>(userdata);
    Place p;
    if (!place_of(c, p)) return kPatchSuccess;
    // The wrapper's own barrier (a scan's totals after the student's kernel) is none of the
    // kernel's: the emulator, which runs the kernel without the wrapper, has no such phase.
    if (line_of(c, pc) == 0) return kPatchSuccess;
    const std::uint32_t phase = (c.steps[p.idx] >> 16) + 1;
    c.steps[p.idx] = phase << 16;
    if (p.thread == 0) c.phases[p.slot] = phase;
    return kPatchSuccess;
}

extern "C" __device__ __noinline__ int WsSyncwarp(void* userdata, std::uint64_t, std::uint32_t) {
    if (!userdata) return kPatchSuccess;  // a launch of a patched kernel the recorder did not set
    const SanitizerControl& c = *static_cast<const SanitizerControl*>(userdata);
    Place p;
    if (place_of(c, p)) c.steps[p.idx] += 1;
    return kPatchSuccess;
}

// A shuffle: the API says where, not what the lane received nor from whom; the event says so
// (value 0, source lane its own) and the sub-step ends, as the emulator's does.
extern "C" __device__ __noinline__ int WsShfl(void* userdata, std::uint64_t pc) {
    if (!userdata) return kPatchSuccess;  // a launch of a patched kernel the recorder did not set
    const SanitizerControl& c = *static_cast<const SanitizerControl*>(userdata);
    Place p;
    if (!place_of(c, p)) return kPatchSuccess;
    const unsigned line = line_of(c, pc);
    if (line != 0) {
        record(c, p, EventKind::Shuffle, line, 4, 0, 0, 0);
        mark_last_event(c, p, std::uint8_t(p.thread % 32));
    }
    c.steps[p.idx] += 1;
    return kPatchSuccess;
}
