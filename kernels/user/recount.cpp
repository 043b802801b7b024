// Counts a trace's totals again from its blocks' events (recount.hpp).
#include "kernels/user/recount.hpp"

#include <cstdint>
#include <set>

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

}  // namespace ws::user
