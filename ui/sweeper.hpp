// Runs a bandwidth sweep (a backend's sweep, kernels/run/backend.hpp) on a worker thread, with
// progress and cancel; the result is a MeasurementFile the lab adds to its recorded ones.
#pragma once
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "kernels/run/backend.hpp"
#include "ui/model/measurements.hpp"

namespace ws::ui {

struct SweepStatus {
    bool running = false;
    double fraction = 0;
    std::string line;   // the last point measured
    std::string error;  // why the last sweep stopped early ("cancelled", a CUDA error)
};

class Sweeper {
  public:
    // `backend`: the one that times (nullptr, or one that cannot sweep: none).
    explicit Sweeper(const run::Backend* backend);
    ~Sweeper();
    Sweeper(const Sweeper&) = delete;
    Sweeper& operator=(const Sweeper&) = delete;

    bool available() const { return backend_ && backend_->can_sweep(); }
    // Starts a sweep unless one is running; returns false when it cannot start.
    bool start(const run::SweepRequest& request);
    void cancel();
    SweepStatus status() const;
    // The finished sweep's measurements, once.
    std::optional<MeasurementFile> take_result();
    // Waits for the worker (tests).
    void wait();

  private:
    const run::Backend* backend_;
    mutable std::mutex mutex_;
    SweepStatus status_;
    std::optional<MeasurementFile> result_;
    std::atomic<bool> cancel_{false};
    std::thread worker_;
};

}  // namespace ws::ui
