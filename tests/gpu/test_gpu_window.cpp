// [gpu] The window's GPU path without a display. With the CUDA backend registered
// (app/backends.cpp, as app/main.cpp and the tests' runner do first), the session runs a request on
// the GPU in the background (what the panels draw: the same trace as the emulator's) and the
// Bandwidth lab's live sweep on its worker thread, whose file the lab shows and saves.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/run/backend.hpp"
#include "kernels/run/crosscheck.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "tests/gpu/gpu_refusal.hpp"
#include "ui/session.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

// Calls update() as the window's frames do until `done`, at most `seconds`.
template <class Done>
bool frames_until(Session& s, Done done, double seconds) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end) {
        s.update();
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
}

}  // namespace

TEST_CASE("the window's session runs on the GPU and shows what the emulator shows", "[gpu]") {
    const run::Backend* g = run::usable_gpu();
    REQUIRE(g);
    Session s(true);
    for (const char* algo :
         {"reduce-interleaved-strided", "reduce-warp-shuffle", "scan-blelloch"}) {
        INFO(algo);
        s.ui.form.algo = algo;
        s.ui.form.n = "1000";
        s.ui.form.block = 128;
        s.ui.form.type = trace::DType::Float32;
        s.ui.form.pattern = "random";
        s.ui.form.seed = 7;
        s.ui.form.gpu = true;
        s.post(act::RunForm{});
        s.ui.banner.clear();
        REQUIRE(frames_until(
            s,
            [&] {
                return !s.ui.runs.running && s.view().trace &&
                       s.view().trace->request.algo == algo && s.ui.runs.compare &&
                       !s.ui.runs.compare_running;
            },
            60));
        const trace::Trace& shown = *s.view().trace;
        CHECK(shown.device == g->device());
        CHECK(shown.error == "");
        CHECK(s.ui.banner == "");  // no fallback to the emulator
        CHECK(s.ui.runs.compare->trace->device == g->device());
        CHECK(s.view().step_count() > 1);
        const trace::Trace cpu = run::run_on_emulator(shown.request);
        CHECK(run::crosscheck_difference(*find_variant(algo), shown, cpu) == "");
    }
}

TEST_CASE("the lab's live sweep runs on the GPU from the window's session and is saved", "[gpu]") {
    namespace fs = std::filesystem;
    const fs::path root = fs::temp_directory_path() / "warpscope-gpu-window-test";
    fs::remove_all(root);
    fs::create_directories(root / "assets" / "measurements");
    ::setenv("WARPSCOPE_ROOT", root.c_str(), 1);
    Session s(true);
    REQUIRE(s.ui.lab.sweep_available);
    REQUIRE(s.ui.lab.data->files.empty());  // nothing recorded under this root
    s.ui.lab.type = "float";
    s.ui.lab.sweep_from = 10;
    s.ui.lab.sweep_to = 12;
    s.post(act::StartSweep{});
    std::vector<double> fractions;
    REQUIRE(frames_until(
        s,
        [&] {
            if (fractions.empty() || s.ui.lab.sweep.fraction != fractions.back())
                fractions.push_back(s.ui.lab.sweep.fraction);
            return !s.ui.lab.sweep.running && !s.ui.lab.data->files.empty();
        },
        300));
    CHECK(s.ui.lab.sweep.error == "");
    CHECK(fractions.size() > 3);  // progress seen while it ran, not only at the end
    for (std::size_t i = 1; i < fractions.size(); ++i) CHECK(fractions[i] >= fractions[i - 1]);
    const MeasurementFile& f = s.ui.lab.data->files.back();
    CHECK(f.device == run::usable_gpu()->device());
    REQUIRE(f.points.size() % 3 == 0);  // 2^10, 2^11, 2^12: the same points at each size
    std::size_t runs_here = 0;  // less what this GPU or this build cannot run, said in a line
    for (const VariantInfo& v : catalog()) runs_here += test::refused_here(v) ? 0 : 1;
    REQUIRE(f.points.size() >= 3 * runs_here);
    for (const MeasuredPoint& p : f.points) {
        INFO(p.algo << " n=" << p.n);
        CHECK(p.type == "float");
        CHECK(p.gbps > 0);
        CHECK((p.n == 1024 || p.n == 2048 || p.n == 4096));
    }

    s.post(act::SaveSweep{});
    s.update();
    INFO(s.ui.lab.sweep_message);
    const std::string path = measurement_path(root.string(), f);
    REQUIRE(fs::exists(path));
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    MeasurementFile reread;
    CHECK(parse_measurements(text.str(), reread) == "");
    CHECK(reread.points.size() == f.points.size());
    ::unsetenv("WARPSCOPE_ROOT");
    fs::remove_all(root);
}
TEST_CASE("the window's GPU run reads the GPU's own counters beside the trace's", "[gpu]") {
    Session s(true);
    s.ui.form.algo = "reduce-interleaved-strided";
    s.ui.form.n = "256";
    s.ui.form.block = 256;
    s.ui.form.type = trace::DType::Int32;
    s.ui.form.pattern = "random";
    s.ui.form.seed = 3;  // not a recorded request: the counts must come from this run
    s.ui.form.gpu = true;
    s.post(act::RunForm{});
    REQUIRE(frames_until(
        s,
        [&] { return !s.ui.runs.running && s.view().trace && s.view().trace->backend == "cuda"; },
        60));
    INFO(s.view().trace->hardware_error);
    CHECK(s.ui.hardware.live);
    CHECK(s.ui.hardware.source.find("counted now") != std::string::npos);
    const HardwareLine* ld =
        s.ui.hardware.find("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum");
    REQUIRE(ld);
    CHECK(ld->ours == 70);  // the strided tree: 2- to 16-way, 70 extra wavefronts a block
    CHECK(ld->agree());
}

#endif
