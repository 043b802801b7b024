// Runs a sweep on the job's thread; its points and result handed over under a lock.
#include "ui/features/lab/sweep_job.hpp"

#include <utility>

namespace ws::ui {

bool SweepJob::start(const run::SweepRequest& request) {
    if (!available() || job_.busy()) return false;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        error_.clear();
        partial_.reset();
    }
    job_.submit([this, request](const JobControl& control) {
        MeasurementFile file;
        static_cast<run::Measurements&>(file) = backend_->sweep(
            request,
            [&](double fraction, const std::string& line, const run::Measurements& so_far) {
                control.progress(fraction, line);
                std::lock_guard<std::mutex> lock(mutex_);
                partial_ = so_far;
            },
            control.cancel_flag());
        {
            std::lock_guard<std::mutex> lock(mutex_);
            error_ = file.error;
        }
        if (file.points.empty()) return std::optional<MeasurementFile>();
        file.path = "this session";
        file.text = run::measurements_json(file);
        return std::optional<MeasurementFile>(std::move(file));
    });
    return true;
}

SweepStatus SweepJob::status() const {
    SweepStatus s;
    s.running = job_.busy();
    const JobProgress p = job_.progress();
    s.fraction = p.fraction;
    s.line = p.line;
    std::lock_guard<std::mutex> lock(mutex_);
    s.error = error_;
    return s;
}

std::optional<run::Measurements> SweepJob::take_partial() {
    std::lock_guard<std::mutex> lock(mutex_);
    return std::exchange(partial_, std::nullopt);
}

std::optional<MeasurementFile> SweepJob::take_result() {
    std::optional<std::optional<MeasurementFile>> done = job_.take();
    return done ? std::move(*done) : std::nullopt;
}

}  // namespace ws::ui
