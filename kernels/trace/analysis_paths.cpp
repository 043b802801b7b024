// The paths a warp's lanes took in a step: lanes grouped by the lines they ran.
#include <algorithm>
#include <map>
#include <vector>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/analysis_internal.hpp"

namespace ws::trace {

namespace {

// (phase, substep, thread) | (line, kind): sorting groups a lane's events of one step by
// instruction, so that a lane's signature is its (instruction, count) list.
struct Keyed {
    std::uint64_t where;  // phase << 48 | substep << 32 | thread
    std::uint32_t what;   // line << 8 | kind
    friend bool operator<(const Keyed& a, const Keyed& b) {
        return a.where != b.where ? a.where < b.where : a.what < b.what;
    }
};

StepId step_of_key(std::uint64_t where) {
    return {static_cast<std::uint16_t>(where >> 48), static_cast<std::uint16_t>(where >> 32)};
}

// A lane's path in a step: each instruction it ran and how often, sorted.
using Signature = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

std::vector<std::uint16_t> lines_of(const Signature& sig) {
    std::vector<std::uint16_t> lines;
    for (const auto& [what, count] : sig) lines.push_back(static_cast<std::uint16_t>(what >> 8));
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    return lines;
}

// Fills one warp-step's paths from its lanes' signatures.
void close_warp(WarpPaths& w, std::map<Signature, std::uint32_t>& by_signature,
                std::uint32_t active) {
    std::vector<std::pair<std::vector<std::uint16_t>, std::uint32_t>> paths;
    for (auto& [sig, mask] : by_signature) paths.push_back({lines_of(sig), mask});
    // Source order; two paths over the same lines (a loop run more often) by their lowest lane.
    std::sort(paths.begin(), paths.end(), [](const auto& a, const auto& b) {
        if (a.first != b.first) return a.first < b.first;
        return __builtin_ctz(a.second) < __builtin_ctz(b.second);
    });
    for (auto& [lines, mask] : paths) {
        w.masks.push_back(mask);
        w.lines.push_back(std::move(lines));
    }
    w.idle_mask = w.live_mask & ~active;
    by_signature.clear();
}

}  // namespace

std::vector<WarpPaths> warp_paths(const BlockTrace& b, std::uint32_t threads_per_block) {
    std::vector<Keyed> keyed;
    keyed.reserve(b.events.size());
    for (const Event& e : b.events)
        keyed.push_back({std::uint64_t(e.phase) << 48 | std::uint64_t(e.substep) << 32 | e.thread,
                         std::uint32_t(e.line) << 8 | static_cast<std::uint8_t>(e.kind)});
    std::sort(keyed.begin(), keyed.end());

    std::vector<WarpPaths> out;
    std::map<Signature, std::uint32_t> by_signature;  // lanes of the current warp-step
    std::uint32_t active = 0;
    for (std::size_t i = 0; i < keyed.size();) {
        // One lane's events in one step: [i, j).
        std::size_t j = i;
        while (j < keyed.size() && keyed[j].where == keyed[i].where) ++j;
        const StepId step = step_of_key(keyed[i].where);
        const auto thread = static_cast<std::uint32_t>(keyed[i].where & 0xffffu);
        const auto warp = static_cast<std::uint16_t>(thread / kWarpSize);
        if (out.empty() || out.back().step != step || out.back().warp != warp) {
            if (!out.empty()) close_warp(out.back(), by_signature, active);
            WarpPaths w;
            w.step = step;
            w.warp = warp;
            w.live_mask = launched_mask(warp, threads_per_block);
            out.push_back(std::move(w));
            active = 0;
        }
        Signature sig;
        for (std::size_t k = i; k < j; ++k) {
            if (!sig.empty() && sig.back().first == keyed[k].what)
                ++sig.back().second;
            else
                sig.push_back({keyed[k].what, 1});
        }
        const std::uint32_t lane = 1u << (thread % kWarpSize);
        by_signature[sig] |= lane;
        active |= lane;
        i = j;
    }
    if (!out.empty()) close_warp(out.back(), by_signature, active);
    return out;
}

}  // namespace ws::trace

namespace ws::trace {

InstructionMix instruction_mix(const BlockTrace& b, std::uint32_t threads_per_block) {
    InstructionMix mix{};
    for (const WarpInstruction& inst : warp_instructions(b)) {
        KindCounts& k = mix[static_cast<std::size_t>(inst.kind)];
        const std::uint32_t live = launched_mask(inst.warp, threads_per_block);
        k.warp_instructions += 1;
        k.lanes += static_cast<std::uint64_t>(__builtin_popcount(inst.active_mask));
        if ((inst.active_mask & live) != live) k.partial += 1;
    }
    return mix;
}

const char* event_kind_name(EventKind k) {
    switch (k) {
        case EventKind::SharedRead:
            return "shared_read";
        case EventKind::SharedWrite:
            return "shared_write";
        case EventKind::GlobalRead:
            return "global_read";
        case EventKind::GlobalWrite:
            return "global_write";
        case EventKind::Shuffle:
            return "shuffle";
        case EventKind::Atomic:
            return "atomic";
        case EventKind::AtomicWrite:
            return "atomic_write";
        case EventKind::TxInit:
            return "tx_init";
        case EventKind::TxArrive:
            return "tx_arrive";
        case EventKind::TxWait:
            return "tx_wait";
        case EventKind::BulkCopy:
            return "bulk_copy";
        case EventKind::NamedSync:
            return "named_sync";
        case EventKind::Mark:
            return "mark";
    }
    return "unknown";
}

}  // namespace ws::trace
