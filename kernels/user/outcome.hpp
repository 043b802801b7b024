// How a student's kernel run ended, in one sentence (issue 19): from the child's exit code or
// the signal that ended it, whether the parent's wall-clock limit ran out, and the line the child
// left (child_protocol.hpp). A pure function, so that every ending's wording is tested without
// running anything; the one place where these sentences are written.
#pragma once
#include <cstdint>
#include <string>

namespace ws::user {

struct Limits {
    unsigned cpu_seconds = 60;  // RLIMIT_CPU of the child and the compiler
    std::uint64_t memory_bytes = std::uint64_t(4) << 30;            // RLIMIT_AS (0: none)
    std::uint64_t file_bytes = std::uint64_t(2) << 30;              // RLIMIT_FSIZE
    unsigned wall_seconds() const { return 2 * cpu_seconds + 30; }  // the parent's own limit
};

struct ChildEnd {
    bool exited = false;     // else a signal ended it
    int code = 0;            // the exit code (exited)
    int signal = 0;          // the signal (not exited; or decoded from bwrap's 128 + N)
    bool timed_out = false;  // the parent ended it at the wall-clock limit
    std::string outcome;     // what the child left in its outcome file (may be "")
};

// "" when the child ran the kernel (exit 0); else one line without "warpscope: ".
std::string describe_end(const ChildEnd& end, const Limits& limits);

// "4 GiB", "512 MiB": sizes in the limits' lines.
std::string size_text(std::uint64_t bytes);

}  // namespace ws::user
