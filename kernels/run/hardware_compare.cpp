#include "kernels/run/hardware_compare.hpp"

#include <cstdio>

#include "kernels/trace/analysis.hpp"

namespace ws::run {
namespace {

using trace::EventKind;

using namespace metric;

constexpr const char* kAtomicAggregation =
    "nvcc aggregates the warp's atomics on one address (a vote for the lanes taking part, a "
    "shuffle handing each lane its share): vote and shuffle lanes the source does not have";

struct Ours {
    std::uint64_t conflicts_ld = 0, conflicts_st = 0, wavefronts_ld = 0, wavefronts_st = 0;
    std::uint64_t shared_ld = 0, shared_st = 0, sectors_ld = 0, sectors_st = 0;
    std::uint64_t global_ld = 0, global_st = 0;
    std::uint64_t lanes_shuffle = 0;
};

std::uint64_t lanes(const trace::WarpInstruction& w) {
    return std::uint64_t(__builtin_popcount(w.active_mask));
}

Ours count_ours(const trace::Trace& t) {
    Ours o;
    for (const trace::BlockTrace& b : t.blocks)
        for (const trace::WarpInstruction& w : trace::warp_instructions(b)) {
            switch (w.kind) {
                case EventKind::SharedRead: {
                    const trace::BankReport r = trace::bank_report(b, w);
                    o.conflicts_ld += r.conflicts();
                    o.wavefronts_ld += r.wavefronts;
                    ++o.shared_ld;
                    break;
                }
                case EventKind::SharedWrite: {
                    const trace::BankReport r = trace::bank_report(b, w);
                    o.conflicts_st += r.conflicts();
                    o.wavefronts_st += r.wavefronts;
                    ++o.shared_st;
                    break;
                }
                case EventKind::GlobalRead:
                    o.sectors_ld += trace::sector_report(b, w).sectors;
                    ++o.global_ld;
                    break;
                case EventKind::GlobalWrite:
                    o.sectors_st += trace::sector_report(b, w).sectors;
                    ++o.global_st;
                    break;
                case EventKind::Shuffle: {
                    // An 8-byte shuffle is two 32-bit SHFLs; a ballot is one vote.
                    const trace::Event& e = b.events[w.events.front()];
                    o.lanes_shuffle += lanes(w) * (e.width == 8 && !trace::is_ballot(e) ? 2 : 1);
                    break;
                }
                default:
                    break;
            }
        }
    return o;
}

// The metric list and, beside each, where ours comes from: one table. `group` 1: read in a
// second profiling session (hardware_metric_groups), so that a GPU or driver without them still
// gives the others.
struct Entry {
    HardwareMetric metric;
    std::uint64_t Ours::*ours;
    int group = 0;
};
const std::vector<Entry>& entries() {
    static const std::vector<Entry> e = {
        {{kLdConflicts, "shared load bank conflicts", "ld conflicts"}, &Ours::conflicts_ld},
        {{kStConflicts, "shared store bank conflicts", "st conflicts"}, &Ours::conflicts_st},
        {{kLdWavefronts, "shared load wavefronts", "ld wavefronts"}, &Ours::wavefronts_ld},
        {{kStWavefronts, "shared store wavefronts", "st wavefronts"}, &Ours::wavefronts_st},
        {{kLds, "shared load warp instructions", "LDS"}, &Ours::shared_ld},
        {{kSts, "shared store warp instructions", "STS"}, &Ours::shared_st},
        {{kLdSectors, "global load sectors", "ld sectors"}, &Ours::sectors_ld},
        {{kStSectors, "global store sectors", "st sectors"}, &Ours::sectors_st},
        {{kLdg, "global load warp instructions", "LDG"}, &Ours::global_ld},
        {{kStg, "global store warp instructions", "STG"}, &Ours::global_st},
        {{kShuffleLanes, "shuffle and vote lanes", "shuffle lanes"}, &Ours::lanes_shuffle, 1},
    };
    return e;
}

}  // namespace

const std::vector<KnownDifference>& known_differences() {
    static const std::vector<KnownDifference> e = {
        // nvcc aggregates a warp's atomics on one address: a vote for the lanes that take part
        // and a shuffle that hands each lane its share of the result, instructions between
        // threads the source does not have (measured on an H100 and an H200, 2026-11-28).
        {"aos-vs-soa", {kShuffleLanes}, kAtomicAggregation},
        {"compact-ballot", {kShuffleLanes}, kAtomicAggregation},
        {"reduce-atomic-block", {kShuffleLanes}, kAtomicAggregation},
        {"reduce-atomic-global", {kShuffleLanes}, kAtomicAggregation},
        {"reduce-atomic-warp", {kShuffleLanes}, kAtomicAggregation},
        {"reduce-predicate-count", {kShuffleLanes}, kAtomicAggregation},
        {"reduce-single-pass", {kShuffleLanes}, kAtomicAggregation},
        {"reduce-vector-atomic", {kShuffleLanes}, kAtomicAggregation},
        {"scan-decoupled-lookback", {kShuffleLanes}, kAtomicAggregation},
        {"scan-pipeline", {kShuffleLanes}, kAtomicAggregation},
        {"compact-scan",
         {kStSectors, kStg},
         "compact_tile_start (compact_common.cuh) publishes the tile's status word through a raw "
         "volatile pointer: one store the trace does not record"},
        {"compact-ballot", {kStSectors, kStg}, "as compact-scan: the unrecorded status store"},
        {"loop-divergence",
         {kLdSectors, kLdg},
         "the compiler unrolls the lane loop (several loads a trip, then a remainder loop): "
         "lanes with different trip counts run different copies of the load, so the GPU issues "
         "more, partly filled loads than the source's one load an iteration"},
        {"reduce-minmax-avg",
         {kLdWavefronts, kStWavefronts, kLds, kSts},
         "its shared arrays are not volatile and the compiler keeps values in registers where "
         "the source reads or writes them again: fewer LDS and STS (none wider: SASS has only "
         "32-bit LDS/STS here)"},
        {"reduce-spinlock-warp",
         {kLdSectors, kStSectors, kLdg, kStg},
         "every lane takes the lock in turn, so on the GPU each lane's critical section is its "
         "own load and store instruction where the trace groups a warp's lanes by source "
         "occurrence; and the lock's spin reads are not recorded (timing decides how many)"},
        {"scan-decoupled-lookback",
         {kLdWavefronts, kLds},
         "the GPU runs fewer shared loads than the source makes (one a warp after the first: "
         "the compiler keeps a warp total it reads again in a register; not yet traced to the "
         "SASS)"},
        {"scan-lookback-blockidx",
         {kLdConflicts, kLdWavefronts, kLds},
         "as scan-decoupled-lookback, and the GPU counts 4 load conflicts (1 at 64 threads) "
         "where the source's accesses have none: not yet explained"},
        {"scan-lookback-fallback", {kLdWavefronts, kLds}, "as scan-decoupled-lookback"},
        {"scan-reduce-then-scan",
         {kLdWavefronts, kLds},
         "the GPU runs one shared load a warp fewer than the source makes (a warp total kept in "
         "a register; not yet traced to the SASS)"},
        {"scan-pipeline",
         {kLdConflicts, kLdWavefronts, kLds},
         "the GPU runs two shared loads fewer than the source makes and counts a few load "
         "conflicts where the source's accesses have none, not the same from run to run (3 or 4 "
         "with a whole tile on an H100 and an H200; 2 on an H100, 13 on an H200 with a partial "
         "one the producer's lanes load): timing, not a bank pattern of the source; not yet "
         "traced to the SASS. The stores agree, and so do the global counts: the copy engine's "
         "bulk copies are no load of the LSU (0 sectors, as the trace counts them)"},
        {"scan-reduce-then-scan-2level",
         {kLdConflicts, kLdWavefronts},
         "the GPU counts 4 load conflicts (1 at 64 threads) and as many more wavefronts where "
         "the source's accesses have none; the instructions agree: not yet explained"},
    };
    return e;
}

const char* known_difference(const std::string& algo, const std::string& metric) {
    for (const KnownDifference& e : known_differences())
        if (algo == e.algo)
            for (const char* m : e.metrics)
                if (metric == m) return e.why;
    return nullptr;
}

const std::vector<HardwareMetric>& hardware_metrics() {
    static const std::vector<HardwareMetric> m = [] {
        std::vector<HardwareMetric> out;
        for (const Entry& e : entries()) out.push_back(e.metric);
        return out;
    }();
    return m;
}

std::vector<std::string> hardware_metric_names() {
    std::vector<std::string> names;
    for (const HardwareMetric& m : hardware_metrics()) names.push_back(m.metric);
    return names;
}

const std::vector<HardwareMetric>& divergence_metrics() {
    static const std::vector<HardwareMetric> m = {
        {kBranchTargets, "branch targets", "branch targets"},
        {kDivergentTargets, "divergent branch targets", "divergent targets"},
        {kWarpInstructions, "warp instructions (every kind)", "warp inst"},
        {kThreadInstructions, "thread instructions predicated on (every kind)", "thread inst"},
    };
    return m;
}

std::vector<std::vector<std::string>> hardware_metric_groups() {
    std::vector<std::vector<std::string>> groups(2);
    for (const Entry& e : entries()) groups[e.group].push_back(e.metric.metric);
    for (const HardwareMetric& m : divergence_metrics()) groups[1].push_back(m.metric);
    return groups;
}

std::string divergence_text(const DivergenceComparison& d) {
    char b[320];
    std::snprintf(b, sizeof b,
                  "ours: %llu divergent warp-steps (%llu with idle lanes), %llu of %llu warp "
                  "instructions partial, %.1f lanes each",
                  (unsigned long long)d.divergent_warp_steps, (unsigned long long)d.idle_lane_warps,
                  (unsigned long long)d.partial_instructions,
                  (unsigned long long)d.warp_instructions, d.lanes_per_instruction());
    std::string out = b;
    if (d.branch_targets && d.divergent_targets && d.gpu_threads_per_instruction()) {
        std::snprintf(b, sizeof b,
                      "; the GPU: %.0f of %.0f branch targets divergent, %.1f threads an "
                      "instruction (every kind)",
                      *d.divergent_targets, *d.branch_targets, *d.gpu_threads_per_instruction());
        out += b;
    }
    return out;
}

namespace {
std::optional<double> counted(const std::vector<trace::HardwareCount>& counts, const char* m) {
    for (const trace::HardwareCount& h : counts)
        if (h.metric == m) return h.value;
    return std::nullopt;
}
}  // namespace

DivergenceComparison divergence_comparison(const trace::Trace& t,
                                           const std::vector<trace::HardwareCount>& counts) {
    DivergenceComparison d;
    for (const trace::BlockTrace& b : t.blocks) {
        const trace::Counters c = trace::block_counters(b, t.threads_per_block);
        d.divergent_warp_steps += c.divergent_warps;
        d.idle_lane_warps += c.idle_lane_warps;
        for (const trace::KindCounts& k : trace::instruction_mix(b, t.threads_per_block)) {
            d.warp_instructions += k.warp_instructions;
            d.lanes += k.lanes;
            d.partial_instructions += k.partial;
        }
    }
    d.branch_targets = counted(counts, kBranchTargets);
    d.divergent_targets = counted(counts, kDivergentTargets);
    d.gpu_warp_instructions = counted(counts, kWarpInstructions);
    d.gpu_thread_instructions = counted(counts, kThreadInstructions);
    return d;
}

std::string hardware_refusal(const trace::Trace& t) {
    if (t.grid != 1)
        return "the traced pass has " + std::to_string(t.grid) +
               " blocks: the GPU counts a whole launch, and only a launch of one block compares "
               "block for block (give a smaller --n: one block's elements)";
    if (t.blocks.size() != 1) return "the traced pass's block was not recorded";
    return "";
}

std::vector<HardwareRow> hardware_rows(const trace::Trace& t, bool* comparable) {
    return hardware_rows(t, t.hardware, comparable);
}

std::vector<HardwareRow> hardware_rows(const trace::Trace& t,
                                       const std::vector<trace::HardwareCount>& counted,
                                       bool* comparable) {
    const Ours ours = count_ours(t);
    std::vector<HardwareRow> rows;
    const auto& list = hardware_metrics();
    for (std::size_t i = 0; i < entries().size(); ++i) {
        HardwareRow r;
        r.metric = &list[i];
        r.ours = ours.*(entries()[i].ours);
        r.known = known_difference(t.request.algo, list[i].metric);
        for (const trace::HardwareCount& h : counted)
            if (h.metric == list[i].metric) r.counted = h.value;
        rows.push_back(r);
    }
    if (comparable) *comparable = hardware_refusal(t).empty();
    return rows;
}

}  // namespace ws::run
