// The sweep worker.
#include "ui/sweeper.hpp"

#include <utility>

namespace ws::ui {

Sweeper::Sweeper(const run::Backend* backend) : backend_(backend) {}

Sweeper::~Sweeper() {
    cancel();
    wait();
}

bool Sweeper::start(const run::SweepRequest& request) {
    if (!available()) return false;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (status_.running) return false;
        status_ = SweepStatus{};
        status_.running = true;
        result_.reset();
    }
    if (worker_.joinable()) worker_.join();
    cancel_ = false;
    worker_ = std::thread([this, request] {
        MeasurementFile file;
        static_cast<run::Measurements&>(file) = backend_->sweep(
            request,
            [this](double fraction, const std::string& line) {
                std::lock_guard<std::mutex> lock(mutex_);
                status_.fraction = fraction;
                status_.line = line;
            },
            cancel_);
        std::lock_guard<std::mutex> lock(mutex_);
        status_.running = false;
        status_.error = file.error;
        if (!file.points.empty()) {
            file.path = "this session";
            file.text = run::measurements_json(file);
            result_ = std::move(file);
        }
    });
    return true;
}

void Sweeper::cancel() {
    cancel_ = true;
}

SweepStatus Sweeper::status() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return status_;
}

std::optional<MeasurementFile> Sweeper::take_result() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::optional<MeasurementFile> out = std::move(result_);
    result_.reset();
    return out;
}

void Sweeper::wait() {
    if (worker_.joinable()) worker_.join();
}

}  // namespace ws::ui
