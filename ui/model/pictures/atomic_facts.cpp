// One atomic warp instruction's lanes, addresses, serialisation and lost races.
#include "ui/model/pictures/atomic_facts.hpp"

#include <map>
#include <utility>

#include "ui/model/trace/step_text.hpp"

namespace ws::ui {

AtomicFacts atomic_facts(const trace::BlockTrace& b, const trace::WarpInstruction& inst) {
    AtomicFacts f;
    std::map<std::pair<std::uint8_t, std::uint64_t>, std::uint32_t> on;  // lanes per address
    for (std::uint32_t i : inst.events) {
        if (i >= b.events.size()) continue;
        const trace::Event& e = b.events[i];
        if (e.kind != trace::EventKind::Atomic) continue;
        ++f.lanes;
        const std::uint32_t n = ++on[{e.buffer, e.address}];
        if (n > f.deepest) {
            f.deepest = n;
            f.deepest_address = e.address;
        }
        if (trace::is_left_unseen(e))
            ++f.unseen;
        else if (!trace::atomic_wrote(b, i))
            ++f.lost;
    }
    f.addresses = std::uint32_t(on.size());
    return f;
}

std::string AtomicFacts::text() const {
    std::string s =
        plural(lanes, "lane", "lanes") + " on " + plural(addresses, "address", "addresses");
    if (deepest > 1)
        s += ": " + std::to_string(deepest) + " on byte " + std::to_string(deepest_address) +
             ", served one after another";
    else
        s += ": none waits for another";
    if (lost) s += "; " + plural(lost, "lane", "lanes") + " lost the race (retried)";
    if (unseen) s += std::string("; ") + trace::kUnseenAtomicsWords;
    return s;
}

}  // namespace ws::ui
