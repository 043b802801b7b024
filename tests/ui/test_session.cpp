// The session behind the window: runs in the background, invalid requests explained, trace
// files saved and replayed, stats exported. No display needed.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "ui/frame.hpp"
#include "ui/session.hpp"

using namespace ws::ui;

namespace {

bool settle(Session& s) {
    for (int i = 0; i < 1000; ++i) {
        s.update();
        if (!s.ui.runs.running && !s.view().empty() && s.ui.runs.compare &&
            !s.ui.runs.compare_running)
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

}  // namespace

TEST_CASE("a changed form re-runs in the background and a bad one is explained", "[session]") {
    Session s(true);
    s.ui.form.algo = "reduce-interleaved-strided";
    s.ui.form.n = "128";
    s.ui.form.block = 64;
    s.post(act::RunForm{});
    REQUIRE(settle(s));
    CHECK(s.view().trace->request.algo == "reduce-interleaved-strided");
    CHECK(s.ui.runs.compare->trace->request.n == 128);  // the compare variant, same input
    const std::size_t steps = s.view().step_count();

    s.ui.form.block = 48;
    s.post(act::RunForm{});
    s.update();
    CHECK(s.ui.runs.form_error.find("--block 48") == 0);
    CHECK(s.view().step_count() == steps);  // the last good trace stays on screen

    s.ui.form.block = 64;
    s.ui.compare_algo = "reduce-sequential";
    s.post(act::RunCompare{});
    s.post(act::RunForm{});
    s.ui.runs.compare.reset();
    REQUIRE(settle(s));
    CHECK(s.ui.runs.form_error.empty());
    CHECK(s.ui.runs.compare->trace->request.algo == "reduce-sequential");
}

TEST_CASE("copy-strided's stride stays its own: the compare side runs without it", "[session]") {
    Session s(true);
    s.ui.form.algo = "copy-strided";
    s.ui.form.n = "1024";
    s.ui.form.block = 64;
    s.ui.form.stride = 8;
    s.ui.compare_algo = "copy-scalar";
    s.post(act::RunForm{});
    s.post(act::RunCompare{});
    REQUIRE(settle(s));
    CHECK(s.view().trace->request.stride == 8);
    REQUIRE(s.ui.runs.compare->trace);
    CHECK(s.ui.runs.compare->trace->request.algo == "copy-scalar");
    CHECK(s.ui.runs.compare->trace->request.stride == 1);
    CHECK(s.ui.runs.compare->trace->ok);
}

TEST_CASE("a request the emulator needs seconds for waits for the Run button", "[session]") {
    Session s(false);
    s.run_form();
    const std::size_t steps = s.view().step_count();
    s.ui.form.n = "2^22";
    s.post(act::RunForm{});
    s.update();
    CHECK(s.ui.runs.slow_run_pending);
    CHECK(s.ui.runs.slow_run_seconds > 10);
    CHECK(s.ui.runs.form_error.empty());
    CHECK(s.view().step_count() == steps);  // nothing ran
    s.ui.form.n = "2^10";
    s.post(act::RunForm{});
    s.update();
    CHECK_FALSE(s.ui.runs.slow_run_pending);
    CHECK(s.view().trace->request.n == 1024);
}

TEST_CASE("traces are saved, replayed and their stats exported", "[session]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "warpscope-session-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    Session s(false);
    s.ui.form.algo = "reduce-first-add";
    s.run_form();
    REQUIRE(!s.view().empty());
    s.ui.files.path = (dir / "t.wstrace").string();
    s.post(act::SaveTrace{});
    s.update();
    CHECK(s.ui.files.message == "saved " + s.ui.files.path);
    REQUIRE(fs::exists(s.ui.files.path));

    Session replay(false);
    REQUIRE(replay.open_trace(s.ui.files.path).empty());
    CHECK(replay.ui.form.algo == "reduce-first-add");
    CHECK(replay.view().step_count() == s.view().step_count());
    CHECK(replay.ui.note.rfind("replaying ", 0) == 0);

    replay.ui.files.path = (dir / "t.wstrace").string();
    replay.post(act::ExportStats{false});
    replay.update();
    CHECK(fs::exists(dir / "t.csv"));
    replay.post(act::ExportStats{true});
    replay.update();
    CHECK(fs::exists(dir / "t.json"));

    std::ofstream(dir / "bad.wstrace") << "not a trace";
    CHECK(!replay.open_trace((dir / "bad.wstrace").string()).empty());
    replay.ui.files.path = (dir / "missing.wstrace").string();
    replay.post(act::OpenTrace{});
    replay.update();
    CHECK(!replay.ui.banner.empty());  // said in the banner, and the program goes on
    CHECK(replay.view().step_count() == s.view().step_count());
    fs::remove_all(dir);
}

TEST_CASE("side by side: three networks of the request's size, run in the background",
          "[session][circuit]") {
    Session s(true);
    s.ui.form.algo = "scan-sklansky";
    s.ui.form.n = "100";
    s.ui.form.block = 64;  // a tile of 128
    s.ui.form.kind = ws::trace::ScanKind::Exclusive;
    s.post(act::RunForm{});
    REQUIRE(settle(s));
    CHECK_FALSE(s.ui.runs.circuits[0]);  // only when asked for
    s.ui.circuit_side_by_side = true;
    s.post(act::RunCircuits{});
    bool done = false;
    for (int i = 0; i < 1000 && !done; ++i) {
        s.update();
        done = s.ui.runs.circuits[0] && s.ui.runs.circuits[1] && s.ui.runs.circuits[2] &&
               !s.ui.runs.circuit_running;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    REQUIRE(done);
    CHECK(s.ui.runs.circuit_m == 128);
    const char* algos[] = {"scan-kogge-stone", "scan-brent-kung", "scan-sklansky"};
    for (int i = 0; i < 3; ++i) {
        const ws::trace::Request& r = s.ui.runs.circuits[i]->trace->request;
        CHECK(r.algo == algos[i]);
        CHECK(r.n == 128);
        CHECK(r.kind == ws::trace::ScanKind::Exclusive);
        CHECK(s.ui.runs.circuits[i]->circuit.columns() == 128);
    }
    CHECK(s.ui.runs.circuits[0]->circuit.depth() == 7);
    CHECK(s.ui.runs.circuits[1]->circuit.depth() == 12);  // 2 log2(m) - 2: the longest chain
    // The one cursor runs over the deepest network's steps in the circuit view only.
    CHECK(&cursor_view(s.view(), s.ui) == &s.view());
    s.ui.view = View::Circuit;
    CHECK(&cursor_view(s.view(), s.ui) == s.ui.runs.circuits[1].get());
}

TEST_CASE("a request over the memory limit is refused in place, the last trace kept",
          "[session][reliability]") {
    Session s(false);
    s.ui.form.algo = "reduce-sequential";
    s.ui.form.n = "4096";
    s.ui.form.block = 256;
    s.run_form();
    REQUIRE(s.ui.runs.form_error.empty());
    const std::size_t steps = s.view().step_count();
    REQUIRE(steps > 0);

    s.ui.runs.max_memory = 1000;  // bytes: less than the data of any real request
    s.ui.form.n = "2^16";
    s.run_form();
    CHECK(s.ui.runs.form_error.find("needs about") != std::string::npos);
    CHECK(s.ui.runs.form_error.find("more than the 1.0 kB --max-memory allows") !=
          std::string::npos);
    CHECK(s.view().trace->request.n == 4096);  // still the last trace
    CHECK(s.view().step_count() == steps);

    s.ui.runs.max_memory = 0;  // the memory free
    s.run_form();
    CHECK(s.ui.runs.form_error.empty());
    CHECK(s.view().trace->request.n == 65536);
}
