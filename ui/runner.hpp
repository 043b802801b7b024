// Runs requests off the UI thread: the emulator (or the registered GPU backend) and the
// TraceView analysis both happen on a worker, so the window keeps drawing the previous trace
// and shows "running..." meanwhile. The newest request wins: one submitted while another runs
// replaces any still waiting.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "kernels/trace/trace.hpp"
#include "ui/model/trace_view.hpp"

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

class Runner {
  public:
    Runner();
    ~Runner();
    Runner(const Runner&) = delete;
    Runner& operator=(const Runner&) = delete;

    void submit(const trace::Request& request, bool gpu);
    // The result of the newest finished request since the last call, if any.
    std::optional<RunResult> take();
    bool busy() const;
    double busy_seconds() const;  // how long the current request has been running

  private:
    void loop();

    struct Job {
        trace::Request request;
        bool gpu = false;
    };
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::optional<Job> queued_;
    std::optional<RunResult> done_;
    bool running_ = false, stop_ = false;
    std::int64_t started_ns_ = 0;
    std::thread worker_;
};

}  // namespace ws::ui
