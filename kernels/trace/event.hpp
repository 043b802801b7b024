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
    Shuffle = 4,  // value received; src_lane says from whom (kBallotSource: a ballot)
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

// A ballot (__ballot_sync) is recorded as a Shuffle event whose src_lane is kBallotSource, one
// past the last lane, and whose value is the ballot word (bit k: lane k's predicate). Like a
// shuffle it is a warp collective in which each lane receives a register value made by other
// lanes, and it closes a sub-step the same way; what differs is that the value comes from every
// lane at once, not from one, which the sentinel says. Reusing the kind keeps the file format
// (version 3) and the event kinds as they are: a ballot is one more shuffle-like instruction to
// the counters, and the GPU and the emulator record it identically. Readers that draw arrows
// from src_lane must skip it (is_ballot).
inline constexpr std::uint8_t kBallotSource = 32;
inline bool is_ballot(const Event& e) {
    return e.kind == EventKind::Shuffle && e.src_lane == kBallotSource;
}

}  // namespace ws::trace
