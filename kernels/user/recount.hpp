// The counters a grade reads on the emulator, counted by warpscope from the events the kernel's
// process sent, not taken from the totals that process summed (issue 57): a kernel that writes
// into its recorder's totals changes nothing the grade reads, and the report says what it wrote.
// The events themselves still come from the kernel's process (docs/grading.md, "What a grade
// rests on"): a check on them stays marked self-reported.
#pragma once
#include <string>

#include "kernels/trace/trace.hpp"

namespace ws::user {

struct Recount {
    bool counted = false;    // the trace holds every block of the traced pass: totals are counted
    trace::Counters totals;  // the sum of each block's counters, from its events
    // When the process's own totals differ: which counter, what they said and what the events
    // count, in one line; "" when they agree.
    std::string difference;
};

Recount recount_events(const trace::Trace& t);

}  // namespace ws::user
