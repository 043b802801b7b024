// Shared memory as it stood at the end of a step: the last barrier snapshot before the step's
// phase, then this block's writes replayed; and which bytes some write has defined.
#include <algorithm>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/analysis_internal.hpp"

namespace ws::trace {

namespace detail {

std::vector<std::uint32_t> thread_order(const BlockTrace& b) {
    std::vector<std::uint32_t> order(b.events.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    auto before = [&](std::uint32_t x, std::uint32_t y) {
        const Event& a = b.events[x];
        const Event& c = b.events[y];
        return a.thread != c.thread ? a.thread < c.thread : a.seq < c.seq;
    };
    if (!std::is_sorted(order.begin(), order.end(), before))
        std::stable_sort(order.begin(), order.end(), before);
    return order;
}

void mark_written_through(const BlockTrace& b, std::uint16_t phase,
                          std::vector<std::uint8_t>& written) {
    const std::uint64_t size = written.size();
    for (const Event& e : b.events) {
        if (e.kind != EventKind::SharedWrite || e.phase > phase || e.address >= size) continue;
        std::uint64_t end =
            std::min<std::uint64_t>(size, e.address + std::max<unsigned>(1, e.width));
        std::fill(written.begin() + static_cast<std::ptrdiff_t>(e.address),
                  written.begin() + static_cast<std::ptrdiff_t>(end), std::uint8_t{1});
    }
}

}  // namespace detail

SharedImage shared_after(const BlockTrace& b, std::uint32_t smem_bytes, StepId step) {
    SharedImage img;
    img.bytes.assign(smem_bytes, 0);
    img.written.assign(smem_bytes, 0);

    // The snapshot taken at the barrier closing the latest phase before this step's phase.
    const Snapshot* base = nullptr;
    for (const Snapshot& s : b.snapshots)
        if (s.phase < step.phase && (!base || s.phase > base->phase)) base = &s;

    if (base) {
        std::size_t n = std::min<std::size_t>(smem_bytes, base->bytes.size());
        std::copy(base->bytes.begin(), base->bytes.begin() + static_cast<std::ptrdiff_t>(n),
                  img.bytes.begin());
        // The snapshot holds real values only where some write put them.
        std::vector<std::uint8_t> defined(n, 0);
        detail::mark_written_through(b, base->phase, defined);
        std::copy(defined.begin(), defined.end(), img.written.begin());
    }

    for (std::uint32_t i : detail::thread_order(b)) {
        const Event& e = b.events[i];
        if (e.kind != EventKind::SharedWrite || step < step_of(e)) continue;
        if (base && e.phase <= base->phase) continue;
        // The value holds the first 8 bytes written, little-endian.
        unsigned n = std::min<unsigned>(8, e.width);
        for (unsigned k = 0; k < n; ++k) {
            std::uint64_t at = e.address + k;
            if (at >= smem_bytes || at < e.address) break;
            img.bytes[at] = static_cast<std::uint8_t>(e.value >> (8 * k));
            img.written[at] = 1;
        }
    }
    return img;
}

}  // namespace ws::trace
