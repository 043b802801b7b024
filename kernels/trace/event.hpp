// One recorded access, as both executors write it.
//
// A plain aggregate with no member functions, so that the GPU recorder can fill the very same
// struct from device code. Everything here is fixed-width: traces are compared byte for byte
// between the GPU and the emulator, and written to files.
#pragma once
#include <cstdint>

namespace ws::trace {

enum class EventKind : std::uint8_t {
    SharedRead = 0,
    SharedWrite = 1,
    GlobalRead = 2,
    GlobalWrite = 3,
    Shuffle = 4,  // value received; src_lane says from whom
    Atomic = 5,   // global read-modify-write; value is the old value it found
    // What an atomic left in memory: follows its Atomic event (same thread, address and line)
    // when the atomic wrote. A compare-and-swap that found another value writes nothing, so its
    // Atomic event has no AtomicWrite: a lost race, retried. Not an instruction of its own.
    AtomicWrite = 6,
};
inline constexpr int kEventKindCount = 7;

// 32 bytes. (phase, substep) is the step: phase = block barriers passed, substep = warp-level
// syncs (a __syncwarp or a shuffle round) passed since the last block barrier.
struct Event {
    std::uint16_t phase;
    std::uint16_t substep;
    std::uint16_t thread;  // linear thread index in the block: warp = thread / 32, lane = % 32
    std::uint16_t line;    // source line in the kernel file
    EventKind kind;
    std::uint8_t width;     // bytes accessed by this lane: 4, 8 or 16
    std::uint8_t src_lane;  // shuffles: the lane the value came from; otherwise 0
    std::uint8_t buffer;    // global accesses: which global array (in order of declaration)
    std::uint32_t seq;      // this thread's own event counter, in program order
    std::uint64_t address;  // byte offset into dynamic shared memory, or into the global array
    std::uint64_t value;    // raw bits of the (first 8 bytes of the) value read or written
};
static_assert(sizeof(Event) == 32, "Event is a 32-byte record in files and device buffers");

}  // namespace ws::trace
