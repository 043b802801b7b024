// The backend interface (kernels/run/backend.hpp): the emulator is always there and the default
// without a usable GPU; --backend names are checked in one place with one wording; a registered
// backend is found by its name and replaces an earlier one of that name.
#include <catch2/catch.hpp>

#include <memory>

#include "kernels/run/backend.hpp"

using namespace ws;

namespace {

class Named final : public run::Backend {
  public:
    Named(std::string name, std::string device)
        : name_(std::move(name)), device_(std::move(device)) {}
    std::string name() const override { return name_; }
    std::string device() const override { return device_; }
    std::string unavailable_reason() const override { return ""; }
    std::vector<run::InfoLine> info() const override { return {{"device", device_}}; }
    std::uint64_t max_elements() const override { return 10; }
    bool runs_concurrently() const override { return false; }
    trace::Trace run(const trace::Request&, const run::RunOptions&) const override { return {}; }

  private:
    std::string name_, device_;
};

trace::Request request() {
    trace::Request r;
    r.algo = "reduce-sequential";
    r.n = 1000;
    r.block = 128;
    r.type = trace::DType::Float32;
    r.pattern = "random";
    return r;
}

}  // namespace

TEST_CASE("the emulator backend runs what run_on_emulator runs and cannot time", "[backend]") {
    const run::Backend& cpu = run::emulator();
    CHECK(cpu.name() == "cpu");
    CHECK(cpu.unavailable_reason() == "");
    CHECK(cpu.runs_concurrently());
    CHECK(run::find_backend("cpu") == &cpu);
    const trace::Trace a = cpu.run(request(), {});
    const trace::Trace b = run::run_on_emulator(request());
    CHECK(a.ok);
    CHECK(a.result.to_string() == b.result.to_string());
    CHECK(a.backend == "emulator");
    CHECK_FALSE(cpu.can_sweep());
    const std::atomic<bool> never{false};
    const run::Measurements m = cpu.sweep({}, {}, never);
    CHECK(m.points.empty());
    CHECK(m.error.find("cannot time") != std::string::npos);
    CHECK(!cpu.info().empty());
}

TEST_CASE("the backend flag is checked once, with the names the program knows", "[backend]") {
    CHECK(run::backend_names() == std::vector<std::string>{"cpu", "cuda"});
    CHECK(run::backend_flag_help().rfind("cpu|cuda", 0) == 0);

    const run::BackendChoice bad = run::choose_backend("tpu");
    CHECK(bad.error == "--backend tpu: not a backend (cpu or cuda)");

    const run::BackendChoice cpu = run::choose_backend("cpu");
    CHECK(cpu.error == "");
    CHECK(cpu.backend == &run::emulator());

    // Asked for by name, the GPU is either there or refused with why; never silently replaced.
    const run::BackendChoice cuda = run::choose_backend("cuda");
    if (run::usable_gpu()) {
        CHECK(cuda.error == "");
        CHECK(cuda.backend == run::usable_gpu());
    } else {
        CHECK(cuda.error.rfind("--backend cuda: ", 0) == 0);
        CHECK(cuda.error.size() > std::string("--backend cuda: ").size());
        CHECK(run::unavailable_reason("cuda") != "");
    }

    // Not asked for: the GPU when usable, else the emulator, and a note saying which and why.
    const run::BackendChoice any = run::choose_backend("");
    CHECK(any.error == "");
    CHECK(any.backend == (run::usable_gpu() ? run::usable_gpu() : &run::emulator()));
    CHECK(any.note.rfind("backend: ", 0) == 0);
}

TEST_CASE("a registered backend is found by name, a second of that name replaces it", "[backend]") {
    CHECK(run::find_backend("test-only") == nullptr);
    CHECK(run::unavailable_reason("test-only") == "not a backend");
    run::register_backend(std::make_unique<Named>("test-only", "first"));
    REQUIRE(run::find_backend("test-only"));
    CHECK(run::find_backend("test-only")->device() == "first");
    run::register_backend(std::make_unique<Named>("test-only", "second"));
    CHECK(run::find_backend("test-only")->device() == "second");
    CHECK(run::unavailable_reason("test-only") == "");
    // Only the names the program knows are accepted on the command line.
    CHECK(run::choose_backend("test-only").error != "");
}
