// The job's worker thread (or, synchronously, the caller's).
#include "ui/features/job.hpp"

#include <chrono>

namespace ws::ui {
namespace {

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

void JobControl::progress(double fraction, const std::string& line) const {
    std::lock_guard<std::mutex> lock(worker_->mutex_);
    worker_->progress_ = {fraction, line};
}

JobWorker::~JobWorker() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
        queued_ = nullptr;
        if (running_cancel_) *running_cancel_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void JobWorker::submit(std::function<void(const JobControl&)> work) {
    if (!background_) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            progress_ = {};
        }
        work(JobControl(std::make_shared<std::atomic<bool>>(false), this));
        return;
    }
    {
        std::lock_guard<std::mutex> lock(mutex_);
        queued_ = std::move(work);
        queued_cancel_ = std::make_shared<std::atomic<bool>>(false);
        if (running_cancel_) *running_cancel_ = true;  // superseded
        if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
    }
    wake_.notify_all();
}

bool JobWorker::busy() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return running_ || queued_ != nullptr;
}

double JobWorker::busy_seconds() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return running_ ? double(now_ns() - started_ns_) * 1e-9 : 0.0;
}

JobProgress JobWorker::progress() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return progress_;
}

void JobWorker::cancel() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (queued_cancel_) *queued_cancel_ = true;
    if (running_cancel_) *running_cancel_ = true;
}

void JobWorker::wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return !running_ && queued_ == nullptr; });
}

void JobWorker::loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
        wake_.wait(lock, [this] { return stop_ || queued_ != nullptr; });
        if (stop_) return;
        std::function<void(const JobControl&)> work = std::move(queued_);
        queued_ = nullptr;
        running_ = true;
        started_ns_ = now_ns();
        progress_ = {};
        running_cancel_ = std::move(queued_cancel_);
        const JobControl control(running_cancel_, this);
        lock.unlock();
        work(control);
        lock.lock();
        running_ = false;
        running_cancel_.reset();
        if (queued_ == nullptr) idle_.notify_all();
    }
}

}  // namespace ws::ui
