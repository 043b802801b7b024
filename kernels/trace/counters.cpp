// Counters: adding per-step counters into totals, and comparing them field by field.
#include "kernels/trace/trace.hpp"

namespace ws::trace {

Counters& Counters::operator+=(const Counters& o) {
    active_lanes += o.active_lanes;
    live_lanes += o.live_lanes;
    active_warps += o.active_warps;
    divergent_warps += o.divergent_warps;
    smem_instructions += o.smem_instructions;
    smem_wavefronts += o.smem_wavefronts;
    smem_ideal_wavefronts += o.smem_ideal_wavefronts;
    bank_conflicts += o.bank_conflicts;
    smem_reads += o.smem_reads;
    smem_writes += o.smem_writes;
    gmem_sectors += o.gmem_sectors;
    hazards += o.hazards;
    return *this;
}

bool operator==(const Counters& a, const Counters& b) {
    return a.active_lanes == b.active_lanes && a.live_lanes == b.live_lanes &&
           a.active_warps == b.active_warps && a.divergent_warps == b.divergent_warps &&
           a.smem_instructions == b.smem_instructions && a.smem_wavefronts == b.smem_wavefronts &&
           a.smem_ideal_wavefronts == b.smem_ideal_wavefronts &&
           a.bank_conflicts == b.bank_conflicts && a.smem_reads == b.smem_reads &&
           a.smem_writes == b.smem_writes && a.gmem_sectors == b.gmem_sectors &&
           a.hazards == b.hazards;
}

}  // namespace ws::trace
