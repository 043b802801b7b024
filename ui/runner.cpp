// The runner's worker thread, and running one request.
#include "ui/runner.hpp"

#include <chrono>

#include "kernels/run/backend.hpp"

namespace ws::ui {
namespace {

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

RunResult run_request(const trace::Request& request, bool gpu) {
    const std::int64_t start = now_ns();
    RunResult out;
    auto t = std::make_shared<trace::Trace>();
    const run::Backend* g = gpu ? run::usable_gpu() : nullptr;
    if (g) {
        run::RunOptions options;
        options.hardware = true;  // the GPU's own counters beside ours (ui/model/hardware_view.hpp)
        *t = g->run(request, options);
        if (t->blocks.empty() && !t->error.empty()) {
            out.note = "the GPU run failed (" + t->error + "); showing the CPU emulator";
            *t = run::run_on_emulator(request);
        }
    } else {
        if (gpu) out.note = "no GPU backend; showing the CPU emulator";
        *t = run::run_on_emulator(request);
    }
    out.view = make_trace_view(std::move(t));
    out.seconds = double(now_ns() - start) * 1e-9;
    return out;
}

std::shared_ptr<const TraceView> error_view(const trace::Request& request, const std::string& why) {
    auto t = std::make_shared<trace::Trace>();
    t->request = request;
    t->error = why;
    return make_trace_view(std::move(t));
}

Runner::Runner() : worker_([this] { loop(); }) {}

Runner::~Runner() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    worker_.join();
}

void Runner::submit(const trace::Request& request, bool gpu) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        queued_ = Job{request, gpu};
    }
    wake_.notify_all();
}

std::optional<RunResult> Runner::take() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::optional<RunResult> out = std::move(done_);
    done_.reset();
    return out;
}

bool Runner::busy() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return running_ || queued_.has_value();
}

double Runner::busy_seconds() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return running_ ? double(now_ns() - started_ns_) * 1e-9 : 0.0;
}

void Runner::loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
        wake_.wait(lock, [this] { return stop_ || queued_.has_value(); });
        if (stop_) return;
        Job job = std::move(*queued_);
        queued_.reset();
        running_ = true;
        started_ns_ = now_ns();
        lock.unlock();
        RunResult result = run_request(job.request, job.gpu);
        lock.lock();
        running_ = false;
        // A newer request is already waiting: this result is stale, drop it.
        if (!queued_) done_ = std::move(result);
    }
}

}  // namespace ws::ui
