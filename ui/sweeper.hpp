// Runs a bandwidth sweep (the registered GPU backend's sweep hook) on a worker thread, with
// progress and cancel; the result is a MeasurementFile the lab adds to its recorded ones.
#pragma once
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "ui/backend_hooks.hpp"
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
    using Hook = decltype(GpuBackend::sweep);
    explicit Sweeper(Hook hook);
    ~Sweeper();
    Sweeper(const Sweeper&) = delete;
    Sweeper& operator=(const Sweeper&) = delete;

    bool available() const { return static_cast<bool>(hook_); }
    // Starts a sweep unless one is running; returns false when it cannot start.
    bool start(const SweepRequest& request);
    void cancel();
    SweepStatus status() const;
    // The finished sweep's measurements, once.
    std::optional<MeasurementFile> take_result();
    // Waits for the worker (tests).
    void wait();

  private:
    Hook hook_;
    mutable std::mutex mutex_;
    SweepStatus status_;
    std::optional<MeasurementFile> result_;
    std::atomic<bool> cancel_{false};
    std::thread worker_;
};

}  // namespace ws::ui
