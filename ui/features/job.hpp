// One kind of background work for every feature of the window (issue 34): a request run and its
// analysis, the compare side, the side-by-side networks, a race search, a student's kernel run or
// graded, a bandwidth sweep. The newest submission wins: one submitted while another runs
// replaces any still waiting and tells the running one to stop (its result is dropped); the work
// sees a cancel flag (cancel() sets it too) and may report progress. Synchronous mode runs the work
// at once on the caller's thread (screenshots and benches, which must be deterministic; a browser
// build, which has no threads), so the same feature code serves both.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>

namespace ws::ui {

class JobWorker;

struct JobProgress {
    double fraction = 0;
    std::string line;  // what the work last said ("n=4096")
};

// What the work is given: whether it should stop, and where to say how far it got.
class JobControl {
  public:
    bool cancelled() const { return cancel_->load(); }
    // For work that takes a flag (run::Backend::sweep).
    const std::atomic<bool>& cancel_flag() const { return *cancel_; }
    void progress(double fraction, const std::string& line) const;

  private:
    friend class JobWorker;
    JobControl(std::shared_ptr<std::atomic<bool>> cancel, JobWorker* worker)
        : cancel_(std::move(cancel)), worker_(worker) {}
    std::shared_ptr<std::atomic<bool>> cancel_;
    JobWorker* worker_;
};

// The worker thread and its one waiting slot, whatever the work returns (Job<T> keeps that).
class JobWorker {
  public:
    explicit JobWorker(bool background) : background_(background) {}
    ~JobWorker();
    JobWorker(const JobWorker&) = delete;
    JobWorker& operator=(const JobWorker&) = delete;

    void submit(std::function<void(const JobControl&)> work);
    bool busy() const;
    double busy_seconds() const;  // how long the running work has run
    JobProgress progress() const;
    // Tells the running work, and the one waiting, to stop: each sees cancelled() and ends as
    // it sees fit (a sweep with what it measured, "cancelled").
    void cancel();
    void wait();  // until nothing runs or waits

  private:
    friend class JobControl;
    void loop();
    bool background_;
    mutable std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::function<void(const JobControl&)> queued_;
    std::shared_ptr<std::atomic<bool>> queued_cancel_;
    std::shared_ptr<std::atomic<bool>> running_cancel_;
    bool running_ = false, stop_ = false;
    std::int64_t started_ns_ = 0;
    JobProgress progress_;
    std::thread thread_;  // started at the first background submission
};

template <class T>
class Job {
  public:
    explicit Job(bool background = true) : worker_(background) {}

    // `work(const JobControl&)` returns a T. Newest wins (see above).
    template <class Work>
    void submit(Work work) {
        const std::uint64_t id = ++submitted_;
        worker_.submit([this, id, work = std::move(work)](const JobControl& control) mutable {
            T result = work(control);
            std::lock_guard<std::mutex> lock(mutex_);
            if (id == submitted_) done_ = std::move(result);  // else a newer one was submitted
        });
    }
    // The newest finished result since the last call, once.
    std::optional<T> take() {
        std::lock_guard<std::mutex> lock(mutex_);
        return std::exchange(done_, std::nullopt);
    }
    bool busy() const { return worker_.busy(); }
    double busy_seconds() const { return worker_.busy_seconds(); }
    JobProgress progress() const { return worker_.progress(); }
    void cancel() { worker_.cancel(); }
    void wait() { worker_.wait(); }

  private:
    std::mutex mutex_;
    std::optional<T> done_;
    std::atomic<std::uint64_t> submitted_{0};
    JobWorker worker_;  // last: joined before the result it writes goes
};

}  // namespace ws::ui
