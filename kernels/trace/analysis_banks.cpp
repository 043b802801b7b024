// Shared-memory bank wavefronts of one warp instruction, in Nsight Compute's units
// (the rule is documented next to BankReport in analysis.hpp).
#include <algorithm>
#include <vector>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/analysis_internal.hpp"

namespace ws::trace {

namespace {

constexpr std::uint32_t kBanks = 32;
constexpr std::uint64_t kWavefrontBytes = kBanks * 4;

// Lanes served together: as many as move 128 bytes (32 for 4-byte, 16 for 8, 8 for 16).
std::uint32_t lanes_per_group(std::uint32_t width) {
    std::uint32_t words = std::max(1u, width / 4u);
    return std::max(1u, kWarpSize / words);
}

// Every distinct word the instruction's lanes touch, ascending.
std::vector<std::uint64_t> distinct_words(const BlockTrace& b, const WarpInstruction& inst) {
    std::vector<std::uint64_t> all;
    for (std::uint32_t i : inst.events)
        for (std::uint32_t k = 0; k < detail::words_touched(b.events[i]); ++k)
            all.push_back(b.events[i].address / 4 + k);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
}

}  // namespace

std::uint32_t bank_group_lanes(const BlockTrace& b, const WarpInstruction& inst) {
    std::uint32_t width = 0;
    for (std::uint32_t i : inst.events) width = std::max<std::uint32_t>(width, b.events[i].width);
    if (inst.kind == EventKind::SharedRead) {  // the whole warp at once where no bank repeats
        std::uint32_t per_bank[kBanks] = {};
        bool once = true;
        for (std::uint64_t w : distinct_words(b, inst)) once = once && ++per_bank[w % kBanks] == 1;
        if (once) return kWarpSize;
    }
    return lanes_per_group(width);
}

BankReport bank_report(const BlockTrace& b, const WarpInstruction& inst) {
    BankReport r;
    if (!detail::is_shared(inst.kind) || inst.events.empty()) return r;

    const bool load = inst.kind == EventKind::SharedRead;
    const std::uint32_t group_lanes = bank_group_lanes(b, inst);
    const std::vector<std::uint64_t> all = distinct_words(b, inst);

    std::vector<std::uint64_t> words;  // the words one group touches
    for (std::uint32_t first_lane = 0; first_lane < kWarpSize; first_lane += group_lanes) {
        words.clear();
        std::uint32_t lanes[kBanks] = {};  // lanes of this group that touched each bank
        for (std::uint32_t i : inst.events) {
            const Event& e = b.events[i];
            std::uint32_t lane = detail::lane_of(e);
            if (lane < first_lane || lane >= first_lane + group_lanes) continue;
            std::uint32_t banks_hit = 0;
            for (std::uint32_t k = 0; k < detail::words_touched(e); ++k) {
                std::uint64_t w = e.address / 4 + k;
                words.push_back(w);
                banks_hit |= 1u << (w % kBanks);
            }
            for (std::uint32_t bank = 0; bank < kBanks; ++bank)
                lanes[bank] += banks_hit >> bank & 1u;
        }
        if (words.empty()) continue;  // no active lane in this group

        // Distinct words per bank: many lanes on one word is a broadcast, not a conflict.
        std::sort(words.begin(), words.end());
        words.erase(std::unique(words.begin(), words.end()), words.end());
        std::uint32_t per_bank[kBanks] = {};
        for (std::uint64_t w : words) ++per_bank[w % kBanks];

        std::uint32_t ways = 1;
        for (std::uint32_t bank = 0; bank < kBanks; ++bank) {
            ways = std::max(ways, per_bank[bank]);
            // For the picture, each bank shows the group where it was busiest.
            if (per_bank[bank] > r.words_per_bank[bank] ||
                (per_bank[bank] == r.words_per_bank[bank] &&
                 lanes[bank] > r.lanes_per_bank[bank])) {
                r.words_per_bank[bank] = per_bank[bank];
                r.lanes_per_bank[bank] = lanes[bank];
            }
        }
        r.wavefronts += ways;
        r.ideal_wavefronts += 1;
        r.max_ways = std::max(r.max_ways, ways);
    }
    if (load) {
        // A load's fewest: its distinct bytes, 128 a wavefront; its ways, the wavefronts it
        // took over that, rounded up.
        r.ideal_wavefronts =
            std::uint32_t((all.size() * 4 + kWavefrontBytes - 1) / kWavefrontBytes);
        r.max_ways = (r.wavefronts + r.ideal_wavefronts - 1) / r.ideal_wavefronts;
    }
    return r;
}

}  // namespace ws::trace
