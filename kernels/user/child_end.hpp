// The limits a child that compiles or runs a student's kernel runs under, and how it ended, as
// plain data (issue 33): spawn.hpp fills a ChildEnd, outcome.hpp words it.
#pragma once
#include <cstdint>

#include "kernels/user/child_report.hpp"

namespace ws::user {

struct Limits {
    unsigned cpu_seconds = 60;                            // RLIMIT_CPU: CPU time, not wall time
    std::uint64_t memory_bytes = std::uint64_t(4) << 30;  // RLIMIT_AS (0: none)
    std::uint64_t file_bytes = std::uint64_t(2) << 30;    // RLIMIT_FSIZE
    // Seconds the child may spend neither running nor waiting for a processor (asleep, blocked,
    // stopped); 0: twice the CPU limit plus 30 s. Time spent runnable on a busy machine does not
    // count, so twenty kernels graded at once on two cores end at their CPU limit, not here.
    unsigned wait_seconds = 0;
    unsigned waiting_allowed() const { return wait_seconds ? wait_seconds : 2 * cpu_seconds + 30; }
};

// The compiler's limits: its own CPU limit (the student's --cpu-limit is the kernel's), room for
// a large translation unit, files no larger than a shared object needs.
Limits compiler_limits();

struct ChildEnd {
    bool started = false;  // the child was started (else nothing below holds)
    bool exited = false;   // it exited (`code`), else a signal ended it (`signal`)
    int code = 0;
    int signal = 0;
    bool stopped_waiting = false;  // the parent ended it: it waited longer than allowed
    double waited_seconds = 0;     // time spent neither running nor runnable
    double cpu_seconds = 0;        // CPU time its processes used (as far as they could be read)
    double wall_seconds = 0;
    ReadFacts facts;  // what it reported
};

}  // namespace ws::user
