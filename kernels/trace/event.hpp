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
    // Hopper's pipeline (format version 4). Each is recorded by the thread that does it.
    TxInit = 7,      // a transaction barrier initialised: address = its shared byte offset,
                     // value = the arrivals a round needs
    TxArrive = 8,    // an arrival: address = the barrier, value = the bytes it announces (0: plain)
    TxWait = 9,      // a wait begins (once, whatever it takes): address = the barrier, value = the
                     // round waited for (a GPU tests its parity)
    BulkCopy = 10,   // a bulk copy issued (cp.async.bulk), by one lane: buffer and address = the
                     // global source; value = bulk_copy_fields' packing (destination, barrier,
                     // bytes). The copy engine writes shared memory, not the lane.
    NamedSync = 11,  // a named barrier passed (bar.sync id, threads): address = id, value =
                     // threads. Closes a sub-step, as a __syncwarp does. Not a memory access.
    Mark = 12,       // words for the reader, not an instruction: src_lane = MarkKind (below)
};
inline constexpr int kEventKindCount = 13;

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

// An atomic whose result the recorder could not see is an Atomic event whose src_lane is
// kLeftUnseen. NVIDIA's Compute Sanitizer API calls its callback before an atomic runs and hands
// over neither what the atomic will leave nor whether a compare-and-swap will win, so a GPU
// recording of a plain kernel has no AtomicWrite events: without the mark every atomic would
// read as a lost race. Such an atomic is neither won nor lost; the counters count it among the
// atomics, not among the retries, and the readers say that what it left was not seen.
inline constexpr std::uint8_t kLeftUnseen = 0xff;
inline bool is_left_unseen(const Event& e) {
    return e.kind == EventKind::Atomic && e.src_lane == kLeftUnseen;
}

// What a Mark event says. They make a pipelined kernel's trace describe itself, so that the
// window and crosscheck read its stages, roles and rounds from the trace, not from a catalog.
enum class MarkKind : std::uint8_t {
    // A ring of per-stage regions of shared memory: address = the first stage's first byte,
    // value = stride | stages << 32, buffer = SlotKind.
    Slots = 0,
    Role = 1,   // this warp's job from here on: value = WarpRole
    Round = 2,  // an iteration of the thread's pipeline loop begins: address = its stage
    Tile = 3,   // the tile this iteration works on: value = the tile, or kNoTile (none left)
};
enum class SlotKind : std::uint8_t { Data = 0, Values = 1, TileIds = 2, Barriers = 3 };
enum class WarpRole : std::uint8_t { Producer = 0, Aggregator = 1, Lookback = 2, Consumer = 3 };
inline constexpr std::uint64_t kNoTile = 0xffffffffu;

// A BulkCopy event's value: destination and barrier (shared byte offsets below 16 MB) and the
// byte count in 16-byte units (a copy of at most 1 MB - 16).
struct BulkCopyFields {
    std::uint32_t dst = 0, barrier = 0, bytes = 0;
};
inline constexpr std::uint32_t kMaxBulkOffset = (1u << 24) - 1;
inline constexpr std::uint32_t kMaxBulkBytes = 0xffffu * 16;
inline constexpr std::uint64_t pack_bulk_copy(BulkCopyFields f) {
    return std::uint64_t(f.dst & kMaxBulkOffset) | std::uint64_t(f.barrier & kMaxBulkOffset) << 24 |
           std::uint64_t(f.bytes / 16 & 0xffffu) << 48;
}
inline constexpr BulkCopyFields bulk_copy_fields(const Event& e) {
    return {std::uint32_t(e.value & kMaxBulkOffset), std::uint32_t(e.value >> 24 & kMaxBulkOffset),
            std::uint32_t(e.value >> 48) * 16};
}

// Events that are no lane's work: what an atomic left, a named barrier passed, a mark.
inline bool is_lane_work(EventKind k) {
    return k != EventKind::AtomicWrite && k != EventKind::NamedSync && k != EventKind::Mark;
}

}  // namespace ws::trace
