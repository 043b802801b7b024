// The round trip of every flag a link carries, run by the window's tests and by the web page's
// (web/selftest.js): each row's example (flag_row.hpp) opened in a session as the window opens
// it, Copy link, the link reopened in a new session: the link must hold the flag with the
// example's value, and the second session's link must be the first's. Synchronous sessions: the
// same answer every run.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace ws::ui {

struct LinkRoundTrip {
    std::size_t rows = 0;               // the rows a link carries, each tried
    std::vector<std::string> failures;  // one line each: the flag and what went wrong
};

LinkRoundTrip link_round_trip();
// "32 flags, every one reopened" or "2 of 32 flags failed: --x: ...; --y: ..." (one line).
std::string round_trip_line(const LinkRoundTrip& r);

}  // namespace ws::ui
