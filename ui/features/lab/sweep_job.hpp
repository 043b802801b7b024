// A bandwidth sweep (a backend's sweep, kernels/run/backend.hpp) as a Job: progress, the points
// measured so far (the lab plots them while it runs), cancel, and the result as a MeasurementFile
// the lab adds to its recorded ones.
#pragma once
#include <mutex>
#include <optional>

#include "kernels/run/backend.hpp"
#include "ui/features/job.hpp"
#include "ui/features/lab/lab_state.hpp"
#include "ui/model/lab/lab_data.hpp"

namespace ws::ui {

class SweepJob {
  public:
    // `backend`: the one that times (nullptr, or one that cannot sweep: none).
    SweepJob(const run::Backend* backend, bool background = true)
        : backend_(backend), job_(background) {}

    bool available() const { return backend_ && backend_->can_sweep(); }
    // Starts a sweep unless one is running; returns false when it cannot start.
    bool start(const run::SweepRequest& request);
    void cancel() { job_.cancel(); }
    SweepStatus status() const;
    // The finished sweep's measurements, once (none when it measured nothing).
    std::optional<MeasurementFile> take_result();
    // The points measured so far, when there are new ones since the last call.
    std::optional<run::Measurements> take_partial();
    void wait() { job_.wait(); }  // (tests)

  private:
    const run::Backend* backend_;
    mutable std::mutex mutex_;
    std::string error_;                         // the last sweep's
    std::optional<run::Measurements> partial_;  // new points, not yet taken
    Job<std::optional<MeasurementFile>> job_;
};

}  // namespace ws::ui
