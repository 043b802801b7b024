// The steps of a block, and its events grouped into warp instructions.
#include <algorithm>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/analysis_internal.hpp"

namespace ws::trace {

std::vector<StepId> block_steps(const BlockTrace& b) {
    // Packed (phase, substep); a thread's consecutive events mostly share a step.
    std::vector<std::uint32_t> packed;
    for (const Event& e : b.events) {
        std::uint32_t p = std::uint32_t(e.phase) << 16 | e.substep;
        if (packed.empty() || packed.back() != p) packed.push_back(p);
    }
    std::sort(packed.begin(), packed.end());
    packed.erase(std::unique(packed.begin(), packed.end()), packed.end());
    std::vector<StepId> steps(packed.size());
    for (std::size_t i = 0; i < packed.size(); ++i)
        steps[i] = {static_cast<std::uint16_t>(packed[i] >> 16),
                    static_cast<std::uint16_t>(packed[i] & 0xffffu)};
    return steps;
}

namespace {

// Two 64-bit words that sort like a tuple of narrower fields.
struct Key {
    std::uint64_t hi = 0, lo = 0;
    friend bool operator<(const Key& a, const Key& b) {
        return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo;
    }
};

struct Keyed {
    Key key;
    std::uint32_t index;
    friend bool operator<(const Keyed& a, const Keyed& b) { return a.key < b.key; }
};

// (thread, phase, substep, line | kind, seq): runs of equal (thread .. kind) are one lane's
// repeats of one instruction, in program order.
Key lane_key(const Event& e) {
    return {std::uint64_t(e.thread) << 48 | std::uint64_t(e.phase) << 32 |
                std::uint64_t(e.substep) << 16 | e.line,
            std::uint64_t(static_cast<std::uint8_t>(e.kind)) << 32 | e.seq};
}

// (phase, substep, warp, line | kind, occurrence, lane): the order of the result.
Key instruction_key(const Event& e, std::uint32_t occurrence) {
    return {std::uint64_t(e.phase) << 48 | std::uint64_t(e.substep) << 32 |
                std::uint64_t(detail::warp_of(e)) << 16 | e.line,
            std::uint64_t(static_cast<std::uint8_t>(e.kind)) << 40 |
                std::uint64_t(occurrence) << 8 | detail::lane_of(e)};
}

}  // namespace

std::vector<WarpInstruction> warp_instructions(const BlockTrace& b) {
    // An AtomicWrite completes the Atomic before it: part of that instruction, not one of its own.
    std::vector<Keyed> keyed;
    keyed.reserve(b.events.size());
    for (std::uint32_t i = 0; i < b.events.size(); ++i)
        if (is_lane_work(b.events[i].kind)) keyed.push_back({lane_key(b.events[i]), i});
    const std::size_t n = keyed.size();
    std::sort(keyed.begin(), keyed.end());

    // Occurrence: the rank of an event among its lane's events with the same (step, line, kind).
    std::uint32_t occurrence = 0;
    Key previous;
    for (std::size_t i = 0; i < n; ++i) {
        Key k = keyed[i].key;
        bool repeat = i > 0 && k.hi == previous.hi && k.lo >> 32 == previous.lo >> 32;
        occurrence = repeat ? occurrence + 1 : 0;
        previous = k;
        keyed[i].key = instruction_key(b.events[keyed[i].index], occurrence);
    }
    std::sort(keyed.begin(), keyed.end());

    // Equal keys but for the lane (the low 8 bits) are one instruction.
    std::vector<WarpInstruction> out;
    for (std::size_t i = 0; i < n;) {
        const Event& e = b.events[keyed[i].index];
        WarpInstruction inst;
        inst.step = step_of(e);
        inst.warp = static_cast<std::uint16_t>(detail::warp_of(e));
        inst.line = e.line;
        inst.kind = e.kind;
        inst.occurrence = static_cast<std::uint32_t>(keyed[i].key.lo >> 8 & 0xffffffffu);
        std::size_t j = i;
        for (; j < n && keyed[j].key.hi == keyed[i].key.hi &&
               keyed[j].key.lo >> 8 == keyed[i].key.lo >> 8;
             ++j) {
            inst.active_mask |= 1u << detail::lane_of(b.events[keyed[j].index]);
            inst.events.push_back(keyed[j].index);
        }
        out.push_back(std::move(inst));
        i = j;
    }
    return out;
}

}  // namespace ws::trace
