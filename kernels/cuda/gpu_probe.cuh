// The GPU recorder's probe: each traced thread writes its events into its own slice of a device
// buffer, indexed by its own counter, so the decoded trace does not depend on timing. At every
// block barrier the traced block copies its dynamic shared memory out (then waits once more, so
// no thread writes shared memory before the copy is done).
//
// Counting runs (capacity 0) record nothing but still count each thread's events and each
// block's barriers: the host sizes the real buffers from them, so a trace is never cut short.
//
// Recording by tile (a kernel whose blocks draw their tile from a counter, drawn_tile.hpp): the
// slot map is indexed by tile, not blockIdx, so that the block that draws an asked tile records
// it, whichever block that is in this launch. Thread 0's first event is the draw (its first
// atomic): thread 0 takes its slot from the tile it drew and publishes the tile in
// `block_tile[blockIdx.x]`; every other thread reads it there after the block's first barrier.
// An event made before its thread knew the tile cannot be placed: it raises `lost_before_tile`
// (the run then says so in one line).
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels/probe/vocabulary.cuh"
#include "kernels/trace/event.hpp"

namespace ws::cuda {

inline constexpr std::uint32_t kNotTraced = 0xffffffffu;

// Device pointers and sizes, passed by value inside the probe.
struct GpuTraceBuffers {
    trace::Event* events = nullptr;                // [slot][thread][capacity]
    std::uint32_t* counts = nullptr;               // [slot][thread]: events this thread made
    std::uint32_t* phases = nullptr;               // [slot]: barriers this block passed
    std::uint8_t* snapshots = nullptr;             // [slot][phase][smem_bytes]
    const std::uint32_t* block_to_slot = nullptr;  // [gridDim.x]: a slot or kNotTraced
    std::uint32_t capacity = 0;                    // events per thread
    std::uint32_t max_phases = 0;                  // snapshots per block
    std::uint32_t smem_bytes = 0;                  // bytes of shared memory per snapshot
    std::uint32_t threads_per_block = 0;
    std::uint32_t slots = 0;  // traced blocks in this launch
    // Recording by tile: block_to_slot is [tiles]; each block's drawn tile ([gridDim.x], set to
    // kNotTraced by the host), and a flag raised when a recorded thread made an event before it
    // knew its tile.
    std::uint32_t* block_tile = nullptr;
    std::uint32_t tiles = 0;
    std::uint32_t* lost_before_tile = nullptr;
};

class GpuProbe {
  public:
    explicit GpuProbe(const GpuTraceBuffers& b) : b_(b) {}
    __host__ __device__ const GpuTraceBuffers& buffers() const { return b_; }

    __device__ void before_access() {}
    __device__ void shared_declared(unsigned, unsigned) {}
    template <class V>
    __device__ void out_of_bounds(unsigned, unsigned, unsigned) {}

    template <class V>
    __device__ void shared(trace::EventKind kind, unsigned byte_offset, V value, unsigned line) {
        record(kind, 0, byte_offset, value, line, 0);
    }
    __device__ unsigned char next_global_buffer() { return next_buffer_++; }
    template <class V>
    __device__ void global(trace::EventKind kind, unsigned char buffer, unsigned long long offset,
                           V value, unsigned line) {
        record(kind, buffer, offset, value, line, 0);
    }
    template <class V>
    __device__ void shuffled(unsigned src_lane, V value, unsigned line) {
        record(trace::EventKind::Shuffle, 0, 0, value, line, src_lane);
        ++substep_;
    }
    __device__ void block_synced(unsigned) {
        if (b_.block_tile && !resolved_) take_slot(b_.block_tile[blockIdx.x]);
        const std::uint32_t slot = my_slot();
        if (slot != kNotTraced) {
            const unsigned t = probe::detail::linear_thread();
            if (t == 0) b_.phases[slot] = phase_ + 1u;
            if (phase_ < b_.max_phases && b_.snapshots) {
                const std::uint8_t* smem = probe::detail::dynamic_smem_base();
                std::uint8_t* dst =
                    b_.snapshots + (std::size_t(slot) * b_.max_phases + phase_) * b_.smem_bytes;
                for (unsigned i = t; i < b_.smem_bytes; i += b_.threads_per_block) dst[i] = smem[i];
            }
            __syncthreads();
        }
        ++phase_;
        substep_ = 0;
    }
    __device__ void warp_synced(unsigned) { ++substep_; }
    // One event of Hopper's pipeline as given (kernels/probe/pipeline.cuh).
    __device__ void pipeline_event(trace::EventKind kind, unsigned char buffer,
                                   unsigned long long address, unsigned long long value,
                                   unsigned width, unsigned src_lane, unsigned line) {
        record_bits(kind, buffer, address, value, width, line, src_lane);
    }
    __device__ void spin_wait(unsigned, unsigned = 0) {}
    __device__ void spin_loop_entered(unsigned) {}
    __device__ void spin_loop_left(unsigned) {}

  private:
    __device__ std::uint32_t my_slot() const {
        if (b_.block_tile) return resolved_ ? slot_ : kNotTraced;
        return b_.block_to_slot[blockIdx.x];
    }

    // Recording by tile: this thread's slot, from its block's tile (thread 0 at its draw, the
    // others after the first barrier, when thread 0's write is visible to them).
    __device__ void take_slot(std::uint32_t tile) {
        resolved_ = true;
        slot_ = tile < b_.tiles ? b_.block_to_slot[tile] : kNotTraced;
        if (slot_ != kNotTraced && seq_ > 0) atomicExch(b_.lost_before_tile, 1u);
    }

    template <class V>
    __device__ void record(trace::EventKind kind, unsigned char buffer, unsigned long long address,
                           V value, unsigned line, unsigned src_lane) {
        unsigned long long bits = 0;
        memcpy(&bits, &value, sizeof(V) < 8 ? sizeof(V) : 8);
        record_bits(kind, buffer, address, bits, unsigned(sizeof(V)), line, src_lane);
    }
    __device__ void record_bits(trace::EventKind kind, unsigned char buffer,
                                unsigned long long address, unsigned long long bits, unsigned width,
                                unsigned line, unsigned src_lane) {
        const unsigned t = probe::detail::linear_thread();
        if (b_.block_tile && !resolved_ && t == 0 && kind == trace::EventKind::Atomic) {
            b_.block_tile[blockIdx.x] = std::uint32_t(bits);  // the draw: the block's tile
            take_slot(std::uint32_t(bits));
        }
        const std::uint32_t slot = my_slot();
        if (slot == kNotTraced) {
            if (b_.block_tile && !resolved_) ++seq_;  // before its tile: counted, not placed
            return;
        }
        const std::size_t idx = std::size_t(slot) * b_.threads_per_block + t;
        const std::uint32_t k = seq_++;
        b_.counts[idx] = seq_;
        if (k >= b_.capacity) return;
        trace::Event e;
        e.phase = phase_;
        e.substep = substep_;
        e.thread = std::uint16_t(t);
        e.line = std::uint16_t(line);
        e.kind = kind;
        e.width = std::uint8_t(width);
        e.src_lane = std::uint8_t(src_lane);
        e.buffer = buffer;
        e.seq = k;
        e.address = address;
        e.value = bits;
        b_.events[idx * b_.capacity + k] = e;
    }

    GpuTraceBuffers b_;
    // Recording by tile: the slot once this thread knows its tile.
    std::uint32_t slot_ = kNotTraced;
    bool resolved_ = false;
    std::uint16_t phase_ = 0;
    std::uint16_t substep_ = 0;
    std::uint32_t seq_ = 0;
    unsigned char next_buffer_ = 0;
};

#if !defined(__CUDACC_RTC__)
// For launch observers (launch_kernel.cuh).
inline const GpuTraceBuffers* traced_buffers_of(const GpuProbe& probe) {
    return &probe.buffers();
}
#endif

}  // namespace ws::cuda
