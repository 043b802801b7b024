// Counters per step of one block (lane activity, shared and global traffic, hazards), and
// their sum over the block.
#include <algorithm>
#include <vector>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/analysis_internal.hpp"

namespace ws::trace {

namespace {

// Lanes launched in `warp` when the block has `threads_per_block` threads (the last warp may
// be partial).
std::uint64_t launched_lanes(std::uint32_t warp, std::uint32_t threads_per_block) {
    std::uint64_t first = std::uint64_t(warp) * kWarpSize;
    if (threads_per_block <= first) return 0;
    return std::min<std::uint64_t>(kWarpSize, threads_per_block - first);
}

}  // namespace

std::uint32_t launched_mask(std::uint32_t warp, std::uint32_t threads_per_block) {
    const std::uint64_t n = launched_lanes(warp, threads_per_block);
    return n >= kWarpSize ? 0xffffffffu : (1u << n) - 1u;
}

std::vector<StepCounters> step_counters(const BlockTrace& b, std::uint32_t threads_per_block) {
    std::vector<StepId> steps = block_steps(b);
    std::vector<StepCounters> out(steps.size());
    for (std::size_t i = 0; i < steps.size(); ++i) out[i].step = steps[i];
    auto step_index = [&](StepId s) {
        return static_cast<std::size_t>(std::lower_bound(steps.begin(), steps.end(), s) -
                                        steps.begin());
    };
    auto slot = [&](StepId s) -> Counters& { return out[step_index(s)].counters; };

    // Lane activity: the lanes of each (step, warp) that had an event, gathered by sorting
    // (step index, warp, lane) so that odd traces cost no more than their events.
    std::vector<std::uint64_t> lane_keys;
    lane_keys.reserve(b.events.size());
    for (std::size_t i = 0; i < b.events.size(); ++i) {
        const Event& e = b.events[i];
        auto step = static_cast<std::uint64_t>(
            std::lower_bound(steps.begin(), steps.end(), step_of(e)) - steps.begin());
        if (!is_lane_work(e.kind)) continue;
        lane_keys.push_back(step << 32 | std::uint64_t(detail::warp_of(e)) << 8 |
                            detail::lane_of(e));
        Counters& c = out[step].counters;
        if (e.kind == EventKind::SharedRead) ++c.smem_reads;
        if (e.kind == EventKind::SharedWrite) ++c.smem_writes;
        if (e.kind == EventKind::Atomic) {
            ++c.atomics;
            if (!is_left_unseen(e) && !atomic_wrote(b, i)) ++c.atomic_retries;
        }
        if (e.kind == EventKind::BulkCopy) {
            ++c.bulk_copies;
            c.bulk_bytes += bulk_copy_fields(e).bytes;
        }
    }
    std::sort(lane_keys.begin(), lane_keys.end());
    lane_keys.erase(std::unique(lane_keys.begin(), lane_keys.end()), lane_keys.end());
    for (std::size_t i = 0; i < lane_keys.size();) {
        std::size_t j = i;
        while (j < lane_keys.size() && lane_keys[j] >> 8 == lane_keys[i] >> 8) ++j;
        Counters& c = out[lane_keys[i] >> 32].counters;
        auto warp = static_cast<std::uint32_t>(lane_keys[i] >> 8 & 0xffffffu);
        std::uint64_t active = j - i;
        // A trace whose threads_per_block is too small never shows more active than live.
        std::uint64_t live = std::max(active, launched_lanes(warp, threads_per_block));
        c.active_lanes += active;
        c.live_lanes += live;
        c.active_warps += 1;
        if (active < live) c.idle_lane_warps += 1;
        i = j;
    }

    // Branch divergence: a warp is divergent in a step when one of its instructions there ran
    // with a strict subset of its launched lanes. Each (step, warp) counts once.
    std::vector<std::uint64_t> divergent;  // step index << 16 | warp
    for (const WarpInstruction& inst : warp_instructions(b)) {
        Counters& c = slot(inst.step);
        const std::uint32_t live = launched_mask(inst.warp, threads_per_block);
        if ((inst.active_mask & live) != live)
            divergent.push_back(std::uint64_t(step_index(inst.step)) << 16 | inst.warp);
        if (detail::is_shared(inst.kind)) {
            BankReport r = bank_report(b, inst);
            c.smem_instructions += 1;
            c.smem_wavefronts += r.wavefronts;
            c.smem_ideal_wavefronts += r.ideal_wavefronts;
            c.bank_conflicts += r.conflicts();
            (inst.kind == EventKind::SharedRead ? c.bank_conflicts_ld : c.bank_conflicts_st) +=
                r.conflicts();
        } else if (detail::is_global(inst.kind)) {
            c.gmem_sectors += sector_report(b, inst).sectors;
        }
    }

    std::sort(divergent.begin(), divergent.end());
    divergent.erase(std::unique(divergent.begin(), divergent.end()), divergent.end());
    for (std::uint64_t key : divergent) out[key >> 16].counters.divergent_warps += 1;

    for (const Hazard& h : find_hazards(b)) slot(h.step).hazards += 1;
    return out;
}

Counters block_counters(const BlockTrace& b, std::uint32_t threads_per_block) {
    Counters total;
    for (const StepCounters& s : step_counters(b, threads_per_block)) total += s.counters;
    return total;
}

}  // namespace ws::trace
