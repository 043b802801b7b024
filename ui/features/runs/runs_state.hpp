// What the runs feature (step-through, compare, the side-by-side networks) keeps for the panels:
// why the form is not a request, the run under way, the compare side's trace and the three
// networks. Written by RunsFeature only (runs_feature.hpp); the request itself is
// Preferences::form, with the compare side's algorithm and the circuit view's mode.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

struct RunsState {
    std::string form_error;        // why the form is not a valid request ("" when it is)
    std::uint64_t max_memory = 0;  // --max-memory: requests needing more are refused; 0: free
    // A request this large takes the emulator seconds: it waits for the Run button
    // (slow_run_seconds estimates how long) instead of running at every keystroke.
    bool slow_run_pending = false;
    double slow_run_seconds = 0;
    bool busy = false;     // the main request was submitted and has not arrived
    bool running = false;  // ... for longer than a blink (show "running...")
    double running_seconds = 0;

    // Compare: a second variant (Preferences::compare_algo) on the same input, stepped with the
    // same cursor.
    bool compare_running = false;
    std::shared_ptr<const TraceView> compare;
    std::uint64_t compare_n = 0;  // the n compare's timings are read at (0: the largest measured)

    // Circuit: three networks of circuit_m elements side by side (kSideBySide in
    // ui/model/circuit/circuit_text.hpp), run on the same input when asked for
    // (Preferences::circuit_side_by_side).
    bool circuit_running = false;
    std::uint32_t circuit_m = 0;
    std::array<std::shared_ptr<const TraceView>, 3> circuits;
};

}  // namespace ws::ui
