// Small helpers shared by the analysis files (not part of the public analysis interface).
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::trace::detail {

inline bool is_shared(EventKind k) {
    return k == EventKind::SharedRead || k == EventKind::SharedWrite;
}
inline bool is_global(EventKind k) {
    return k == EventKind::GlobalRead || k == EventKind::GlobalWrite || k == EventKind::Atomic;
}
inline std::uint32_t warp_of(const Event& e) {
    return e.thread / kWarpSize;
}
inline std::uint32_t lane_of(const Event& e) {
    return e.thread % kWarpSize;
}

// 4-byte words a shared access touches: a/4 .. a/4 + width/4 - 1 (at least one word).
inline std::uint32_t words_touched(const Event& e) {
    return e.width >= 8 ? e.width / 4u : 1u;
}

// Indices of b.events in (thread, seq) order: the identity when the trace keeps its promise,
// a stable sort otherwise.
std::vector<std::uint32_t> thread_order(const BlockTrace& b);

// Marks in `written` (sized by the caller) every byte that a SharedWrite of a phase <= `phase`
// wrote, up to written.size().
void mark_written_through(const BlockTrace& b, std::uint16_t phase,
                          std::vector<std::uint8_t>& written);

// A block that synchronises beyond __syncthreads (transaction barriers, bulk copies, named
// barriers), and its races by happens-before (analysis_hazards_tx.cpp).
bool synchronises_beyond_barriers(const BlockTrace& b);
std::vector<Hazard> find_hazards_happens_before(const BlockTrace& b);

}  // namespace ws::trace::detail
