// The emulator's probe: records into a SimRecorder (or nowhere) and gives way at every shared
// access so that the schedule policies can interleave threads.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>

#include "kernels/sim/emulator.hpp"
#include "kernels/sim/sim_recorder.hpp"
#include "kernels/trace/event.hpp"

namespace ws::sim {

class SimProbe {
  public:
    explicit SimProbe(SimRecorder* recorder = nullptr) : rec_(recorder) {}

    void before_access() { yield_point(); }

    void shared_declared(unsigned bytes, unsigned line) {
        if (bytes > dynamic_smem_bytes())
            fail("the kernel uses " + std::to_string(bytes) + " bytes of shared memory but " +
                     std::to_string(dynamic_smem_bytes()) + " were given at launch",
                 line);
        if (rec_) rec_->set_smem_bytes(bytes);
    }

    template <class V>
    void out_of_bounds(unsigned index, unsigned count, unsigned line) {
        fail("shared memory out of bounds: index " + std::to_string(index) + " of an array of " +
                 std::to_string(count) + " elements (" + std::to_string(sizeof(V)) + " bytes each)",
             line);
    }

    // A lane's access may not touch bytes a bulk copy in flight is writing, nor a transaction
    // barrier (kernels/sim/pipeline_sync.cpp).
    template <class V>
    void shared(trace::EventKind kind, unsigned byte_offset, V value, unsigned line) {
        check_shared_access(byte_offset, unsigned(sizeof(V)), kind == trace::EventKind::SharedWrite,
                            line);
        record(kind, 0, byte_offset, value, line, 0);
    }

    // One event of Hopper's pipeline as given (kernels/probe/pipeline.cuh).
    void pipeline_event(trace::EventKind kind, unsigned char buffer, unsigned long long address,
                        unsigned long long value, unsigned width, unsigned src_lane,
                        unsigned line) {
        record_bits(kind, buffer, address, value, width, line, src_lane);
    }

    unsigned char next_global_buffer() { return next_buffer_++; }

    template <class V>
    void global(trace::EventKind kind, unsigned char buffer, unsigned long long offset, V value,
                unsigned line) {
        record(kind, buffer, offset, value, line, 0);
    }

    template <class V>
    void shuffled(unsigned src_lane, V value, unsigned line) {
        record(trace::EventKind::Shuffle, 0, 0, value, line, src_lane);
        ++substep_;
    }

    void block_synced(unsigned /*line*/) {
        ++phase_;
        substep_ = 0;
    }
    void warp_synced(unsigned /*line*/) { ++substep_; }

    // One turn of a spin-wait (for `waits_for`: a tile or block, when the kernel says). A wait
    // that nothing running will ever satisfy is found by the grid (grid.cpp: a deadlock between
    // blocks). The spin budget catches the rest: a thread that turns kMaxSpins times ends the
    // launch (on a GPU it would hang).
    void spin_wait(unsigned line, unsigned waits_for = BlockWait::kNothing) {
        spin_turn(line, waits_for);
        if (++spins_ >= kMaxSpins)
            fail("spin-wait never satisfied after " + std::to_string(kMaxSpins) +
                     " turns (the emulator's spin budget): what it waits for is never set",
                 line);
    }
    // A spin loop (lock_acquire) entered and left: under the converged schedule a lane that
    // leaves waits here for its warp (kernels/sim/spin_loops.cpp).
    void spin_loop_entered(unsigned line) { spin_loop_enter(line); }
    void spin_loop_left(unsigned /*line*/) { spin_loop_leave(); }

    // A plain kernel's access, seen by the compiler's instrumentation (plain_runtime.cpp): the
    // value's bits as they are in memory, `width` bytes.
    void shared_bits(trace::EventKind kind, unsigned byte_offset, std::uint64_t bits,
                     unsigned width, unsigned line) {
        check_shared_access(byte_offset, width, kind == trace::EventKind::SharedWrite, line);
        record_bits(kind, 0, byte_offset, bits, width, line, 0);
    }
    void global_bits(trace::EventKind kind, unsigned char buffer, unsigned long long offset,
                     std::uint64_t bits, unsigned width, unsigned line) {
        record_bits(kind, buffer, offset, bits, width, line, 0);
    }
    void shuffled_bits(unsigned src_lane, std::uint64_t bits, unsigned width, unsigned line) {
        record_bits(trace::EventKind::Shuffle, 0, 0, bits, width, line, src_lane);
        ++substep_;
    }
    // Shared bytes in use (a plain kernel's static arrays): the snapshots keep that many.
    void shared_in_use(unsigned bytes) {
        if (rec_) rec_->set_smem_bytes(bytes);
    }

  private:
    template <class V>
    void record(trace::EventKind kind, unsigned char buffer, unsigned long long address, V value,
                unsigned line, unsigned src_lane) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &value, sizeof(V) < 8 ? sizeof(V) : 8);
        record_bits(kind, buffer, address, bits, unsigned(sizeof(V)), line, src_lane);
    }
    void record_bits(trace::EventKind kind, unsigned char buffer, unsigned long long address,
                     std::uint64_t bits, unsigned width, unsigned line, unsigned src_lane) {
        if (!rec_ || !rec_->recording()) return;
        trace::Event e{};
        e.phase = phase_;
        e.substep = substep_;
        e.thread = std::uint16_t(current_thread_linear());
        e.line = std::uint16_t(line);
        e.kind = kind;
        e.width = std::uint8_t(width);
        e.src_lane = std::uint8_t(src_lane);
        e.buffer = buffer;
        e.seq = seq_++;
        e.address = address;
        e.value = bits;
        rec_->push(e.thread, e);
    }

    static constexpr std::uint32_t kMaxSpins = 1u << 20;

    SimRecorder* rec_;
    std::uint32_t spins_ = 0;
    std::uint16_t phase_ = 0;
    std::uint16_t substep_ = 0;
    std::uint32_t seq_ = 0;
    unsigned char next_buffer_ = 0;
};

}  // namespace ws::sim
