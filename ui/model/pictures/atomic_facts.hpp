// What one warp's atomic instruction did to global memory, as the Global memory panel tells it:
// the lanes, the distinct addresses they hit, how many of them one address served one after
// another (lanes on one address are serialised), and the compare-and-swaps that found another
// value and did not write (lost races, retried by their loop). Plain data from the trace.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::ui {

struct AtomicFacts {
    std::uint32_t lanes = 0;      // active lanes of the instruction
    std::uint32_t addresses = 0;  // distinct (array, byte address) pairs
    std::uint32_t deepest = 0;    // the most lanes on one address: served one after another
    std::uint64_t deepest_address = 0;
    std::uint32_t lost = 0;    // lanes whose compare-and-swap did not write
    std::uint32_t unseen = 0;  // lanes whose atomic's result the recorder did not see
    // "32 lanes on 1 address (byte 0): served one after another, 32 deep; 5 lost the race"
    std::string text() const;
};

AtomicFacts atomic_facts(const trace::BlockTrace& b, const trace::WarpInstruction& inst);

}  // namespace ws::ui
