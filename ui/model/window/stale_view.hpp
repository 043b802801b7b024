// Whether the trace on show is the latest run's, or the last good one a failed run left there (a
// kernel of the editor that did not compile or run, a request the controls could not run): then
// the header says "This is the last good run: <the failure in one line>" and the trace panels
// draw dimmed, until a run succeeds (or a trace is opened). Plain data: the session marks it from
// what the features' outcomes say (Outcome::run_failed), the header and the panels read it.
#pragma once
#include <string>

namespace ws::ui {

struct StaleView {
    std::string failure;  // the latest run's failure in one line; "" when the view is the latest
    bool stale() const { return !failure.empty(); }
};

// A run failed with `why` (a compiler's lines, say): the view on show is stale when it is a run
// (`run_on_show`); with nothing on show there is no last good run to mark.
void mark_run_failed(StaleView& s, const std::string& why, bool run_on_show);
// A run succeeded, or a trace was put on show: it is the latest again.
void mark_run_shown(StaleView& s);

// The one line of `why` that says what failed: its first line naming an error, else its first
// line with words, trimmed.
std::string failure_line(const std::string& why);
// "This is the last good run: <failure>", or "" when the view is the latest.
std::string stale_banner(const StaleView& s);

}  // namespace ws::ui
