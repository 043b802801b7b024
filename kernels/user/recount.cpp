// Counts a trace's totals again from its blocks' events (recount.hpp).
#include "kernels/user/recount.hpp"

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/counter_fields.hpp"

namespace ws::user {

Recount recount_events(const trace::Trace& t) {
    Recount r;
    std::set<std::uint32_t> seen;
    for (const trace::BlockTrace& b : t.blocks)
        if (b.block < t.grid) seen.insert(b.block);
    if (t.grid == 0 || seen.size() != t.grid || t.blocks.size() != t.grid) return r;
    r.counted = true;
    for (const trace::BlockTrace& b : t.blocks)
        r.totals += trace::block_counters(b, t.threads_per_block);
    for (const trace::CounterField& f : trace::kCounterFields) {
        const auto said = t.totals.*f.member, counted = r.totals.*f.member;
        if (said == counted) continue;
        r.difference = "the recorder's totals were changed inside the kernel's process: they say " +
                       std::to_string(said) + " " + f.name + " where its events count " +
                       std::to_string(counted) + "; graded on the events";
        break;
    }
    return r;
}

namespace {

struct SharedShadow {
    std::vector<std::uint8_t> bytes;
    std::vector<bool> known;

    explicit SharedShadow(std::size_t size) : bytes(size, 0), known(size, false) {}
    void store(const trace::Event& e) {
        for (unsigned k = 0; k < e.width; ++k) {
            const std::uint64_t at = e.address + k;
            if (at >= bytes.size()) return;
            known[at] = k < 8;  // the value holds the first 8 bytes of a wider store
            if (k < 8) bytes[at] = std::uint8_t(e.value >> (8 * k));
        }
    }
    // The first byte of `e`'s read whose recorded value is not what the stores left, or -1.
    long misread(const trace::Event& e) const {
        for (unsigned k = 0; k < std::min<unsigned>(e.width, 8); ++k) {
            const std::uint64_t at = e.address + k;
            if (at < bytes.size() && known[at] && bytes[at] != std::uint8_t(e.value >> (8 * k)))
                return long(at);
        }
        return -1;
    }
    long differs_from(const trace::Snapshot& s) const {
        for (std::size_t at = 0; at < std::min(bytes.size(), s.bytes.size()); ++at)
            if (known[at] && bytes[at] != s.bytes[at]) return long(at);
        return -1;
    }
};

std::string block_contradiction(const trace::BlockTrace& b, std::size_t smem_bytes) {
    const std::string where = "block " + std::to_string(b.block) + ": ";
    if (b.order.size() != b.events.size())
        return where + "the order its accesses ran in is not whole";
    for (const trace::Event& e : b.events)
        if (e.kind == trace::EventKind::BulkCopy) return "";  // memory the copy engine wrote
    if (!b.landed.empty()) return where + "it holds copies that landed but none that were made";
    std::size_t room = smem_bytes;
    for (const trace::Event& e : b.events)
        if (e.kind == trace::EventKind::SharedRead || e.kind == trace::EventKind::SharedWrite)
            room = std::max<std::size_t>(room, e.address + e.width);
    SharedShadow shadow(room);
    std::size_t snapshot = 0;
    auto copies_hold = [&](std::uint32_t up_to_phase) -> std::string {
        for (; snapshot < b.snapshots.size() && b.snapshots[snapshot].phase < up_to_phase;
             ++snapshot) {
            const long at = shadow.differs_from(b.snapshots[snapshot]);
            if (at >= 0)
                return where + "shared memory copied at barrier " +
                       std::to_string(b.snapshots[snapshot].phase) + " holds byte " +
                       std::to_string(at) + " otherwise than the recorded stores left it";
        }
        return "";
    };
    for (std::uint32_t index : b.order) {
        if (index >= b.events.size()) return where + "the order names an event it does not hold";
        const trace::Event& e = b.events[index];
        if (std::string why = copies_hold(e.phase); !why.empty()) return why;
        if (e.kind == trace::EventKind::SharedWrite) shadow.store(e);
        if (e.kind != trace::EventKind::SharedRead) continue;
        if (const long at = shadow.misread(e); at >= 0)
            return where + "thread " + std::to_string(e.thread) + " at line " +
                   std::to_string(e.line) + " read byte " + std::to_string(at) +
                   " of shared memory otherwise than the recorded stores left it";
    }
    return copies_hold(~0u);
}

}  // namespace

std::string recording_contradiction(const trace::Trace& t) {
    if (!recount_events(t).counted)
        return "the recording contradicts itself (it keeps " + std::to_string(t.blocks.size()) +
               " blocks, not each of the pass's " + std::to_string(t.grid) +
               " once): it was changed";
    for (const trace::BlockTrace& b : t.blocks)
        if (std::string why = block_contradiction(b, t.smem_bytes); !why.empty())
            return "the recording contradicts itself (" + why + "): it was changed";
    return "";
}

}  // namespace ws::user
