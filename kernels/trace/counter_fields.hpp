// The counters by name, in declaration order: one table for the file header and for
// first_difference, so that a new counter is added in one place.
#pragma once
#include <cstdint>
#include <utility>

#include "kernels/trace/trace.hpp"

namespace ws::trace {

struct CounterField {
    const char* name;
    std::uint64_t Counters::*member;
};

inline constexpr CounterField kCounterFields[] = {
    {"active_lanes", &Counters::active_lanes},
    {"live_lanes", &Counters::live_lanes},
    {"active_warps", &Counters::active_warps},
    {"divergent_warps", &Counters::divergent_warps},
    {"idle_lane_warps", &Counters::idle_lane_warps},
    {"smem_instructions", &Counters::smem_instructions},
    {"smem_wavefronts", &Counters::smem_wavefronts},
    {"smem_ideal_wavefronts", &Counters::smem_ideal_wavefronts},
    {"bank_conflicts", &Counters::bank_conflicts},
    {"bank_conflicts_ld", &Counters::bank_conflicts_ld},
    {"bank_conflicts_st", &Counters::bank_conflicts_st},
    {"smem_reads", &Counters::smem_reads},
    {"smem_writes", &Counters::smem_writes},
    {"gmem_sectors", &Counters::gmem_sectors},
    {"hazards", &Counters::hazards},
    {"atomics", &Counters::atomics},
    {"atomic_retries", &Counters::atomic_retries},
    {"bulk_copies", &Counters::bulk_copies},
    {"bulk_bytes", &Counters::bulk_bytes},
};

}  // namespace ws::trace
