#include "ui/features/lab/sweep_job.hpp"

namespace ws::ui {

bool SweepJob::start(const run::SweepRequest& request) {
    if (!available() || job_.busy()) return false;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        error_.clear();
    }
    job_.submit([this, request](const JobControl& control) {
        MeasurementFile file;
        static_cast<run::Measurements&>(file) = backend_->sweep(
            request,
            [&](double fraction, const std::string& line) { control.progress(fraction, line); },
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

std::optional<MeasurementFile> SweepJob::take_result() {
    std::optional<std::optional<MeasurementFile>> done = job_.take();
    return done ? std::move(*done) : std::nullopt;
}

}  // namespace ws::ui
