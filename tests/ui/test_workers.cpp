// The window's one kind of background work (ui/features/job.hpp): a run (the newest request
// wins, results arrive off the UI thread), cancel and progress, the synchronous mode; and the
// lab's sweep on it (progress, cancel and the result of a GPU sweep, here from a stand-in
// backend).
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

#include "kernels/io/data_root.hpp"
#include "ui/features/job.hpp"
#include "ui/features/lab/lab_feature.hpp"
#include "ui/features/lab/sweep_job.hpp"
#include "ui/features/runs/run_request.hpp"
#include "ui/model/window/request_form.hpp"
#include "ui/ui_state.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

trace::Request request(const std::string& algo, const std::string& n) {
    RequestForm f;
    f.algo = algo;
    f.n = n;
    return check_form(f).request;
}

template <class F>
bool eventually(F done) {
    for (int i = 0; i < 1000; ++i) {
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

}  // namespace

// What the runs feature submits.
void submit(Job<RunResult>& job, const trace::Request& r) {
    job.submit([r](const JobControl&) { return run_request(r, false); });
}

TEST_CASE("the runner delivers the newest request's view", "[workers]") {
    Job<RunResult> r;
    submit(r, request("reduce-sequential", "64"));
    submit(r, request("reduce-first-add", "128"));
    std::optional<RunResult> got;
    REQUIRE(eventually([&] {
        if (auto x = r.take(); x && x->view->trace->request.algo == "reduce-first-add") got = x;
        return got.has_value();
    }));
    CHECK(got->view->trace->request.n == 128);
    CHECK(!got->view->empty());
    CHECK(eventually([&] { return !r.busy(); }));
}

TEST_CASE("without a GPU backend a GPU request runs on the emulator and says so", "[workers]") {
    const RunResult r = run_request(request("reduce-sequential", "64"), true);
    CHECK(r.view->trace->backend == "emulator");
    CHECK(r.note.find("no GPU backend") != std::string::npos);
}

// A backend that "times" each size in 5 ms and measures 2 GB/s.
class FakeTimer final : public run::Backend {
  public:
    std::string name() const override { return "fake"; }
    std::string device() const override { return "Fake GPU"; }
    std::string unavailable_reason() const override { return ""; }
    std::vector<run::InfoLine> info() const override { return {}; }
    std::uint64_t max_elements() const override { return 1u << 20; }
    bool runs_concurrently() const override { return false; }
    trace::Trace run(const trace::Request& r, const run::RunOptions& o) const override {
        return run::run_on_emulator(r, o);
    }
    bool can_sweep() const override { return true; }
    run::Measurements sweep(const run::SweepRequest& s, const run::SweepProgress& progress,
                            const std::atomic<bool>& cancel) const override {
        run::Measurements m;
        m.device = device();
        m.date = "2026-01-01";
        for (std::size_t i = 0; i < s.sizes.size(); ++i) {
            if (cancel) {
                m.error = "cancelled";
                break;
            }
            run::MeasuredPoint p;
            p.algo = "copy";
            p.type = "int";
            p.n = s.sizes[i];
            p.ms = 1;
            p.gbps = 2;
            m.points.push_back(p);
            progress(double(i + 1) / double(s.sizes.size()), "n=" + std::to_string(s.sizes[i]), m);
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return m;
    }
};

TEST_CASE("a job superseded while it runs is told to stop and its result dropped", "[workers]") {
    Job<int> job;
    std::atomic<bool> first_started{false}, first_saw_cancel{false};
    job.submit([&](const JobControl& c) {
        first_started = true;
        while (!c.cancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        first_saw_cancel = true;
        return 1;
    });
    REQUIRE(eventually([&] { return first_started.load(); }));
    CHECK(job.busy());
    job.submit([](const JobControl& c) {
        c.progress(0.5, "half");
        return 2;
    });
    job.wait();
    CHECK(first_saw_cancel);
    CHECK(job.take() == 2);  // the newest only
    CHECK_FALSE(job.take());
    CHECK(job.progress().line == "half");
    CHECK(job.progress().fraction == Approx(0.5));
    CHECK_FALSE(job.busy());
    // cancel() tells the running work, which ends as it sees fit (and its result arrives).
    job.submit([](const JobControl& c) {
        while (!c.cancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return 3;
    });
    job.cancel();
    job.wait();
    CHECK(job.take() == 3);
}

TEST_CASE("a synchronous job runs at once on the caller's thread", "[workers]") {
    Job<std::thread::id> job(false);
    job.submit([](const JobControl&) { return std::this_thread::get_id(); });
    CHECK_FALSE(job.busy());
    CHECK(job.take() == std::this_thread::get_id());
    Job<RunResult> run(false);
    submit(run, request("reduce-sequential", "64"));
    const auto r = run.take();
    REQUIRE(r);
    CHECK(r->view->trace->request.algo == "reduce-sequential");
}

TEST_CASE("a sweep reports progress, can be cancelled and yields measurements", "[workers]") {
    const FakeTimer fake;
    SweepJob sweeper(&fake);
    REQUIRE(sweeper.available());
    run::SweepRequest req;
    req.sizes = {1024, 2048, 4096};
    REQUIRE(sweeper.start(req));
    sweeper.wait();
    CHECK(sweeper.status().fraction == Approx(1.0));
    CHECK(sweeper.status().line == "n=4096");
    CHECK(sweeper.status().error.empty());
    // Every point so far, handed over once for the plot while it runs.
    const auto so_far = sweeper.take_partial();
    REQUIRE(so_far);
    CHECK(so_far->points.size() == 3);
    CHECK_FALSE(sweeper.take_partial());
    auto file = sweeper.take_result();
    REQUIRE(file);
    CHECK(file->device == "Fake GPU");
    CHECK(file->points.size() == 3);
    CHECK(!file->text.empty());
    CHECK_FALSE(sweeper.take_result());

    req.sizes.assign(200, 1024);
    REQUIRE(sweeper.start(req));
    sweeper.cancel();
    sweeper.wait();
    CHECK(sweeper.status().error == "cancelled");
    CHECK_FALSE(sweeper.status().running);

    SweepJob none(nullptr);
    CHECK_FALSE(none.available());
    CHECK_FALSE(none.start(req));
    SweepJob emulator(&run::emulator());  // the emulator cannot time kernels
    CHECK_FALSE(emulator.available());
    CHECK_FALSE(emulator.start(req));
}

TEST_CASE("sweep results are saved under a file name from device and date", "[workers]") {
    MeasurementFile f;
    f.device = "NVIDIA H100 80GB HBM3";
    f.date = "2026-01-02T03:04:05Z";
    CHECK(measurement_path("/r", f) ==
          "/r/assets/measurements/NVIDIA_H100_80GB_HBM3-2026-01-02.json");
    f.scan_kind = ws::trace::ScanKind::Exclusive;  // beside the inclusive file of the same day
    CHECK(measurement_path("/r", f) ==
          "/r/assets/measurements/NVIDIA_H100_80GB_HBM3-2026-01-02-exclusive.json");
}

TEST_CASE("the lab plots a sweep's points while it measures, then shows the sweep's file",
          "[workers]") {
    const FakeTimer fake;
    UiState ui;
    ui.gpu_name = fake.device();
    LabFeature lab(ui.lab, io::data_root(), &fake, true);
    const std::size_t before = ui.lab.data->files.size();
    const auto view = error_view({}, "");
    const FeatureContext c{ui, *view};
    ui.lab.sweep_from = 10;
    ui.lab.sweep_to = 30;  // 21 points, 5 ms apart
    REQUIRE(lab.handle(act::StartSweep{}, c));
    REQUIRE(ui.lab.data->files.size() == before + 1);
    CHECK(ui.lab.file == before);  // on show from the start, empty
    CHECK(ui.lab.data->files.back().device == "Fake GPU");
    CHECK(ui.lab.data->files.back().date == "now, measuring");
    bool partial_seen = false;
    REQUIRE(eventually([&] {
        lab.update(c);
        const std::size_t points = ui.lab.data->files[before].points.size();
        if (ui.lab.sweep.running && points > 0 && points < 21) partial_seen = true;
        return !ui.lab.sweep.running;
    }));
    CHECK(partial_seen);
    REQUIRE(ui.lab.data->files.size() == before + 1);  // replaced, not added
    CHECK(ui.lab.file == before);
    const MeasurementFile& f = ui.lab.data->files.back();
    CHECK(f.date == "2026-01-01");  // the sweep's own file, ready to save
    CHECK(f.points.size() == 21);
    CHECK_FALSE(f.text.empty());
}
