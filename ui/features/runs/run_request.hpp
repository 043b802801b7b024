// Running one request for the window: the emulator (or the registered GPU backend, falling back
// to the emulator with a note) and the TraceView analysis, together, so that a Job runs both off
// the UI thread and the window keeps drawing the previous trace meanwhile.
#pragma once
#include <memory>
#include <string>

#include "kernels/trace/trace.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

struct RunResult {
    std::shared_ptr<const TraceView> view;
    double seconds = 0;  // run + analysis
    std::string note;    // e.g. "the GPU run failed (...); showing the emulator"
};

// Runs one request now, on the calling thread. `gpu` uses the registered GPU backend, falling
// back to the emulator (with a note) when it returns nothing to show.
RunResult run_request(const trace::Request& request, bool gpu);
// A view of a trace that is only an error (bad input found before running).
std::shared_ptr<const TraceView> error_view(const trace::Request& request, const std::string& why);

}  // namespace ws::ui
