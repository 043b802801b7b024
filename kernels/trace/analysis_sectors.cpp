// Global-memory sectors of one warp instruction: the distinct 32-byte sectors its lanes touch,
// against the fewest that many bytes could fit in (coalescing).
#include <algorithm>
#include <utility>
#include <vector>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/analysis_internal.hpp"

namespace ws::trace {

SectorReport sector_report(const BlockTrace& b, const WarpInstruction& inst) {
    SectorReport r;
    if (!detail::is_global(inst.kind) || inst.events.empty()) return r;

    constexpr std::uint64_t kSector = 32;
    std::vector<std::pair<std::uint8_t, std::uint64_t>> sectors;  // (buffer, address / 32)
    std::uint64_t bytes = 0;
    for (std::uint32_t i : inst.events) {
        const Event& e = b.events[i];
        std::uint64_t width = std::max<std::uint64_t>(1, e.width);
        bytes += width;
        std::uint64_t first = e.address / kSector;
        std::uint64_t end = e.address + width - 1;
        std::uint64_t last = (end < e.address ? ~0ull : end) / kSector;
        for (std::uint64_t s = first; s <= last; ++s) sectors.emplace_back(e.buffer, s);
    }
    std::sort(sectors.begin(), sectors.end());
    sectors.erase(std::unique(sectors.begin(), sectors.end()), sectors.end());
    r.sectors = static_cast<std::uint32_t>(sectors.size());
    r.ideal_sectors = static_cast<std::uint32_t>((bytes + kSector - 1) / kSector);
    return r;
}

}  // namespace ws::trace
