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

// Whether an emulator run's recording of every block (--blocks all) holds together, told from
// the recording alone: each block of the pass kept once, with the whole order its accesses ran
// in; replayed in that order, every shared read must find the value the recorded stores left at
// its bytes, and every barrier's copy of shared memory must hold those values too (bytes no
// store reached are not judged). "" when it does; else the first contradiction in one line. A
// kernel that rewrites the recorded accesses (to move them out of each other's banks, say) must
// rewrite every value and copy of memory that saw them as well. The values of a block whose
// shared memory a bulk copy filled are not judged (the copy engine's bytes are not events).
std::string recording_contradiction(const trace::Trace& t);

}  // namespace ws::user
